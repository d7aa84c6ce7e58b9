// The leader bonuses section's figures (SPEC.md §2, §4): time left to the weekly result, the KPI bar's levels, the
// estimated earning and the top-influence rating's shares.
import { percentOf } from "../../../../core/format.ts";
import { payoutCountdownMs } from "../../../../core/partnership-countdown.ts";
import { LEADER, MEGA, type Status } from "../../../../core/partnership-status.ts";
import type { KpiRatingEntry, LeaderBonus, LeaderBonusTable, StatusKpi } from "../../api/types.ts";
import { apiAmount } from "./api-amount.ts";

/** Until the API's next payout while it is ahead; once it has passed (or is unknown), until the one SPEC.md §4's rule gives. */
export function countdownMs(nextPayoutAt: string | null | undefined, nowMs: number): number {
  const given = nextPayoutAt ? Date.parse(nextPayoutAt) : Number.NaN;
  return Number.isFinite(given) && given > nowMs ? given - nowMs : payoutCountdownMs(nowMs);
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds of `ms`, the last second counted down only once it has fully passed. */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { days: Math.floor(total / 86_400), hours: Math.floor(total / 3600) % 24, minutes: Math.floor(total / 60) % 60, seconds: total % 60 };
}

export interface KpiLevel {
  status: Status;
  /** New delegations (uaxm) this level needs. */
  target: bigint;
  /** How full the level's part of the bar is, from the level below's target to its own, 0..100. */
  percent: number;
  complete: boolean;
}

/** The levels Leader .. the account's own status, which its KPI can complete, each filling the bar from the one below. */
export function kpiLevels(kpi: Readonly<Record<string, string>>, amount: bigint, ownStatus: Status): KpiLevel[] {
  const levels: KpiLevel[] = [];
  let below = 0n;
  for (let status = LEADER; status <= ownStatus; status++) {
    const text = kpi[String(status)];
    if (text === undefined) throw new Error(`no KPI target for status ${status}`);
    const target = apiAmount(text, `kpi ${status}`);
    const complete = amount >= target;
    const span = target - below;
    const percent = complete ? 100 : span <= 0n || amount <= below ? 0 : Number(((amount - below) * 10_000n) / span) / 100;
    levels.push({ status: status as Status, target, percent, complete });
    below = target;
  }
  return levels;
}

/** What one leader of the completed level gets this week with the levels below it; 0 when no level is completed, null while the pool is unknown. */
export function estimatedEarning(bonuses: readonly LeaderBonus[], completedLevel: number): bigint | null {
  const bonus = completedLevel >= LEADER ? bonuses.find((b) => b.status === completedLevel) : undefined;
  if (!bonus) return 0n;
  return bonus.amountForOneWithOtherLevels === null ? null : apiAmount(bonus.amountForOneWithOtherLevels, "amountForOneWithOtherLevels");
}

export interface RatingRow {
  entry: KpiRatingEntry;
  amount: bigint;
  /** Percent of the rating's total new delegations. */
  share: number;
}

export function ratingRows(rating: readonly KpiRatingEntry[]): RatingRow[] {
  const amounts = rating.map((entry) => apiAmount(entry.lbDelegated, "lbDelegated"));
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  return rating.map((entry, i) => ({ entry, amount: amounts[i], share: percentOf(amounts[i], total) }));
}

export interface LeaderSummary {
  /** New delegations (uaxm) counted this week. */
  amount: bigint;
  /** What the account's own status needs: the bar's end. */
  target: bigint;
  levels: KpiLevel[];
  /** Every level Leader .. Mega with what it needs, for the KPI popup. */
  targets: { status: Status; target: bigint }[];
  /** Null (shown as a dash) while the programme's weekly pool is unknown. */
  earning: bigint | null;
  pool: bigint | null;
  rating: RatingRow[];
  nextPayoutAt: string;
}

/** The section's figures from the KPI answer and the bonus table, read once: a malformed answer fails the section. */
export function leaderSummary(kpi: StatusKpi, table: LeaderBonusTable, ownStatus: Status): LeaderSummary {
  const amount = apiAmount(kpi.completed.amount, "completed.amount");
  const levels = kpiLevels(kpi.kpi, amount, ownStatus);
  return {
    amount,
    target: levels.at(-1)?.target ?? 0n,
    levels,
    targets: kpiLevels(kpi.kpi, 0n, MEGA).map(({ status, target }) => ({ status, target })),
    earning: estimatedEarning(table.bonuses, kpi.completed.cards),
    pool: table.pool === null ? null : apiAmount(table.pool, "pool"),
    rating: ratingRows(kpi.rating),
    nextPayoutAt: kpi.nextPayoutAt || table.nextPayoutAt,
  };
}
