// The `genesis` RPC document: CometBFT's envelope around an app_state in the real chain's module shapes, which an indexer can seed itself from.
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import { referralGenesisJson } from "./referral-genesis.ts";
import { voteGenesisJson } from "./vote-genesis.ts";
import { decimal, jsonTime, ratio } from "./events.ts";
import { MIN_SELF_DELEGATION, rfc3339Seconds } from "./staking.ts";
import { DEC, DISTRIBUTION_PARAMS, EMISSION, decText } from "./distribution.ts";
import { MAX_VALIDATORS, setMembers, bondedPowers } from "./validator-set.ts";
import { SIGNED_BLOCKS_WINDOW, MIN_SIGNED_PER_WINDOW, DOWNTIME_JAIL_DURATION_MS } from "./slashing.ts";

export interface GenesisSnapshot {
  /** Every module but the referral and vote ones, whose downgrade and poll times need the genesis time. */
  appState: Record<string, object>;
  /** CometBFT's genesis validators: the bonded set. */
  validators: object[];
}

/** The genesis app state and validator set, taken before the first block changes anything. */
export function genesisSnapshot(state: ChainState, info: GenesisInfo): GenesisSnapshot {
  return {
    appState: { ...appState(state), profiles: { accounts: info.profiles, exchanges: info.exchanges } },
    validators: cometValidators(state),
  };
}

function cometValidators(state: ChainState): object[] {
  return setMembers(state.validators, bondedPowers(state)).map(({ validator, power }) => ({
    address: validator.consensus.addressHex,
    pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.from(validator.consensus.pubkey).toString("base64") },
    power: String(power),
    name: validator.moniker,
  }));
}

/** proto/axiome/staking/v1beta1/staking.proto Params. */
function stakingParams(): object {
  return {
    unbonding_time: "600s",
    max_validators: MAX_VALIDATORS,
    max_entries: 7,
    historical_entries: 10000,
    bond_denom: "uaxm",
    maximum_monthly_points: EMISSION.maximumMonthlyPoints.toString(),
    redelegation_time: "600s",
    validator_emission_rate: decText(EMISSION.validatorEmissionRate),
    emission_table: EMISSION.table.map((r) => ({ start: decText(r.start), rate: decText(r.rate) })),
    min_self_delegation: MIN_SELF_DELEGATION,
  };
}

/** The Validator of staking.proto: no commission, no tx fee; points and emission. */
function stakingValidators(state: ChainState): object[] {
  return state.validators.map((v) => ({
    operator_address: v.operatorAddress,
    consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: Buffer.from(v.consensus.pubkey).toString("base64") },
    jailed: v.jailed,
    status: v.status,
    tokens: v.tokens.toString(),
    delegator_shares: decimal(v.tokens),
    description: { moniker: v.moniker, identity: v.identity, website: v.website, security_contact: v.securityContact, details: v.details },
    unbonding_height: String(v.unbondingHeight),
    unbonding_time: rfc3339Seconds(v.unbondingTimeMs),
    min_self_delegation: MIN_SELF_DELEGATION,
    unbonding_on_hold_ref_count: "0",
    unbonding_ids: [],
    points: v.points.toString(),
    emission: decText(v.emission),
  }));
}

function appState(state: ChainState): Record<string, object> {
  return {
    bank: {
      balances: [...state.balances]
        .filter(([, amount]) => amount > 0n)
        .map(([address, amount]) => ({ address, coins: [{ denom: "uaxm", amount: amount.toString() }] })),
      supply: [{ denom: "uaxm", amount: state.supply.toString() }],
    },
    staking: {
      params: stakingParams(),
      validators: stakingValidators(state),
      delegations: [...state.delegations].flatMap(([validator, byDelegator]) =>
        [...byDelegator].map(([delegator, amount]) => ({ delegator_address: delegator, validator_address: validator, shares: decimal(amount), points: "0" })),
      ),
    },
    distribution: {
      params: {
        community_tax: decText(DISTRIBUTION_PARAMS.communityTax),
        base_proposer_reward: decText(DISTRIBUTION_PARAMS.baseProposerReward),
        bonus_proposer_reward: decText(DISTRIBUTION_PARAMS.bonusProposerReward),
        withdraw_addr_enabled: DISTRIBUTION_PARAMS.withdrawAddrEnabled,
        burn_rate: decText(DISTRIBUTION_PARAMS.burnRate),
        validator_commission_rate: decText(DISTRIBUTION_PARAMS.validatorCommissionRate),
      },
    },
    slashing: {
      params: {
        signed_blocks_window: String(SIGNED_BLOCKS_WINDOW),
        min_signed_per_window: ratio(BigInt(MIN_SIGNED_PER_WINDOW), BigInt(SIGNED_BLOCKS_WINDOW)),
        downtime_jail_duration: `${DOWNTIME_JAIL_DURATION_MS / 1000}s`,
        slash_fraction_double_sign: decText(DEC / 20n),
        slash_fraction_downtime: decText(0n),
      },
    },
  };
}

export function genesisDocument(info: GenesisInfo, genesisMs: number, snapshot: GenesisSnapshot): object {
  return {
    genesis_time: jsonTime(genesisMs),
    chain_id: info.chainId,
    initial_height: "1",
    consensus_params: {
      block: { max_bytes: "22020096", max_gas: "100000000" },
      evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
      validator: { pub_key_types: ["ed25519"] },
      version: { app: "0" },
      abci: { vote_extensions_enable_height: "0" },
    },
    validators: snapshot.validators,
    app_hash: "",
    app_state: { ...snapshot.appState, referral: referralGenesisJson(info.referral, genesisMs), vote: voteGenesisJson(info.vote, genesisMs) },
  };
}
