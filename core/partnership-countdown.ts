// The weekly leader-bonus payout instant (SPEC.md §4): Saturday 09:00 UTC.

export const PAYOUT_WEEKDAY = 6;
export const PAYOUT_HOUR_UTC = 9;
const DAY_MS = 24 * 3600 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** The next payout strictly after `nowMs`: at 09:00 exactly on a Saturday, the one a week later. */
export function nextPayoutMs(nowMs: number): number {
  const now = new Date(nowMs);
  // SPEC.md §4's (13 - weekday) mod 7 for Saturday.
  const daysAhead = (PAYOUT_WEEKDAY + 7 - now.getUTCDay()) % 7;
  const payout = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysAhead, PAYOUT_HOUR_UTC);
  return payout <= nowMs ? payout + WEEK_MS : payout;
}

/** Milliseconds left until the next payout, what the countdown shows. */
export function payoutCountdownMs(nowMs: number): number {
  return nextPayoutMs(nowMs) - nowMs;
}
