// The `genesis` RPC document: CometBFT's envelope around an app_state an indexer can seed itself from.
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import { decimal } from "./events.ts";

/** Snapshot of the genesis app state, taken before the first block changes anything. */
export function genesisAppState(state: ChainState): object {
  return {
    bank: {
      balances: [...state.balances]
        .filter(([, amount]) => amount > 0n)
        .map(([address, amount]) => ({ address, coins: [{ denom: "uaxm", amount: amount.toString() }] })),
      supply: [{ denom: "uaxm", amount: state.supply.toString() }],
    },
    staking: {
      params: { unbonding_time: "600s", max_validators: 100, bond_denom: "uaxm" },
      validators: state.validators.map((v) => ({
        operator_address: v.operatorAddress,
        consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: Buffer.from(v.consensus.pubkey).toString("base64") },
        jailed: false,
        status: "BOND_STATUS_BONDED",
        tokens: v.tokens.toString(),
        delegator_shares: decimal(v.tokens),
        description: { moniker: v.moniker, identity: v.identity, website: v.website, security_contact: v.securityContact, details: v.details },
        commission: { commission_rates: { rate: v.commissionRate, max_rate: "0.200000000000000000", max_change_rate: "0.010000000000000000" } },
      })),
      delegations: [...state.delegations].flatMap(([validator, byDelegator]) =>
        [...byDelegator].map(([delegator, amount]) => ({ delegator_address: delegator, validator_address: validator, shares: decimal(amount) })),
      ),
    },
    referral: {
      referrals: [...state.referrers].map(([address, referrer]) => ({ address, referrer })),
    },
  };
}

export function genesisDocument(info: GenesisInfo, state: ChainState, genesisTime: string, appState: object): object {
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
    validators: state.validators.map((v) => ({
      address: v.consensus.addressHex,
      pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.from(v.consensus.pubkey).toString("base64") },
      power: String(v.tokens / 1_000_000n),
      name: v.moniker,
    })),
    app_hash: "",
    app_state: appState,
  };
}
