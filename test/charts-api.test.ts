// API.md's "Statistics over time" over a devnet of several days: each series equals figures computed apart from the
// indexed blocks and transactions, and the same whatever the batch size (a resumed indexer) or a mid-chain start.
import Value from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKind } from "../core/address.ts";
import { amountOf, parseCoins } from "../core/amount.ts";
import { MODULE } from "../devnet/module-accounts.ts";
import { Indexer } from "../indexer/indexer.ts";
import { RpcClient } from "../chain/rpc.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import type { Queryable } from "../db/connection.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "./support/databases.ts";
import { serveDevnet, type ServedDevnet } from "./support/pipeline.ts";
import * as shape from "../shapes/charts.ts";

const BLOCKS = 72;
/** Two hours a block from 20:00: the first day is partial, then six days of 12 blocks. */
const OPTIONS = { blockTimeMs: 2 * 3600_000, genesisTime: "2026-03-01T20:00:00Z" };
const MID_START = 30;

type Figures = Map<string, Record<shape.ChartSeries, number | null>>;

async function index(
  chain: ServedDevnet,
  engine: (typeof ENGINES)[number],
  batchBlocks: number,
  startHeight?: number,
  into?: TestDatabase,
): Promise<TestDatabase> {
  const t = into ?? (await createTestDatabase(engine));
  const indexer = new Indexer({ db: t.db, rpc: new RpcClient(chain.url, { timeoutMs: 5000 }), batchBlocks, startHeight, pollMs: 50, log: () => undefined });
  await indexer.catchUp();
  return t;
}

const dayOf = (time: Date | string) => new Date(time).toISOString().slice(0, 10);
const EVENT_AMOUNTS = (eventsJson: string, type: string) =>
  (JSON.parse(eventsJson) as { type: string; attributes: { key: string; value: string }[] }[])
    .filter((e) => e.type === type)
    .flatMap((e) => e.attributes.filter((a) => a.key === "amount"))
    .reduce((sum, a) => sum + amountOf(parseCoins(a.value)), 0n);
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** Every series per day, computed from the index's blocks, transactions, accounts and operations without daily_stats. */
async function independentFigures(db: Queryable): Promise<Figures> {
  const figures: Figures = new Map();
  const day = (key: string) => {
    if (!figures.has(key))
      figures.set(key, {
        transactions: 0,
        "active-addresses": 0,
        "new-addresses": 0,
        fees: 0,
        burned: 0,
        "bonded-ratio": null,
        "block-time": null,
        registrations: 0,
        "premium-purchases": 0,
      });
    return figures.get(key)!;
  };
  const blocks = await db.query<{ height: number; time: Date; events: string }>("select height, time, events::text as events from blocks order by height");
  const burned = new Map<string, bigint>();
  const gaps = new Map<string, number[]>();
  blocks.forEach((b, i) => {
    const key = dayOf(b.time);
    day(key);
    burned.set(key, (burned.get(key) ?? 0n) + EVENT_AMOUNTS(b.events, "burn"));
    if (i > 0) gaps.set(key, [...(gaps.get(key) ?? []), b.time.getTime() - blocks[i - 1].time.getTime()]);
  });
  const txs = await db.query<{
    time: Date;
    code: number | null;
    fee: { denom: string; amount: string }[];
    signers: string[];
    messages: string;
    events: string;
  }>("select time, code, fee, signers, messages::text as messages, events::text as events from transactions order by seq");
  const fees = new Map<string, bigint>();
  const active = new Map<string, Set<string>>();
  for (const t of txs) {
    const key = dayOf(t.time);
    const f = day(key);
    f.transactions! += 1;
    if (t.code !== null) fees.set(key, (fees.get(key) ?? 0n) + amountOf(t.fee));
    burned.set(key, (burned.get(key) ?? 0n) + EVENT_AMOUNTS(t.events, "burn"));
    const parties = active.get(key) ?? new Set<string>();
    t.signers.filter((a) => addressKind(a) === "account").forEach((a) => parties.add(a));
    if (t.code === 0) {
      for (const a of t.messages.match(/axm1[02-9ac-hj-np-z]{38,}/g) ?? []) if (addressKind(a) === "account") parties.add(a);
      f.registrations! += occurrences(t.messages, '"/axiome.referral.v1beta1.MsgRegisterReferral"');
    }
    active.set(key, parties);
  }
  for (const [key, parties] of active) day(key)["active-addresses"] = parties.size;
  for (const [key, amount] of fees) day(key).fees = Number(amount) / 1e6;
  for (const [key, amount] of burned) day(key).burned = Number(amount) / 1e6;
  for (const [key, list] of gaps) day(key)["block-time"] = list.reduce((a, b) => a + b, 0) / list.length / 1000;
  const created = await db.query<{ day: string; n: number }>(
    "select first_time::date::text as day, count(*)::int as n from accounts where first_time is not null group by 1",
  );
  for (const c of created) day(c.day)["new-addresses"] = c.n;
  const premium = await db.query<{ day: string; n: number }>(
    "select time::date::text as day, count(*)::int as n from operations where type = 'premium' group by 1",
  );
  for (const p of premium) day(p.day)["premium-purchases"] = p.n;
  return figures;
}

