// Routes of API.md's "Statistics over time": per-day chart series read from the indexer's daily figures.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { indexedDays, readSeries } from "../../db/queries/charts.ts";
import type { ApiContext } from "../context.ts";
import { badRequest } from "../errors.ts";
import { answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/charts.ts";
import { CHART_SERIES_UNITS } from "../../core/chart-series.ts";

/** Past days never change and today's figures move with each block: a shared cache may keep an answer this long. */
const CHART_CACHE = "public, max-age=30";

const DAY_MS = 86_400_000;

/** Figures that are a measurement rather than a count: a day without blocks has none. */
const MEASURED = new Set<shape.ChartSeries>(["bonded-ratio", "block-time"]);

/** Milliseconds of a real calendar day written YYYY-MM-DD (the schema checked the digits), or a 400. */
function parseDay(text: string, name: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) throw badRequest(`${name} is not a calendar day: ${text}`);
  return ms;
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every day of the range gets a point: null outside the index's first and last day (unknown), 0 for a count on an
 * indexed day without a row (no block that day), null for a measurement there.
 */
function fillDays(
  series: shape.ChartSeries,
  from: number,
  to: number,
  first: string | null,
  last: string | null,
  rows: { day: string; value: number | null }[],
) {
  const byDay = new Map(rows.map((r) => [r.day, r.value]));
  const points: shape.ChartPoint[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) {
    const day = dayText(ms);
    const known = first !== null && last !== null && day >= first && day <= last;
    const value = byDay.get(day);
    points.push({ day, value: value !== undefined ? value : known && !MEASURED.has(series) ? 0 : null });
  }
  return points;
}

export function chartRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/charts/:series",
    {
      schema: {
        tags: ["charts"],
        summary: `Per-day figures of one series, one point per UTC day, at most ${shape.CHART_MAX_DAYS} days; without from/to the year up to the index's last day`,
        params: shape.ChartParams,
        querystring: shape.ChartQuery,
        response: answers(shape.ChartAnswer, 400, 503),
      },
    },
    async (request, reply) => {
      const { series } = request.params;
      const days = await indexedDays(ctx.db);
      const to = request.query.to !== undefined ? parseDay(request.query.to, "to") : parseDay(days.last ?? dayText(Date.now()), "to");
      const from = request.query.from !== undefined ? parseDay(request.query.from, "from") : to - 364 * DAY_MS;
      if (from > to) throw badRequest(`from (${dayText(from)}) is after to (${dayText(to)})`);
      const count = (to - from) / DAY_MS + 1;
      if (count > shape.CHART_MAX_DAYS) throw badRequest(`At most ${shape.CHART_MAX_DAYS} days a request; from ${dayText(from)} to ${dayText(to)} is ${count}`);
      const rows = await readSeries(ctx.db, series, dayText(from), dayText(to));
      reply.header("cache-control", CHART_CACHE);
      return {
        series,
        unit: CHART_SERIES_UNITS[series],
        firstDay: days.first,
        lastDay: days.last,
        points: fillDays(series, from, to, days.first, days.last, rows),
      };
    },
  );
}
