// Shapes of API.md's "Statistics over time": one chart series of per-day figures.
import Type, { type Static } from "typebox";
import { CHART_SERIES, CHART_UNITS } from "../core/chart-series.ts";
import { Nullable, StringEnum } from "./common.ts";

export { CHART_SERIES, type ChartSeries } from "../core/chart-series.ts";

/** At most this many days (a leap year) in one answer. */
export const CHART_MAX_DAYS = 366;

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "A UTC day, YYYY-MM-DD" });

export const ChartParams = Type.Object({ series: StringEnum(CHART_SERIES) });
export type ChartParams = Static<typeof ChartParams>;

/** Both optional: `to` defaults to the index's last day, `from` to 364 days before `to` (a year of points). */
export const ChartQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }, { additionalProperties: false });
export type ChartQuery = Static<typeof ChartQuery>;

/** The unit of a series' figures (core/chart-series.ts says what each means). */
export const ChartUnit = StringEnum(CHART_UNITS);
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
