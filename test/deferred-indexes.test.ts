// A large catch-up drops the secondary indexes and builds them again when it ends (db/deferred-indexes.ts): the index
// it leaves is the one an ordinary catch-up leaves, rows and index definitions alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFERRABLE_INDEXES, FIGURE_INDEXES, deferIndexes, deferredIndexes, indexesToDefer, restoreIndexesIn } from "../db/deferred-indexes.ts";
import { ENGINES, createTestDatabase } from "./support/databases.ts";
import { dumpIndex } from "./support/dump.ts";
import { indexerFor, serveDevnet, type ServedDevnet } from "./support/pipeline.ts";

const BLOCKS = 120;
const BUILT = /^indexer: index \w+ built again in/;

let chain: ServedDevnet;
let reference: Record<string, string>;

beforeAll(async () => {
  chain = await serveDevnet(BLOCKS);
  const t = await createTestDatabase("pglite");
  await indexerFor(t.db, chain.url, { deferIndexesBlocks: 0 }).catchUp();
  reference = await dumpIndex(t.db);
  await t.drop();
});
afterAll(() => chain.devnet.close());

const indexDefinitions = async (db: { query: <T>(sql: string) => Promise<T[]> }) =>
  db.query<{ indexname: string; indexdef: string }>("select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname");

describe.each(ENGINES)("deferred indexes on %s", (engine) => {
  it("drop in one go, keep their definitions, and a migration's transaction builds them again", async () => {
    const t = await createTestDatabase(engine);
    const before = await indexDefinitions(t.db);
    expect(await deferIndexes(t.db)).toEqual([...DEFERRABLE_INDEXES].sort());
    const without = await indexDefinitions(t.db);
    expect(before.length - without.length).toBe(DEFERRABLE_INDEXES.length);
    expect(without.map((r) => r.indexname)).not.toContain("transactions_hash");
    // Dropping again finds nothing more to drop.
    expect(await deferIndexes(t.db)).toEqual([]);
    await t.db.transaction((tx) => restoreIndexesIn(tx));
    expect(await deferredIndexes(t.db)).toEqual([]);
    expect(await indexDefinitions(t.db)).toEqual(before);
    await t.drop();
  });

  it("a catch-up onto a smaller index drops them, builds them again at its end, and leaves the same index", async () => {
    const t = await createTestDatabase(engine);
    const lines: string[] = [];
    // The first two thirds: 80 blocks onto an empty index, at a threshold of 40: deferred.
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 40, log: (l) => lines.push(l) }).catchUp(80);
    expect(lines.filter((l) => l.includes("secondary indexes dropped"))).toHaveLength(1);
    // The genesis tree's 2,809 ancestor rows, and its nicknames' entries, outnumber the 80 blocks: their figure orders
    // are kept, the rest dropped.
    const kept = [...FIGURE_INDEXES.referral_ancestors, ...FIGURE_INDEXES.nickname_suffixes];
    const dropped = DEFERRABLE_INDEXES.filter((name) => !kept.includes(name));
    expect(lines.find((l) => l.includes("secondary indexes dropped"))).toContain(`: ${dropped.join(", ")}`);
    expect(lines.filter((l) => BUILT.test(l))).toHaveLength(dropped.length);
    expect(await deferredIndexes(t.db)).toEqual([]);
    // The last 40 onto 80 already indexed: building the indexes again would cost more than it saves, so they stay.
    lines.length = 0;
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 40, log: (l) => lines.push(l) }).catchUp();
    expect(lines.filter((l) => l.includes("secondary indexes") || BUILT.test(l))).toEqual([]);
    const dump = await dumpIndex(t.db);
    for (const table of Object.keys(reference)) expect(dump[table], table).toBe(reference[table]);
    await t.drop();
  });

  it("drops the lists' indexes for a catch-up of as many blocks as are indexed, and a table's figure orders for one of as many blocks as it has rows", async () => {
    const t = await createTestDatabase(engine);
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 0 }).catchUp(40);
    const [{ ancestors, delegations, entries }] = await t.db.query<{ ancestors: number; delegations: number; entries: number }>(
      `select (select count(*) from referral_ancestors)::int as ancestors, (select count(*) from delegations)::int as delegations,
              (select count(*) from nickname_suffixes)::int as entries`,
    );
    expect(delegations).toBeLessThan(ancestors);
    expect(ancestors).toBeLessThan(entries);
    const lists = DEFERRABLE_INDEXES.filter((name) => !Object.values(FIGURE_INDEXES).flat().includes(name));
    const withFigures = (...tables: string[]) => [...lists, ...tables.flatMap((table) => FIGURE_INDEXES[table])].sort();
    expect(await indexesToDefer(t.db, 39, 40)).toEqual([]);
    expect(await indexesToDefer(t.db, 40, 40)).toEqual(lists);
    expect(await indexesToDefer(t.db, delegations, 40)).toEqual(withFigures("delegations"));
    expect(await indexesToDefer(t.db, ancestors - 1, 40)).toEqual(withFigures("delegations"));
    expect(await indexesToDefer(t.db, ancestors, 40)).toEqual(withFigures("delegations", "referral_ancestors"));
    expect(await indexesToDefer(t.db, entries - 1, 40)).toEqual(withFigures("delegations", "referral_ancestors"));
    expect(await indexesToDefer(t.db, entries, 40)).toEqual(withFigures("delegations", "nickname_suffixes", "referral_ancestors"));
    expect(await indexesToDefer(t.db, ancestors, ancestors + 1)).toEqual([...FIGURE_INDEXES.delegations, ...FIGURE_INDEXES.referral_ancestors].sort());
    await t.drop();
  });

  it("a run that finds indexes a stopped run dropped builds them again once caught up", async () => {
    const t = await createTestDatabase(engine);
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 0 }).catchUp();
    await deferIndexes(t.db);
    const lines: string[] = [];
    // Nothing left to index: the run only finds the dropped indexes, and builds them.
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 0, log: (l) => lines.push(l) }).catchUp();
    expect(lines.filter((l) => BUILT.test(l))).toHaveLength(DEFERRABLE_INDEXES.length);
    const dump = await dumpIndex(t.db);
    for (const table of Object.keys(reference)) expect(dump[table], table).toBe(reference[table]);
    await t.drop();
  });
});
