// The chart series of API.md's "Statistics over time", fetched only by the screens that draw them (so the client's
// first-load chunk does not carry them): the year up to the index's last day, and every indexed day for "all".
import { queryOptions } from "@tanstack/react-query";
import { api, type ApiClient } from "./client.ts";
import type { ChartAnswer, ChartPoint, ChartSeries } from "./types.ts";

/** The API's most days in one answer. */
export const CHART_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;

export const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** One series from `from` to `to` (YYYY-MM-DD, at most 366 days); without them the year up to the index's last day. */
export function fetchChart(
  series: ChartSeries,
  range: { from?: string; to?: string } = {},
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<ChartAnswer> {
  const params = new URLSearchParams();
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  const query = params.toString();
  return client.request<ChartAnswer>(`/charts/${series}${query ? `?${query}` : ""}`, { signal });
}

/** The windows of at most 366 days, newest first, that cover the days from `firstDay` to the day before `before`. */
export function earlierWindows(firstDay: string, before: string): { from: string; to: string }[] {
  const windows: { from: string; to: string }[] = [];
  const first = dayMs(firstDay);
  for (let to = dayMs(before) - DAY_MS; to >= first; to -= CHART_WINDOW_DAYS * DAY_MS) {
    windows.push({ from: dayText(Math.max(first, to - (CHART_WINDOW_DAYS - 1) * DAY_MS)), to: dayText(to) });
  }
  return windows;
}

/** Every indexed day, from the first to the last: the year's answer, then as many earlier windows as the index holds. */
export async function fetchAllDays(series: ChartSeries, year: ChartAnswer, signal?: AbortSignal): Promise<ChartPoint[]> {
  if (year.firstDay === null || year.lastDay === null || year.points.length === 0) return [];
  const earlier = await Promise.all(earlierWindows(year.firstDay, year.points[0].day).map((w) => fetchChart(series, w, signal)));
  const points = [...earlier.reverse().flatMap((answer) => answer.points), ...year.points];
  const first = year.firstDay;
  return points.filter((p) => p.day >= first);
}

/** The 7-day, 30-day and 1-year views and the home page's sparkline share one answer per series. */
export const chartQueries = {
  year: (series: ChartSeries) =>
    queryOptions({ queryKey: ["chart", series, "year"], queryFn: ({ signal }) => fetchChart(series, {}, signal), staleTime: 30_000 }),
  all: (series: ChartSeries, year: ChartAnswer | undefined) =>
    queryOptions({
      queryKey: ["chart", series, "all", year?.firstDay, year?.lastDay],
      queryFn: ({ signal }) => fetchAllDays(series, year!, signal),
      enabled: year !== undefined,
      staleTime: 30_000,
    }),
};
