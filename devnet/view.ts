// Read-only views of the devnet's state, for integration tests that check an indexer against the chain.
import type { Chain, TxRecord } from "./chain.ts";
import { pendingRewards } from "./distribution.ts";
import { statusOf } from "./referral.ts";
import { rfc3339Seconds } from "./staking.ts";
import { MODULE } from "./module-accounts.ts";

export interface DelegationView {
  delegator: string;
  validator: string;
  amount: bigint;
}

export interface UnbondingView extends DelegationView {
  completionTime: string;
}

export interface ValidatorView {
  operatorAddress: string;
  consensusAddressHex: string;
  moniker: string;
  tokens: bigint;
  commission: bigint;
}

export interface DevnetStateView {
  /** uaxm balance (the devnet's only denom). */
  balances(address: string): bigint;
  account(address: string): { accountNumber: number; sequence: number } | undefined;
  delegations(delegator?: string): DelegationView[];
  unbondings(delegator?: string): UnbondingView[];
  redelegations(delegator?: string): (DelegationView & { destination: string; completionTime: string })[];
  /** Pending (claimable) rewards of a delegator over all validators. */
  rewards(delegator: string): bigint;
  validators(): ValidatorView[];
  referrer(address: string): string | undefined;
  /** Every registered account with its referrer. */
  referrals(): { address: string; referrer: string }[];
  /** Explorer status number (0 none, 1 Starter). */
  status(address: string): number;
  readonly txs: readonly TxRecord[];
  readonly counts: { txs: number; failed: number; byType: Record<string, number> };
  readonly supply: bigint;
  readonly minted: bigint;
  readonly burned: bigint;
  readonly bonded: bigint;
  readonly modules: typeof MODULE;
}

export function stateView(chain: Chain): DevnetStateView {
  const state = chain.state;
  const mine = (delegator?: string) => (entry: { delegator: string }) => delegator === undefined || entry.delegator === delegator;
  return {
    balances: (address) => state.balance(address),
    account: (address) => {
      const account = state.accounts.get(address);
      return account && { accountNumber: account.number, sequence: account.sequence };
    },
    delegations: (delegator) => {
      const list: DelegationView[] = [];
      for (const [validator, byDelegator] of state.delegations) {
        for (const [address, amount] of byDelegator) {
          if (delegator === undefined || address === delegator) list.push({ delegator: address, validator, amount });
        }
      }
      return list;
    },
    unbondings: (delegator) =>
      state.unbondings.filter(mine(delegator)).map((u) => ({
        delegator: u.delegator,
        validator: u.validator,
        amount: u.amount,
        completionTime: rfc3339Seconds(u.completionMs),
      })),
    redelegations: (delegator) =>
      state.redelegations.filter(mine(delegator)).map((r) => ({
        delegator: r.delegator,
        validator: r.source,
        destination: r.destination,
        amount: r.amount,
        completionTime: rfc3339Seconds(r.completionMs),
      })),
    rewards: (delegator) => pendingRewards(state, delegator),
    validators: () =>
      state.validators.map((v) => ({
        operatorAddress: v.operatorAddress,
        consensusAddressHex: v.consensus.addressHex,
        moniker: v.moniker,
        tokens: v.tokens,
        commission: state.commission.get(v.operatorAddress) ?? 0n,
      })),
    referrer: (address) => state.referrers.get(address),
    referrals: () => [...state.referrers].map(([address, referrer]) => ({ address, referrer })),
    status: (address) => statusOf(state, address),
    txs: chain.txs,
    counts: chain.counts,
    get supply() {
      return state.supply;
    },
    get minted() {
      return state.minted;
    },
    get burned() {
      return state.burned;
    },
    get bonded() {
      return state.bondedTokens();
    },
    modules: MODULE,
  };
}
