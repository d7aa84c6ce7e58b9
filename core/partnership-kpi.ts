// The weekly KPI (SPEC.md §9): new team delegations since the last leader-bonus payout, under the largest-branch rule, and the targets per status.
import { conditionsOf } from "./partnership-conditions.ts";
import { LEADER, MEGA, NO_STATUS, type Status } from "./partnership-status.ts";

/**
 * The smaller branches combined count at most as much as the largest, and the largest counts as much as they do:
 * largest 10,000 and the others 4,000 count 8,000. Amounts are the branches' new delegations since the last payout.
 */
export function kpiAmount(branches: readonly bigint[]): bigint {
  if (branches.length === 0) return 0n;
  const largest = branches.reduce((a, b) => (b > a ? b : a));
  const others = branches.reduce((sum, b) => sum + b, 0n) - largest;
  const counted = others < largest ? others : largest;
  return counted * 2n;
}

/**
 * SPEC.md gives no weekly KPI targets; these are 5% of each status's team-delegation condition (SPEC.md §9):
 * Leader 1,000 AXM, Guru 2,500, Boss 7,500, Pro 15,000, Top 40,000, Mega 100,000.
 */
const KPI_TARGET_PERCENT = 5n;

/** The statuses that have a KPI (Leader..Mega), in order. */
export const KPI_STATUSES: readonly Status[] = [2, 3, 4, 5, 6, 7];

/** uaxm of new delegations a week that a status's KPI asks for. */
export function kpiTarget(status: Status): bigint {
  if (status < LEADER || status > MEGA) throw new Error(`no KPI for status ${status}`);
  return (conditionsOf(status).teamDelegation * KPI_TARGET_PERCENT) / 100n;
}

/** The "completed cards": the highest status up to the account's own whose target the KPI amount reaches (0 when none). */
export function kpiLevel(status: Status, amount: bigint): Status {
  let level: Status = NO_STATUS;
  for (const s of KPI_STATUSES) {
    if (s <= status && amount >= kpiTarget(s)) level = s;
  }
  return level;
}
