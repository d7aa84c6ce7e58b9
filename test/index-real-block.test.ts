// A real recorded block (Celestia mocha-4, CometBFT 0.34) through decoding, the batch writer and the read queries, on each engine.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeBlock, normalizeBlockResults } from "../chain/normalize.ts";
import { decodeBlock, type IndexedBlock } from "../indexer/decode-block.ts";
import { writeBatch } from "../indexer/write-batch.ts";
import { countTransactions, pageTransactions, transactionByHash, transactionsOfBlock, messageTypes } from "../db/queries/transactions.ts";
import { blockByHeight } from "../db/queries/blocks.ts";
import { chainStat } from "../db/queries/stats.ts";
import { transactionHash } from "../db/queries/search.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const FIXTURES = new URL("../../shared/fixtures/real-chains/", import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));

const block = normalizeBlock(read("celenium-celestia-mocha4-1768659.block.result.json"));
const results = normalizeBlockResults(read("celenium-celestia-mocha4-1768659.block_results.result.json"));
// One attribute added beyond ASCII, as AXM's referral events carry nicknames in any script: the texts reach a
// PostgreSQL server as UTF-8 bytes, and must read back the same on both engines.
results.txsResults[0].events[0].attributes.push({ key: "nickname", value: "Алиса — 王芳 🚀" });
const indexed = decodeBlock(block, results);
const ALL = { types: [], status: 2 as const, time: null, address: null };

/** A new database holding `blocks` (from the real block's height on), written as the indexer writes one batch. */
async function indexedDatabase(engine: (typeof ENGINES)[number], blocks: IndexedBlock[]): Promise<TestDatabase> {
  const t = await createTestDatabase(engine);
  const last = block.height + blocks.length - 1;
  await t.db.query("insert into indexer_state (chain_id, start_height, indexed_height, chain_height) values ($1, $2, $3, $4)", [
    block.chainId,
    block.height,
    block.height - 1,
    last,
  ]);
  await t.db.transaction((tx) => writeBatch(tx, blocks, last));
  return t;
}

describe.each(ENGINES)("a real block indexed on %s", (engine) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await indexedDatabase(engine, [indexed]);
  });
  afterAll(() => t.drop());

  it("keeps every transaction, in block order, with its result", async () => {
    expect(await countTransactions(t.db, ALL)).toBe(block.txs.length);
    const rows = await transactionsOfBlock(t.db, block.height);
    expect(rows.map((r) => r.idx)).toEqual(block.txs.map((_, i) => i));
    expect(rows.map((r) => r.code)).toEqual(results.txsResults.map((r) => r.code));
  });

  it("keeps every event of the block and its transactions", async () => {
    const row = await blockByHeight(t.db, block.height);
    const expected = results.blockEvents.length + results.txsResults.reduce((n, r) => n + r.events.length, 0);
    expect(row?.event_count).toBe(expected);
    expect(row?.events).toEqual(results.blockEvents);
    expect((await chainStat(t.db)).events).toBe(expected);
    for (const [i, tx] of indexed.txs.entries()) {
      const stored = await transactionByHash(t.db, tx.hash.toLowerCase());
      expect(stored?.events).toEqual(results.txsResults[i].events);
      expect(stored?.raw).toBe(Buffer.from(block.txs[i]).toString("base64"));
    }
  });

  it("pages newest first and agrees with the count for every filter", async () => {
    const first = await pageTransactions(t.db, ALL, 10, 1);
    const second = await pageTransactions(t.db, ALL, 10, 2);
    expect([...first, ...second].map((r) => r.idx)).toEqual([...block.txs.keys()].reverse());
    expect(await pageTransactions(t.db, ALL, 10, 3)).toEqual([]);
    for (const type of await messageTypes(t.db)) {
      const filter = { ...ALL, types: [type] };
      const count = await countTransactions(t.db, filter);
      const page = await pageTransactions(t.db, filter, 100, 1);
      expect(page.length).toBe(count);
      expect(page.every((r) => r.types.includes(type))).toBe(true);
    }
    const failed = results.txsResults.filter((r) => r.code !== 0).length;
    expect(await countTransactions(t.db, { ...ALL, status: 1 })).toBe(failed);
    expect(await countTransactions(t.db, { ...ALL, status: 0 })).toBe(block.txs.length - failed);
  });

  it("filters by a time range around the block", async () => {
    const at = new Date(block.time).getTime();
    expect(await countTransactions(t.db, { ...ALL, time: { from: new Date(at - 1000), to: new Date(at + 1000) } })).toBe(block.txs.length);
    expect(await countTransactions(t.db, { ...ALL, time: { from: new Date(at + 1000), to: new Date(at + 2000) } })).toBe(0);
  });
});

// A transaction that fails before its sequence number counts (an ante handler's error) can be included again, byte for
// byte: two rows share its hash, and each must be kept.
describe.each(ENGINES)("the same transaction included twice on %s", (engine) => {
  let t: TestDatabase;
  const [first] = results.txsResults;
  const failing = decodeBlock(
    { ...block, txs: block.txs.slice(0, 1) },
    { ...results, txsResults: [{ ...first, code: 13, codespace: "sdk", log: "insufficient fee", events: [] }] },
  );
  const again = decodeBlock(
    { ...block, height: block.height + 1, time: new Date(new Date(block.time).getTime() + 6000).toISOString(), txs: block.txs.slice(0, 1) },
    { ...results, height: block.height + 1, txsResults: [{ ...first, code: 0 }] },
  );
  const hash = failing.txs[0].hash;

  beforeAll(async () => {
    t = await indexedDatabase(engine, [failing, again]);
  });
  afterAll(() => t.drop());

  it("keeps both inclusions and shows the newest by its hash", async () => {
    expect(again.txs[0].hash).toBe(hash);
    expect(await countTransactions(t.db, ALL)).toBe(2);
    expect((await pageTransactions(t.db, ALL, 10, 1)).map((r) => [r.height, r.code])).toEqual([
      [block.height + 1, 0],
      [block.height, 13],
    ]);
    const stored = await transactionByHash(t.db, hash.toLowerCase());
    expect([stored?.height, stored?.code]).toEqual([block.height + 1, 0]);
    expect(await transactionHash(t.db, hash.toLowerCase())).toBe(hash);
  });
});

describe.each(ENGINES)("sessions on %s", (engine) => {
  it("work in UTC, so daily figures start at UTC midnight", async () => {
    const t = await createTestDatabase(engine);
    try {
      const rows = await t.db.query<{ zone: string }>("select current_setting('TimeZone') as zone");
      expect(rows[0].zone).toBe("UTC");
    } finally {
      await t.drop();
    }
  });
});
