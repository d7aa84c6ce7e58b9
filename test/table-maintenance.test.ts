// After a bulk load the indexer vacuums and analyzes the tables the load changed much (db/table-maintenance.ts): on
// PostgreSQL by autovacuum's own rules, on the embedded engine all of them. And at start it tells the operator, in one
// line, when the server does not vacuum the index by itself.
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Database, Queryable, QueryPlan, SqlParam } from "../db/connection.ts";
import { maintainChangedTables, vacuumAdvice, vacuumSettings } from "../db/table-maintenance.ts";
import { POSTGRES_URL, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, waitFor } from "./support/pipeline.ts";

/** The planner's row count of each table (-1 while never analyzed). */
async function plannerRows(db: Queryable, tables: string[]): Promise<Record<string, number>> {
  const rows = await db.query<{ relname: string; reltuples: number }>(
    "select relname, reltuples::int8::int as reltuples from pg_class where relname = any($1::text[])",
    [tables],
  );
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.reltuples)]));
}

/** Whether an index-only scan of `table`'s index on `column` reads rows from the table: those on pages not marked all-visible. */
async function readsRows(db: Database, table: string, column: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("set local enable_seqscan = off");
    await tx.query("set local enable_bitmapscan = off");
    const [row] = await tx.query<{ "QUERY PLAN": [{ Plan: { Plans: [{ "Node Type": string; "Heap Fetches": number }] } }] }>(
      `explain (analyze, format json) select count(*) from ${table} where ${column} > 0`,
    );
    const [scan] = row["QUERY PLAN"][0].Plan.Plans;
    expect(scan["Node Type"]).toBe("Index Only Scan");
    return scan["Heap Fetches"] > 0;
  });
}

/** readsRows for each table's index on x. */
async function readsTable(db: Database, tables: string[]): Promise<Record<string, boolean>> {
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await readsRows(db, table, "x")])));
}

const TABLES = ["grown", "appended", "doubled", "fresh", "updated", "untouched"];

describe.skipIf(!POSTGRES_URL)("tables after a bulk load on PostgreSQL", () => {
  it("vacuums those with more new or dead rows than autovacuum allows, analyzes those changed by more than a tenth, and no other", async () => {
    const t = await createTestDatabase("postgres");
    // The load comes from another connection, as the indexer's pool writes it; the statistics it reports are flushed
    // at once instead of within the next second.
    const writer = new pg.Client({ connectionString: t.url! });
    await writer.connect();
    // Each statement its own transaction: a VACUUM or ANALYZE counts the changes committed before it.
    for (const sql of [
      ...TABLES.map((table) => `create table ${table} (x int); create index on ${table} (x)`),
      ...["grown", "appended", "doubled", "updated", "untouched"].map((table) => `insert into ${table} select generate_series(1, 10000)`),
      "select pg_stat_force_next_flush()",
      "vacuum (analyze) grown, appended, doubled, updated, untouched",
      // Under the defaults, autovacuum vacuums 1,000 new rows plus a fifth of the table, or 50 dead ones plus a fifth, and
      // analyzes 50 changed rows plus a tenth.
      "insert into grown select generate_series(1, 500)",
      "insert into appended select generate_series(1, 1500)",
      "insert into doubled select generate_series(1, 10000)",
      "insert into fresh select generate_series(1, 2000)",
      "update updated set x = -x where x <= 3000",
    ])
      await writer.query(sql);
    await writer.query("select pg_stat_force_next_flush()");
    await writer.query("select 1");
    await writer.end();
    const before = { grown: true, appended: true, doubled: true, fresh: true, updated: true, untouched: false };
    expect(await readsTable(t.db, TABLES)).toEqual(before);

    const { vacuumed, analyzed } = await maintainChangedTables(t.db);
    expect(vacuumed).toEqual(expect.arrayContaining(["public.doubled", "public.fresh", "public.updated"]));
    for (const table of ["grown", "appended", "untouched"]) expect(vacuumed).not.toContain(`public.${table}`);
    expect(analyzed).toContain("public.appended");
    for (const table of TABLES.filter((name) => name !== "appended")) expect(analyzed).not.toContain(`public.${table}`);
    // 500 rows onto 10,000 stay under every measure: the grown table keeps the statistics of its 10,000.
    expect(await plannerRows(t.db, TABLES)).toEqual({ grown: 10000, appended: 11500, doubled: 20000, fresh: 2000, updated: 10000, untouched: 10000 });
    expect(await readsTable(t.db, TABLES)).toEqual({ ...before, doubled: false, fresh: false, updated: false });
    await t.drop();
  });
});

