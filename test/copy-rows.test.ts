// Rows loaded with COPY (the batch writer's blocks, transactions and index rows) read back as given, on each engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Columns, copyRows } from "../indexer/sql-rows.ts";
import { utf8Texts } from "../indexer/utf8-texts.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const AWKWARD = ["plain", "", "tab\there", "line\nbreak", "carriage\rreturn", "back\\slash", "\\N", "Алиса — 王芳 🚀", 'quote " and {brace}'];

describe.each(ENGINES)("COPY rows on %s", (engine) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.db.query("create table copied (n int8, label text, list text[], positions int[], doc json, at timestamptz)");
  });
  afterAll(() => t.drop());

  const read = () =>
    t.db.query<{ n: number; label: string | null; list: string[] | null; positions: number[] | null; doc: unknown; at: Date | null }>(
      "select n, label, list, positions, doc, at from copied order by n",
    );

  it("keeps text with tabs, newlines, backslashes, quotes and any script, nulls, lists and JSON bytes", async () => {
    const docs = AWKWARD.map((label) => JSON.stringify({ label, nested: "a \\ b" }));
    const bytes = utf8Texts(docs);
    const rows = new Columns(6);
    AWKWARD.forEach((label, i) => rows.push(i, label, [label, "NULL", "x,y", ""], `{${i},${i + 1}}`, bytes[i], "2026-01-01T00:00:05.000313Z"));
    rows.push(AWKWARD.length, null, null, null, null, null);
    await t.db.transaction((tx) => copyRows(tx, "copied (n, label, list, positions, doc, at)", rows));

    const stored = await read();
    expect(stored.map((r) => r.label)).toEqual([...AWKWARD, null]);
    expect(stored.map((r) => r.list)).toEqual([...AWKWARD.map((label) => [label, "NULL", "x,y", ""]), null]);
    expect(stored.map((r) => r.positions)).toEqual([...AWKWARD.map((_, i) => [i, i + 1]), null]);
    expect(stored.map((r) => r.doc)).toEqual([...docs.map((d) => JSON.parse(d)), null]);
    expect(stored[0].at?.toISOString()).toBe("2026-01-01T00:00:05.000Z");
  });

  it("loads rows larger than one chunk, and rows across chunks", async () => {
    await t.db.query("truncate copied");
    const big = "x".repeat(1_500_000);
    const rows = new Columns(2);
    for (let i = 0; i < 5_000; i++) rows.push(i, i === 2_500 ? big : `row ${i} ${"y".repeat(400)}`);
    await t.db.transaction((tx) => copyRows(tx, "copied (n, label)", rows));
    const stored = await t.db.query<{ count: number; longest: number; last: string }>(
      "select count(*)::int as count, max(length(label)) as longest, (select label from copied order by n desc limit 1) as last from copied",
    );
    expect(stored[0]).toEqual({ count: 5_000, longest: big.length, last: `row 4999 ${"y".repeat(400)}` });
  });

  it("rolls back the whole transaction when a row does not fit its column", async () => {
    await t.db.query("truncate copied");
    const rows = new Columns(2);
    rows.push(1, "fine");
    rows.push("not a number", "bad");
    await expect(t.db.transaction((tx) => copyRows(tx, "copied (n, label)", rows))).rejects.toThrow(/invalid input syntax for type bigint/);
    expect(await read()).toEqual([]);
  });
});
