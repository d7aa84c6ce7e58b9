// Per-day chart figures from daily_stats (one row per UTC day): a year of one series is at most 366 rows.
import type { Queryable } from "../connection.ts";

/** What each series reads of a day's row; amounts in whole AXM, block time in seconds. */
export const SERIES_COLUMNS = {
  transactions: "txs",
  "active-addresses": "active_addresses",
  "new-addresses": "new_addresses",
  fees: "fees / 1000000",
  burned: "burned / 1000000",
  "bonded-ratio": "bonded / nullif(supply, 0)",
  "block-time": "block_ms / 1000.0 / nullif(block_intervals, 0)",
  registrations: "registrations",
  "premium-purchases": "premium_purchases",
} as const;
export type SeriesName = keyof typeof SERIES_COLUMNS;

export interface DayValue {
  day: string;
  value: number | null;
}

/** The days of the series from `from` to `to` (YYYY-MM-DD, inclusive) that have a row, in order. */
export async function readSeries(db: Queryable, series: SeriesName, from: string, to: string): Promise<DayValue[]> {
  return db.query<DayValue>(
    `select day::text as day, (${SERIES_COLUMNS[series]})::float8 as value from daily_stats
     where day between $1::date and $2::date order by day`,
    [from, to],
  );
}

/** The index's first and last day with figures; nulls before the first batch. */
export async function indexedDays(db: Queryable): Promise<{ first: string | null; last: string | null }> {
  const rows = await db.query<{ first: string | null; last: string | null }>(
    `select (select day::text from daily_stats order by day limit 1) as first, (select day::text from daily_stats order by day desc limit 1) as last`,
  );
  return rows[0] ?? { first: null, last: null };
}