describe.skipIf(!POSTGRES_URL)("the upkeep's statements on PostgreSQL", () => {
  it("vacuums two tables at a time, the largest first, one statement a table", async () => {
    const t = await createTestDatabase("postgres");
    const writer = new pg.Client({ connectionString: t.url! });
    await writer.connect();
    const sizes = { small: 2000, middle: 20000, large: 60000 };
    for (const [table, rows] of Object.entries(sizes)) {
      await writer.query(`create table ${table} (x int)`);
      await writer.query(`insert into ${table} select generate_series(1, ${rows})`);
    }
    await writer.query("select pg_stat_force_next_flush()");
    await writer.end();
    let running = 0;
    let most = 0;
    const started: string[] = [];
    const watched: Database = {
      ...t.db,
      query: async <T>(sql: string, params?: SqlParam[], plan?: QueryPlan) => {
        const vacuum = /vacuum \(analyze\) (\S+)/.exec(sql);
        if (vacuum) {
          started.push(vacuum[1]);
          most = Math.max(most, ++running);
        }
        try {
          return await t.db.query<T>(sql, params, plan);
        } finally {
          if (vacuum) running--;
        }
      },
    };
    const { vacuumed } = await maintainChangedTables(watched);
    expect(vacuumed).toEqual(["public.large", "public.middle", "public.small"]);
    expect(started).toEqual(["public.large", "public.middle", "public.small"]);
    expect(most).toBe(2);
    expect(await plannerRows(t.db, Object.keys(sizes))).toEqual(sizes);
    await t.drop();
  });
});

describe("tables after a bulk load on PGlite", () => {
  it("vacuums and analyzes every table: the embedded engine keeps no counts of changes and has no autovacuum", async () => {
    const t = await createTestDatabase("pglite");
    await t.db.query("create table fresh (x int)");
    await t.db.query("create index on fresh (x)");
    await t.db.query("insert into fresh select generate_series(1, 2000)");
    expect(await plannerRows(t.db, ["fresh"])).toEqual({ fresh: -1 });
    expect(await readsTable(t.db, ["fresh"])).toEqual({ fresh: true });
    const { vacuumed, analyzed } = await maintainChangedTables(t.db);
    expect(vacuumed).toEqual(expect.arrayContaining(["public.fresh", "public.blocks", "public.referral_ancestors"]));
    expect(analyzed).toEqual([]);
    expect(await plannerRows(t.db, ["fresh"])).toEqual({ fresh: 2000 });
    expect(await readsTable(t.db, ["fresh"])).toEqual({ fresh: false });
    await t.drop();
  });

  /** A test database with two tables to vacuum, first and last by name, and `query` calling `onVacuum` as each vacuum starts and ends. */
  async function twoTables(onVacuum: (phase: "start" | "end") => void): Promise<{ t: TestDatabase; watched: Database }> {
    const t = await createTestDatabase("pglite");
    for (const table of ["aa_first", "zz_last"]) {
      await t.db.query(`create table ${table} (x int)`);
      await t.db.query(`create index on ${table} (x)`);
      await t.db.query(`insert into ${table} select generate_series(1, 2000)`);
    }
    const watched: Database = {
      ...t.db,
      query: async <T>(sql: string, params?: SqlParam[], plan?: QueryPlan) => {
        const vacuum = sql.includes("vacuum");
        if (vacuum) onVacuum("start");
        const rows = await t.db.query<T>(sql, params, plan);
        if (vacuum) onVacuum("end");
        return rows;
      },
    };
    return { t, watched };
  }

  it("vacuums one table a statement, so that a stop waits for one table's vacuum, not the whole upkeep's", async () => {
    let stop = false;
    const { t, watched } = await twoTables((phase) => (stop ||= phase === "end"));
    expect(await maintainChangedTables(watched, () => stop)).toEqual({ vacuumed: ["public.aa_first"], analyzed: [] });
    expect(await readsTable(t.db, ["aa_first", "zz_last"])).toEqual({ aa_first: false, zz_last: true });
    await t.drop();
  });

  it("lets a read that comes during one table's vacuum in before the next table's, as the API's do in npm start's one process", async () => {
    const seen: string[] = [];
    let read: Promise<void> | undefined;
    const { t, watched } = await twoTables((phase) => {
      seen.push(phase);
      read ??= t.db.query("select count(*) from blocks").then(() => void seen.push("read"));
    });
    const { vacuumed } = await maintainChangedTables(watched);
    await read;
    const ends = seen.flatMap((event, i) => (event === "end" ? [i] : []));
    expect(ends.length).toBe(vacuumed.length);
    expect(seen.indexOf("read")).toBeLessThan(ends[1]);
    expect(vacuumed).toEqual(expect.arrayContaining(["public.aa_first", "public.zz_last"]));
    await t.drop();
  });
});