describe.each(ENGINES)("chart series over an indexed devnet on %s", (engine) => {
  let chain: ServedDevnet;
  let whole: TestDatabase;
  let small: TestDatabase;
  let mid: TestDatabase;
  const apps: Awaited<ReturnType<typeof buildApi>>[] = [];
  const api = async (t: TestDatabase) => {
    const app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true) });
    apps.push(app);
    return app;
  };
  const series = async (t: TestDatabase, name: shape.ChartSeries, query = "") => {
    const app = await api(t);
    const response = await app.inject({ method: "GET", url: `/api/charts/${name}${query}` });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const answer = response.json<shape.ChartAnswer>();
    expect([...Value.Errors(shape.ChartAnswer, answer)]).toEqual([]);
    return answer;
  };

  beforeAll(async () => {
    // The devnet answers queries at its latest height: the mid-chain index seeds while the chain stands before its start.
    chain = await serveDevnet(MID_START - 1, OPTIONS);
    mid = await index(chain, engine, 10, MID_START);
    await chain.devnet.prebuild(BLOCKS - MID_START + 1);
    mid = await index(chain, engine, 10, MID_START, mid);
    whole = await index(chain, engine, 25);
    small = await index(chain, engine, 7);
  }, 400_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await chain?.devnet.close();
    for (const t of [whole, small, mid]) await t?.drop();
  });

  it("gives every series as computed apart from the indexed blocks and transactions", async () => {
    const expected = await independentFigures(whole.db);
    const days = [...expected.keys()].sort();
    expect(days).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]);
    const total = (name: shape.ChartSeries) => days.reduce((sum, d) => sum + (expected.get(d)![name] ?? 0), 0);
    // The devnet's workload does all of these within the week, so no series is compared as all zeros.
    for (const name of shape.CHART_SERIES.filter((s) => s !== "bonded-ratio")) expect(total(name), name).toBeGreaterThan(0);
    for (const name of shape.CHART_SERIES.filter((s) => s !== "bonded-ratio")) {
      const answer = await series(whole, name, `?from=2026-02-27&to=2026-03-08`);
      expect(answer.firstDay).toBe("2026-03-01");
      expect(answer.lastDay).toBe("2026-03-07");
      expect(answer.points.map((p) => p.day)).toEqual(["2026-02-27", "2026-02-28", ...days, "2026-03-08"]);
      // Unknown outside the indexed days.
      expect([answer.points[0].value, answer.points[1].value, answer.points[9].value]).toEqual([null, null, null]);
      const values = answer.points.slice(2, 9).map((p) => p.value);
      const wanted = days.map((d) => expected.get(d)![name]);
      values.forEach((v, i) => {
        if (wanted[i] === null) expect(v, `${name} ${days[i]}`).toBeNull();
        else expect(v, `${name} ${days[i]}`).toBeCloseTo(wanted[i], 6);
      });
    }
  });

  it("gives the bonded ratio of the last day as the devnet's bonded pool over its supply", async () => {
    const state = chain.devnet.state;
    const answer = await series(whole, "bonded-ratio", "?from=2026-03-01&to=2026-03-07");
    expect(answer.unit).toBe("ratio");
    expect(answer.points[6].value).toBeCloseTo(Number(state.balances(MODULE.bondedPool)) / Number(state.supply), 9);
    for (const p of answer.points) expect(p.value).toBeGreaterThan(0);
    // The first day has one block and so no time between blocks to average.
    expect((await series(whole, "block-time", "?from=2026-03-01&to=2026-03-02")).points.map((p) => p.value)).toEqual([null, 7200]);
  });

  it("keeps the same days whatever the batch size, and from a mid-chain start for the days after it", async () => {
    const table = (t: TestDatabase, after = "") =>
      t.db.query(`select day::text as day, txs, active_addresses, new_addresses, fees::text as fees, burned::text as burned, registrations,
                  premium_purchases, block_ms, block_intervals, bonded::text as bonded, supply::text as supply from daily_stats where day::text > '${after}' order by day`);
    expect(await table(small)).toEqual(await table(whole));
    const start = await mid.db.query<{ day: string }>("select time::date::text as day from blocks order by height limit 1");
    expect(start[0].day).toBe("2026-03-04");
    // An account the node knew at the start never counts as new there (README "Starting in mid-chain"), where an index
    // from genesis counts a genesis account on the day it first appears: new addresses are compared apart.
    const afterStart = await table(mid, start[0].day);
    expect(afterStart).toHaveLength(3);
    const withoutNew = (rows: Record<string, unknown>[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== "new_addresses")));
    expect(withoutNew(afterStart)).toEqual(withoutNew(await table(whole, start[0].day)));
    const created = await mid.db.query<{ day: string; n: number }>(
      `select first_time::date::text as day, count(*)::int as n from accounts where first_time::date > '${start[0].day}' group by 1 order by 1`,
    );
    expect(afterStart.map((r) => ({ day: r.day, n: Number(r.new_addresses) })).filter((r) => r.n > 0)).toEqual(created);
  });

  it("defaults to the year up to the last indexed day and answers the unit of each series", async () => {
    const answer = await series(whole, "fees");
    expect(answer.unit).toBe("axm");
    expect(answer.points).toHaveLength(365);
    expect(answer.points.at(-1)!.day).toBe("2026-03-07");
    expect((await series(whole, "block-time", "?from=2026-03-07&to=2026-03-07")).unit).toBe("seconds");
    expect((await series(whole, "transactions", "?from=2025-03-07&to=2026-03-07")).points).toHaveLength(366);
  });

  it("refuses an unknown series and bad ranges with a 400 that says why", async () => {
    const app = await api(whole);
    for (const [url, message] of [
      ["/api/charts/volume", "series"],
      ["/api/charts/fees?from=2026-02-30", "not a calendar day"],
      ["/api/charts/fees?from=2026-3-01", "from"],
      ["/api/charts/fees?from=2026-03-05&to=2026-03-01", "is after"],
      ["/api/charts/fees?from=2025-01-01&to=2026-03-01", "At most 366 days"],
      ["/api/charts/fees?days=7", "additional"],
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message, url).toContain(message);
    }
  });

  it("is cached briefly with an ETag", async () => {
    const app = await api(whole);
    const first = await app.inject({ method: "GET", url: "/api/charts/transactions?from=2026-03-01&to=2026-03-07" });
    expect(first.headers["cache-control"]).toBe("public, max-age=30");
    const again = await app.inject({
      method: "GET",
      url: "/api/charts/transactions?from=2026-03-01&to=2026-03-07",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
