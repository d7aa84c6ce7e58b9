// A year of each chart series read through the API on PostgreSQL: daily_stats filled with three years of generated
// days in a fresh database, then each series' route timed alone and under load, three runs.
import pg from "pg";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { SERIES_COLUMNS } from "../db/queries/charts.ts";
import { CHART_SERIES } from "../shapes/charts.ts";
import { recreateDatabase } from "./databases.ts";
import { SERVE, child, load, stop } from "./load.ts";

const DAYS = 3 * 365 + 1;
const FIRST_DAY = "2024-01-01";
const YEAR = { from: "2025-12-31", to: "2026-12-31" };
const API_PORT = 18_094;
const RUNS = 3;
const SEQUENTIAL = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function generate(url: string): Promise<void> {
  const db = await openDatabase({ url });
  await migrate(db);
  // Figures of a busy chain's day, varied deterministically per day.
  await db.query(
    `insert into daily_stats (day, txs, active_addresses, new_addresses, fees, burned, registrations, premium_purchases, block_ms,
       block_intervals, bonded, supply)
     select d::date, 300000 + n * 37 % 90000, 40000 + n * 13 % 9000, 1500 + n * 7 % 600, (900000 + n * 101 % 50000)::numeric * 1000000,
       (270000 + n * 31 % 15000)::numeric * 1000000, 200 + n % 80, 20 + n % 9, 17280 * 5000 + n % 4000, 17280,
       (300000000 + n * 1000)::numeric * 1000000, (1000000000 + n * 500)::numeric * 1000000
     from generate_series(date '${FIRST_DAY}', date '${FIRST_DAY}' + ${DAYS - 1}, interval '1 day') with ordinality as g(d, n)`,
  );
  await db.query("insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height) values (1, 'axm-bench-charts', 1, 1, 1)");
  await db.query("analyze");
  await db.close();
}

/** Rows and execution time of the series' year as PostgreSQL reports them (explain analyze). */
async function plan(url: string, column: string): Promise<{ rows: number; ms: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const answer = await client.query(
    `explain (analyze, format json) select day::text as day, (${column})::float8 as value from daily_stats where day between $1::date and $2::date order by day`,
    [YEAR.from, YEAR.to],
  );
  await client.end();
  const [top] = answer.rows[0]["QUERY PLAN"] as { Plan: { "Actual Rows": number }; "Execution Time": number }[];
  return { rows: top.Plan["Actual Rows"], ms: top["Execution Time"] };
}

/** Median and slowest of `SEQUENTIAL` requests one after another (no ETag sent, so each is answered whole). */
async function sequential(url: string): Promise<{ median: number; max: number; points: number }> {
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    const response = await fetch(url);
    const answer = (await response.json()) as { points: unknown[] };
    times.push(performance.now() - started);
    points = answer.points.length;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1], points };
}

export async function chartFigures(postgres: string): Promise<void> {
  const url = Object.assign(new URL(postgres), { pathname: "/axm_bench_charts" }).toString();
  await recreateDatabase(postgres, "axm_bench_charts");
  await generate(url);

  // No request log lines: the bench process would spend its time copying them, not the API answering.
  const api = await child(SERVE, { DATABASE_URL: url, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0", LOG_LEVEL: "warn" }, /listening/);
  console.log(`\nchart series on PostgreSQL, ${DAYS} generated days, a year (${YEAR.from} to ${YEAR.to}) per request`);
  for (let run = 1; run <= RUNS; run++) {
    console.log(`  run ${run}: ${SEQUENTIAL} requests one after another, then autocannon ${CONNECTIONS} connections for ${SECONDS} s`);
    for (const series of CHART_SERIES) {
      const target = `http://127.0.0.1:${API_PORT}/api/charts/${series}?from=${YEAR.from}&to=${YEAR.to}`;
      const one = await sequential(target);
      const most = await load(target, { connections: CONNECTIONS, seconds: SECONDS });
      const sql = await plan(url, SERIES_COLUMNS[series]);
      console.log(
        `    ${series.padEnd(18)} ${one.points} points, SQL ${sql.rows} rows in ${sql.ms.toFixed(2)} ms | one request median ${one.median.toFixed(1)} ms, max ${one.max.toFixed(1)} ms | ${most.rps.toFixed(0)} req/s p50 ${most.p50} ms p99 ${most.p99} ms errors ${most.errors}`,
      );
    }
  }
  await stop(api);
}
