// Leadership bonus (SPEC.md §6): the weekly pool's share per status, split among the leaders who reach it by their KPI.
import { LEADER, MEGA, type Status } from "./partnership-status.ts";

/** Percent of the weekly pool per status: Leader 15, Guru 25, Boss 20, Pro 15, Top 15, Mega 10 (Starter none). */
export const LEADER_BONUS_SHARE_PERCENT: Readonly<Partial<Record<Status, bigint>>> = { 2: 15n, 3: 25n, 4: 20n, 5: 15n, 6: 15n, 7: 10n };

export interface BonusCandidate {
  address: string;
  status: Status;
  /** KPI amount (largest-branch rule) in uaxm. */
  kpi: bigint;
}

/**
 * Each status's share is split among candidates at that status or above in proportion to their KPI, so a leader also
 * takes part in the shares of the levels below its own ("amount for one with other levels"). A share nobody qualifies
 * for is not paid. Returns uaxm per address, zero amounts left out.
 */
export function leaderBonusPayout(pool: bigint, candidates: readonly BonusCandidate[]): Map<string, bigint> {
  const paid = new Map<string, bigint>();
  for (let level = LEADER; level <= MEGA; level++) {
    const share = (pool * (LEADER_BONUS_SHARE_PERCENT[level as Status] ?? 0n)) / 100n;
    const eligible = candidates.filter((c) => c.status >= level && c.kpi > 0n);
    const totalKpi = eligible.reduce((sum, c) => sum + c.kpi, 0n);
    for (const c of eligible) {
      const amount = (share * c.kpi) / totalKpi;
      if (amount > 0n) paid.set(c.address, (paid.get(c.address) ?? 0n) + amount);
    }
  }
  return paid;
}
