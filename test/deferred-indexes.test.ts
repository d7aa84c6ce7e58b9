// A large catch-up drops the secondary indexes and builds them again when it ends (db/deferred-indexes.ts): the index
// it leaves is the one an ordinary catch-up leaves, rows and index definitions alike.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFERRABLE_INDEXES, FIGURE_INDEXES, deferIndexes, deferredIndexes, indexesToDefer, restoreIndexes, restoreIndexesIn } from "../db/deferred-indexes.ts";
import { ENGINES, POSTGRES_URL, createTestDatabase } from "./support/databases.ts";
import { dumpIndex } from "./support/dump.ts";
import { indexerFor, serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";

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

const constraints = async (db: { query: <T>(sql: string) => Promise<T[]> }) =>
  db.query<{ name: string; definition: string; index: string }>(
    `select c.conname as name, pg_get_constraintdef(c.oid) as definition, c.conindid::regclass::text as index
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema() order by 1`,
  );

/** What a build must leave as it was: no index still dropped, every index's definition and every constraint. */
const schema = async (db: { query: <T>(sql: string) => Promise<T[]> }) => ({
  dropped: await deferredIndexes(db),
  indexes: await indexDefinitions(db),
  keys: await constraints(db),
});

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

  it("builds them two at a time on a server and one at a time embedded, largest tables first, keys as keys again", async () => {
    const t = await createTestDatabase(engine);
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 0 }).catchUp(40);
    const before = await schema(t.db);
    await deferIndexes(t.db);
    // A key is kept as its unique index and the constraint made of it, so that it is built beside its table's other indexes.
    const [kept] = await t.db.query<{ definition: string }>("select definition from deferred_indexes where name = 'address_txs_pkey'");
    expect(kept.definition).toMatch(
      /^CREATE UNIQUE INDEX address_txs_pkey ON \S*address_txs USING btree \(account, n\); alter table address_txs add constraint address_txs_pkey primary key using index address_txs_pkey$/,
    );
    let running = 0;
    let most = 0;
    const started: string[] = [];
    await restoreIndexes(t.db, {
      onStart: (name) => {
        started.push(name);
        most = Math.max(most, ++running);
      },
      onBuilt: () => running--,
    });
    expect(most).toBe(engine === "postgres" ? 2 : 1);
    expect(started).toHaveLength(DEFERRABLE_INDEXES.length);
    // The largest tables' indexes first: the sizes of their tables, in the order they started, never grow.
    const sizes = await t.db.query<{ name: string; size: number }>(
      "select indexname as name, pg_relation_size(format('%I', tablename)::regclass)::int8 as size from pg_indexes where indexname = any($1::text[])",
      [started],
    );
    const order = started.map((name) => sizes.find((s) => s.name === name)!.size);
    expect(new Set(order).size).toBeGreaterThan(3);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(await schema(t.db)).toEqual(before);
    await t.drop();
  });

  it("builds a key that an earlier version dropped, kept as one ALTER TABLE", async () => {
    const t = await createTestDatabase(engine);
    const before = await schema(t.db);
    await deferIndexes(t.db, ["type_txs_pkey", "type_txs_seq"]);
    await t.db.query(
      "update deferred_indexes set definition = 'alter table type_txs add constraint type_txs_pkey PRIMARY KEY (type, n)' where name = 'type_txs_pkey'",
    );
    await restoreIndexes(t.db);
    expect(await schema(t.db)).toEqual(before);
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

describe.skipIf(!POSTGRES_URL)("deferred indexes' builds on PostgreSQL", () => {
  it("are cancelled on the server when the indexer stops, both of them, rather than holding the stop", async () => {
    const t = await createTestDatabase("postgres");
    await indexerFor(t.db, chain.url, { deferIndexesBlocks: 0 }).catchUp(40);
    await deferIndexes(t.db);
    // Another session holds the tables against the builds' locks: as two long builds of large tables would hold the stop.
    const holder = new pg.Client({ connectionString: t.url! });
    await holder.connect();
    const lines: string[] = [];
    const indexer = indexerFor(t.db, chain.url, { deferIndexesBlocks: 0, log: (line) => lines.push(line) });
    try {
      const tables = await holder.query<{ name: string }>("select distinct tablename as name from pg_tables where schemaname = current_schema()");
      await holder.query("begin");
      await holder.query(`lock table ${tables.rows.map((r) => r.name).join(", ")} in row exclusive mode`);
      const caughtUp = indexer.catchUp(40);
      const waiting = async () =>
        (
          await t.db.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where starts_with(query, '/* axm indexer index build */') and wait_event_type = 'Lock'",
          )
        )[0].n;
      await waitFor(async () => (await waiting()) === 2, 20_000, "two builds waiting for the tables");
      const stopped = performance.now();
      indexer.stop();
      expect(await caughtUp).toBe(40);
      expect(performance.now() - stopped).toBeLessThan(3000);
      expect(await waiting()).toBe(0);
      expect(lines.filter((line) => BUILT.test(line))).toEqual([]);
      expect(await deferredIndexes(t.db)).toEqual([...DEFERRABLE_INDEXES].sort());
    } finally {
      await holder.end();
      await t.drop();
    }
  });
});
