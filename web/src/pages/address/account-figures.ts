// The statistics card's figures from an account info answer (SPEC.md §2, §3), in uaxm as BigInt; a missing part counts 0.
import { amountOf } from "../../../../core/amount.ts";
import type { AccountInfo } from "../../api/types.ts";

export const DELEGATED_DENOM = "uaxmd";

export interface Balance {
  total: bigint;
  available: bigint;
  delegated: bigint;
  undelegating: bigint;
  /** Null when the answer carries no claimable rewards (the node did not say: shown as a dash); 0 when there is nothing to claim. */
  claimable: bigint | null;
  /** Staking rewards already credited to the account (withdrawn): claimedTotal. */
  enrolled: bigint;
}

const toAmount = (text: string | undefined): bigint => (text && /^\d+$/.test(text) ? BigInt(text) : 0n);

export function balanceOf(info: AccountInfo): Balance {
  const available = amountOf(info.balance ?? []);
  const delegated = amountOf(info.balance ?? [], DELEGATED_DENOM);
  const undelegating = (info.unbounding ?? []).reduce((sum, entry) => sum + toAmount(entry.balance), 0n);
  // The node lists only denoms with something to claim: an empty list is nothing to claim, not an unknown figure.
  const claimable = info.claimable ? amountOf(info.claimable.total) : null;
  return {
    total: available + delegated + undelegating + (claimable ?? 0n),
    available,
    delegated,
    undelegating,
    claimable,
    enrolled: toAmount(info.claimedTotal),
  };
}

/** The programme's Team tab: for an address with a referrer, and for a root, which has none (SPEC.md §2, §6). */
export function hasTeamTab(address: string, info: AccountInfo, roots: readonly string[] | undefined): boolean {
  return Boolean(info.referral?.referrer) || (roots?.includes(address) ?? false);
}
