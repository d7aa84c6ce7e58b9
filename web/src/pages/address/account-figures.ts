// The statistics card's figures from an account info answer (SPEC.md §2, §3), in uaxm as BigInt; a missing part counts 0.
import { amountOf } from "../../../../core/amount.ts";
import type { AccountInfo } from "../../api/types.ts";

export const DELEGATED_DENOM = "uaxmd";

export interface Balance {
  total: bigint;
  available: bigint;
  delegated: bigint;
  undelegating: bigint;
  /** Null when the answer carries no claimable rewards (shown as a dash). */
  claimable: bigint | null;
  /** Staking rewards already credited to the account (withdrawn): claimedTotal. */
  enrolled: bigint;
}

const toAmount = (text: string | undefined): bigint => (text && /^\d+$/.test(text) ? BigInt(text) : 0n);

export function balanceOf(info: AccountInfo): Balance {
  const available = amountOf(info.balance ?? []);
  const delegated = amountOf(info.balance ?? [], DELEGATED_DENOM);
  const undelegating = (info.unbounding ?? []).reduce((sum, entry) => sum + toAmount(entry.balance), 0n);
  const first = info.claimable?.total[0]?.amount;
  const claimable = first === undefined ? null : toAmount(first);
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
