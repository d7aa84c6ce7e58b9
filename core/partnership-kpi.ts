// The weekly KPI (SPEC.md §9): new team delegations since the last leader-bonus payout, under the largest-branch rule.

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
