// After a bulk load the indexer refreshes the planner's statistics of the tables the load changed much (db/statistics.ts):
// on PostgreSQL by autovacuum's own rule, on the embedded engine all of them.
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Queryable } from "../db/connection.ts";
import { analyzeChangedTables } from "../db/statistics.ts";
import { POSTGRES_URL, createTestDatabase } from "./support/databases.ts";

/** The planner's row count of each table (-1 while never analyzed). */
async function plannerRows(db: Queryable, tables: string[]): Promise<Record<string, number>> {
  const rows = await db.query<{ relname: string; reltuples: number }>(
    "select relname, reltuples::int8::int as reltuples from pg_class where relname = any($1::text[])",
    [tables],
  );
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.reltuples)]));
}

describe.skipIf(!POSTGRES_URL)("planner statistics after a bulk load on PostgreSQL", () => {
  it("samples again the tables changed by more than a tenth of their rows, and no other", async () => {
    const t = await createTestDatabase("postgres");
    // The load comes from another connection, as the indexer's pool writes it; the statistics it reports are flushed
    // at once instead of within the next second.
    const writer = new pg.Client({ connectionString: t.url! });
    await writer.connect();
    // Each statement its own transaction: an ANALYZE counts the changes committed before it.
    for (const sql of [
      "create table grown (x int); create table doubled (x int); create table fresh (x int); create table untouched (x int)",
      "insert into grown select generate_series(1, 10000)",
      "insert into doubled select generate_series(1, 10000)",
      "insert into untouched select generate_series(1, 10000)",
      "select pg_stat_force_next_flush()",
      "analyze grown, doubled, untouched",
      "insert into grown select generate_series(1, 500)",
      "insert into doubled select generate_series(1, 10000)",
      "insert into fresh select generate_series(1, 2000)",
    ])
      await writer.query(sql);
    await writer.query("select pg_stat_force_next_flush()");
    await writer.query("select 1");
    await writer.end();

    const analyzed = await analyzeChangedTables(t.db);
    expect(analyzed).toEqual(expect.arrayContaining(["public.doubled", "public.fresh"]));
    expect(analyzed).not.toContain("public.grown");
    expect(analyzed).not.toContain("public.untouched");
    // 500 rows onto 10,000 stay under autovacuum's 50 + 10 %: the grown table keeps the statistics of its 10,000.
    expect(await plannerRows(t.db, ["grown", "doubled", "fresh", "untouched"])).toEqual({ grown: 10000, doubled: 20000, fresh: 2000, untouched: 10000 });
    await t.drop();
  });
});

describe("planner statistics after a bulk load on PGlite", () => {
  it("samples every table: the embedded engine keeps no counts of changes and has no autovacuum", async () => {
    const t = await createTestDatabase("pglite");
    await t.db.query("create table fresh (x int)");
    await t.db.query("insert into fresh select generate_series(1, 2000)");
    expect(await plannerRows(t.db, ["fresh"])).toEqual({ fresh: -1 });
    expect(await analyzeChangedTables(t.db)).toBe("all");
    expect(await plannerRows(t.db, ["fresh"])).toEqual({ fresh: 2000 });
    await t.drop();
  });
});