describe("the indexer's upkeep once caught up", () => {
  const MAINTAINED = /^indexer: tables maintained in [\d.]+ s: vacuumed and analyzed public\.[a-z0-9_]+(, public\.[a-z0-9_]+)+; analyzed no table$/;

  it.each([
    {
      what: "maintainAfterBlocks blocks, empty ones too",
      txsPerBlock: 0,
      options: { maintainAfterBlocks: 10 },
      before: 8,
      after: 12,
      table: "blocks",
      column: "height",
    },
    {
      what: "maintainAfterTxs transactions, however few the blocks",
      txsPerBlock: 12,
      options: { maintainAfterTxs: 20 },
      before: 1,
      after: 2,
      table: "transactions",
      column: "seq",
    },
  ])("comes after $what, and not before", async ({ txsPerBlock, options, before, after, table, column }) => {
    const chain = await serveDevnet(after, { txsPerBlock });
    const t = await createTestDatabase("pglite");
    const lines: string[] = [];
    const indexer = indexerFor(t.db, chain.url, { ...options, log: (line) => lines.push(line) });
    await indexer.catchUp(before);
    expect(lines.filter((line) => MAINTAINED.test(line))).toEqual([]);
    expect(await readsRows(t.db, table, column)).toBe(true);
    await indexer.catchUp(after);
    expect(lines.filter((line) => MAINTAINED.test(line))).toHaveLength(1);
    expect(await readsRows(t.db, table, column)).toBe(false);
    await t.drop();
    await chain.devnet.close();
  });
});

describe.skipIf(!POSTGRES_URL)("the indexer's upkeep on PostgreSQL", () => {
  it("is cancelled on the server when the indexer stops, rather than holding the stop", async () => {
    const chain = await serveDevnet(12, { txsPerBlock: 0 });
    const t = await createTestDatabase("postgres");
    // A table over autovacuum's measure, and another session holding the lock its VACUUM waits for: as a long vacuum of a
    // large table would hold the stop.
    const holder = new pg.Client({ connectionString: t.url! });
    await holder.connect();
    const lines: string[] = [];
    const indexer = indexerFor(t.db, chain.url, { maintainAfterBlocks: 5, log: (line) => lines.push(line) });
    try {
      await holder.query("create table filler (x int)");
      await holder.query("insert into filler select generate_series(1, 2000)");
      await holder.query("select pg_stat_force_next_flush()");
      await holder.query("begin");
      await holder.query("lock table filler in share update exclusive mode");
      const caughtUp = indexer.catchUp(12);
      // Read from the pool: the holder's transaction sees the sessions as they were at its first look.
      const waiting = async () =>
        (
          await t.db.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where starts_with(query, '/* axm indexer upkeep */ vacuum') and wait_event_type = 'Lock'",
          )
        )[0].n === 1;
      await waitFor(waiting, 20_000, "the upkeep's vacuum waiting for the lock");
      const stopped = performance.now();
      indexer.stop();
      expect(await caughtUp).toBe(12);
      expect(performance.now() - stopped).toBeLessThan(3000);
      expect(await waiting()).toBe(false);
      expect(lines.filter((line) => line.includes("tables maintained"))).toEqual([]);
    } finally {
      await holder.end();
      await t.drop();
      await chain.devnet.close();
    }
  });
});

const ADVICE = `so its updated tables bloat and its lists read each row from the table instead of their indexes alone: turn autovacuum on (README "PostgreSQL settings for a large index")`;

describe("the server's own vacuuming", () => {
  it("is not judged on the embedded engine, which has no autovacuum", async () => {
    const t = await createTestDatabase("pglite");
    expect(await vacuumSettings(t.db)).toBeNull();
    expect(vacuumAdvice(null)).toBeNull();
    await t.drop();
  });

  it("names autovacuum off, track_counts off and the tables left out, and keeps quiet when autovacuum covers everything", () => {
    const on = { database: "axm", autovacuum: true, trackCounts: true, tablesOff: [] };
    expect(vacuumAdvice(on)).toBeNull();
    expect(vacuumAdvice({ ...on, autovacuum: false })).toBe(`database axm is not vacuumed automatically (autovacuum = off), ${ADVICE}`);
    expect(vacuumAdvice({ ...on, trackCounts: false, tablesOff: ["nickname_suffixes", "referral_ancestors"] })).toBe(
      `database axm is not vacuumed automatically (track_counts = off; autovacuum_enabled = false on nickname_suffixes, referral_ancestors), ${ADVICE}`,
    );
  });
});

describe.skipIf(!POSTGRES_URL)("the server's own vacuuming on PostgreSQL", () => {
  it("reads the server's autovacuum and track_counts, and the tables whose own autovacuum is off", async () => {
    const t = await createTestDatabase("postgres");
    try {
      const [server] = await t.db.query<{ autovacuum: string; track_counts: string }>(
        "select current_setting('autovacuum') as autovacuum, current_setting('track_counts') as track_counts",
      );
      const settings = { autovacuum: server.autovacuum === "on", trackCounts: server.track_counts === "on" };
      expect(await vacuumSettings(t.db)).toEqual({ database: expect.any(String), ...settings, tablesOff: [] });

      await t.db.query("alter table referral_ancestors set (autovacuum_enabled = off)");
      await t.db.query("alter table nickname_suffixes set (autovacuum_enabled = false, fillfactor = 90)");
      await t.db.query("alter table profiles set (autovacuum_enabled = on)");
      const v = await vacuumSettings(t.db);
      expect(v).toEqual({ database: expect.any(String), ...settings, tablesOff: ["nickname_suffixes", "referral_ancestors"] });
      expect(vacuumAdvice(v)).toContain("autovacuum_enabled = false on nickname_suffixes, referral_ancestors), so its updated tables bloat");
    } finally {
      await t.drop();
    }
  });
});
