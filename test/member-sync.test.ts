// The member sync in a transaction of its own after each batch's (indexer/README.md "The member sync"): a batch queues
// the members whose figures it changed, and neither a stop nor a lost connection between its commit and their sync
// loses any of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient } from "../chain/rpc.ts";
import type { Database } from "../db/connection.ts";
import { Indexer } from "../indexer/indexer.ts";
import { ENGINES, createTestDatabase } from "./support/databases.ts";
import { dumpIndex } from "./support/dump.ts";
import { indexerFor, serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";

const BLOCKS = 60;
const BATCH_BLOCKS = 10;
/** The batch whose member sync fails: the index stops at its last block with its members queued. */
const FAILING_SYNC = 3;
const STOPPED_AT = FAILING_SYNC * BATCH_BLOCKS;

let chain: ServedDevnet;
beforeAll(async () => {
  chain = await serveDevnet(BLOCKS);
});
afterAll(() => chain.devnet.close());

/**
 * The database with the nth member sync failing, by default as a process stopped between a batch's commit and its sync
 * leaves it, or with the error given.
 */
function failingSync(db: Database, nth: number, error = () => new Error("stopped before the member sync")): Database {
  let syncs = 0;
  return {
    ...db,
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          ...tx,
          query: (sql, params) => {
            if (sql.startsWith("delete from pending_member_syncs") && ++syncs === nth) throw error();
            return tx.query(sql, params);
          },
        }),
      ),
  };
}

const queued = async (db: Database) => (await db.query<{ n: number }>("select count(*)::int as n from pending_member_syncs"))[0].n;

describe.each(ENGINES)("the member sync on %s", (engine) => {
  it("copies a committed batch's queued members when the indexer starts again, as an uninterrupted run has them", async () => {
    const reference = await createTestDatabase(engine);
    const t = await createTestDatabase(engine);
    try {
      await indexerFor(reference.db, chain.url, { batchBlocks: BATCH_BLOCKS }).catchUp(STOPPED_AT);
      const atStop = await dumpIndex(reference.db);
      await indexerFor(reference.db, chain.url, { batchBlocks: BATCH_BLOCKS }).catchUp();
      const atEnd = await dumpIndex(reference.db);

      await expect(indexerFor(failingSync(t.db, FAILING_SYNC), chain.url, { batchBlocks: BATCH_BLOCKS }).catchUp()).rejects.toThrow(
        "stopped before the member sync",
      );
      const stopped = await dumpIndex(t.db);
      expect(JSON.parse(stopped.indexer_state)[0].indexed_height).toBe(STOPPED_AT);
      expect(await queued(t.db)).toBeGreaterThan(0);
      expect(stopped.referral_ancestors).not.toBe(atStop.referral_ancestors);

      // Started again with no block to add: the queued members are synced before anything else.
      expect(await indexerFor(t.db, chain.url, { batchBlocks: BATCH_BLOCKS }).catchUp(STOPPED_AT)).toBe(STOPPED_AT);
      expect(await queued(t.db)).toBe(0);
      const resumed = await dumpIndex(t.db);
      for (const table of Object.keys(atStop)) expect(resumed[table], table).toBe(atStop[table]);

      await indexerFor(t.db, chain.url, { batchBlocks: BATCH_BLOCKS }).catchUp();
      expect(await queued(t.db)).toBe(0);
      const ended = await dumpIndex(t.db);
      for (const table of Object.keys(atEnd)) expect(ended[table], table).toBe(atEnd[table]);
    } finally {
      await reference.drop();
      await t.drop();
    }
  }, 120_000);

  it("waits out a connection lost during a sync while following the node, and syncs the queued members after it", async () => {
    const reference = await createTestDatabase(engine);
    const t = await createTestDatabase(engine);
    const lost = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const lines: string[] = [];
    const indexer = new Indexer({
      db: failingSync(t.db, FAILING_SYNC, lost),
      rpc: new RpcClient(chain.url, { timeoutMs: 5000 }),
      batchBlocks: BATCH_BLOCKS,
      pollMs: 100,
      log: (line) => lines.push(line),
    });
    const running = indexer.run();
    try {
      await indexerFor(reference.db, chain.url, { batchBlocks: BATCH_BLOCKS }).catchUp();
      const atEnd = await dumpIndex(reference.db);
      const indexedHeight = async () => JSON.parse((await dumpIndex(t.db)).indexer_state)[0]?.indexed_height ?? 0;
      await waitFor(async () => (await indexedHeight()) === BLOCKS && (await queued(t.db)) === 0, 60_000, "the whole chain, its members synced");
      expect(lines.join("\n")).toMatch(/database unavailable \(terminating connection/);
      const followed = await dumpIndex(t.db);
      for (const table of Object.keys(atEnd)) expect(followed[table], table).toBe(atEnd[table]);
    } finally {
      indexer.stop();
      await running;
      await reference.drop();
      await t.drop();
    }
  }, 120_000);
});
