// Shapes of API.md's "Statistics over time": one chart series of per-day figures.
import Type, { type Static } from "typebox";
import { Nullable, StringEnum } from "./common.ts";

export const CHART_SERIES = [
  "transactions",
  "active-addresses",
  "new-addresses",
  "fees",
  "burned",
  "bonded-ratio",
  "block-time",
  "registrations",
  "premium-purchases",
] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

/** At most this many days (a leap year) in one answer. */
export const CHART_MAX_DAYS = 366;

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "A UTC day, YYYY-MM-DD" });

export const ChartParams = Type.Object({ series: StringEnum(CHART_SERIES) });
export type ChartParams = Static<typeof ChartParams>;

/** Both optional: `to` defaults to the index's last day, `from` to 364 days before `to` (a year of points). */
export const ChartQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }, { additionalProperties: false });
export type ChartQuery = Static<typeof ChartQuery>;

/** count: a number of things; axm: whole AXM; ratio: 0 to 1; seconds: a duration. */
export const ChartUnit = StringEnum(["count", "axm", "ratio", "seconds"]);
export type ChartUnit = Static<typeof ChartUnit>;

/** A day's value; null where it is unknown (outside the indexed days, or no block to measure it by). */
export const ChartPoint = Type.Object({ day: Type.String(), value: Nullable(Type.Number()) });
export type ChartPoint = Static<typeof ChartPoint>;

/** GET /charts/{series}: one point per UTC day from `from` to `to`, and the index's first and last day (null when empty). */
export const ChartAnswer = Type.Object({
  series: StringEnum(CHART_SERIES),
  unit: ChartUnit,
  firstDay: Nullable(Type.String()),
  lastDay: Nullable(Type.String()),
  points: Type.Array(ChartPoint),
});
export type ChartAnswer = Static<typeof ChartAnswer>;
