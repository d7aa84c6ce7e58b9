// What the Charts screen shows of a series: the points of each range, and a value written in its unit.
import { formatDecimal, formatFixed, formatInteger } from "../../../../core/format.ts";
import type { ChartPoint, ChartUnit } from "../../api/types.ts";

export const RANGES = ["7d", "30d", "1y", "all"] as const;
export type ChartRange = (typeof RANGES)[number];

const RANGE_DAYS: Record<Exclude<ChartRange, "all">, number> = { "7d": 7, "30d": 30, "1y": 365 };

export function parseRange(text: string | null): ChartRange {
  return RANGES.find((r) => r === text) ?? "30d";
}

/** The days a range shows: the last 7, 30 or 365 of the year's answer, or every indexed day. */
export function pointsOf(range: ChartRange, year: ChartPoint[], all: ChartPoint[] | undefined): ChartPoint[] | undefined {
  return range === "all" ? all : year.slice(-RANGE_DAYS[range]);
}

/** A value in its unit's figures (without the unit's word): null when the day's figure is unknown. */
export function formatValue(unit: ChartUnit, value: number | null): string | null {
  if (value === null) return null;
  if (unit === "count") return formatInteger(Math.round(value));
  if (unit === "ratio") return formatFixed(value * 100, 2);
  return formatDecimal(value, 2);
}
