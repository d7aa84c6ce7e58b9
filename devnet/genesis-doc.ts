// The `genesis` RPC document: CometBFT's envelope around an app_state an indexer can seed itself from.
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import { referralRecordJson, referralParamsJson } from "./referral-query.ts";
import { decimal, ratio } from "./events.ts";
import { DEC_ONE, MAX_COMMISSION_CHANGE_RATE, MAX_COMMISSION_RATE, MIN_SELF_DELEGATION, rfc3339Seconds } from "./staking.ts";
import { MAX_VALIDATORS, setMembers, bondedPowers } from "./validator-set.ts";
import { SIGNED_BLOCKS_WINDOW, MIN_SIGNED_PER_WINDOW, DOWNTIME_JAIL_DURATION_MS } from "./slashing.ts";

const dec = (atomics: bigint) => ratio(atomics, DEC_ONE);

export interface GenesisSnapshot {
  appState: object;
  /** CometBFT's genesis validators: the bonded set. */
  validators: object[];
}

/** The genesis app state and validator set, taken before the first block changes anything. */
export function genesisSnapshot(state: ChainState, info: GenesisInfo): GenesisSnapshot {
  return { appState: { ...appState(state), profiles: { accounts: info.profiles, exchanges: info.exchanges } }, validators: cometValidators(state) };
}

function cometValidators(state: ChainState): object[] {
  return setMembers(state.validators, bondedPowers(state)).map(({ validator, power }) => ({
    address: validator.consensus.addressHex,
    pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.from(validator.consensus.pubkey).toString("base64") },
    power: String(power),
    name: validator.moniker,
  }));
}

function appState(state: ChainState): object {
  return {
    bank: {
      balances: [...state.balances]
        .filter(([, amount]) => amount > 0n)
        .map(([address, amount]) => ({ address, coins: [{ denom: "uaxm", amount: amount.toString() }] })),
      supply: [{ denom: "uaxm", amount: state.supply.toString() }],
    },
    staking: {
      params: { unbonding_time: "600s", max_validators: MAX_VALIDATORS, max_entries: 7, historical_entries: 10000, bond_denom: "uaxm", min_commission_rate: dec(0n) },
      validators: state.validators.map((v) => ({
        operator_address: v.operatorAddress,
        consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: Buffer.from(v.consensus.pubkey).toString("base64") },
        jailed: v.jailed,
        status: v.status,
        tokens: v.tokens.toString(),
        delegator_shares: decimal(v.tokens),
        description: { moniker: v.moniker, identity: v.identity, website: v.website, security_contact: v.securityContact, details: v.details },
        unbonding_height: String(v.unbondingHeight),
        unbonding_time: rfc3339Seconds(v.unbondingTimeMs),
        commission: {
          commission_rates: { rate: dec(v.commissionRate), max_rate: dec(MAX_COMMISSION_RATE), max_change_rate: dec(MAX_COMMISSION_CHANGE_RATE) },
          update_time: rfc3339Seconds(v.commissionUpdateMs),
        },
        min_self_delegation: MIN_SELF_DELEGATION,
        tx_fee_rate: dec(v.txFeeRate),
      })),
      delegations: [...state.delegations].flatMap(([validator, byDelegator]) =>
        [...byDelegator].map(([delegator, amount]) => ({ delegator_address: delegator, validator_address: validator, shares: decimal(amount) })),
      ),
    },
    slashing: {
      params: {
        signed_blocks_window: String(SIGNED_BLOCKS_WINDOW),
        min_signed_per_window: ratio(BigInt(MIN_SIGNED_PER_WINDOW), BigInt(SIGNED_BLOCKS_WINDOW)),
        downtime_jail_duration: `${DOWNTIME_JAIL_DURATION_MS / 1000}s`,
        slash_fraction_double_sign: dec(DEC_ONE / 20n),
        slash_fraction_downtime: dec(0n),
      },
    },
    referral: {
      params: referralParamsJson(state),
      referrals: [...state.referrers].map(([address, referrer]) => ({ address, referrer })),
      records: [state.referralParams.root, ...state.referrers.keys()].map((address) => ({ address, ...referralRecordJson(state, address) })),
      premium: [...state.premiumUntil].map(([address, ms]) => ({ address, expires_at: rfc3339Seconds(ms) })),
    },
  };
}

export function genesisDocument(info: GenesisInfo, genesisTime: string, snapshot: GenesisSnapshot): object {
  return {
    genesis_time: genesisTime,
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
    app_state: snapshot.appState,
  };
}
