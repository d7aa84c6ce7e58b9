// Node faults: a node that goes away for a while (the indexer waits and leaves no gap), and a node of another chain.
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { faultyNode } from "./support/faulty-node.ts";
import type { Indexer } from "../indexer/indexer.ts";

describe("an indexer whose node stops for a while", () => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let indexer: Indexer;
  afterAll(async () => {
    indexer?.stop();
    await chain?.devnet.close();
    await t?.drop();
  });

  it("waits, resumes and leaves no gap", async () => {
    chain = await serveDevnet(40);
    t = await createTestDatabase("pglite");
    const lines: string[] = [];
    indexer = indexerFor(t.db, chain.url, { log: (line) => lines.push(line) });
    const running = indexer.run();
    const indexed = async () => (await t.db.query<{ indexed_height: number }>("select indexed_height from indexer_state"))[0]?.indexed_height ?? 0;
    await waitFor(async () => (await indexed()) === 40, 30_000, "the first 40 blocks");

    await chain.devnet.close();
    for (let i = 0; i < 25; i++) await chain.devnet.produceBlock();
    // Several refused attempts on the stopped node, each waited out: the index stays where it was.
    const refusals = () => lines.filter((line) => /node fault on status .*attempt \d+/.test(line)).length;
    await waitFor(async () => refusals() >= 4, 30_000, "the indexer to retry the stopped node");
    expect(await indexed()).toBe(40);

    await chain.devnet.listen(chain.port);
    await waitFor(async () => (await indexed()) === 65, 30_000, "the blocks made during the outage");
    indexer.stop();
    await running;

    const heights = (await t.db.query<{ height: number }>("select height from blocks order by height")).map((r) => r.height);
    expect(heights).toEqual([...Array(65).keys()].map((i) => i + 1));
    const txs = await t.db.query<{ n: number }>("select count(*)::int8 as n from transactions");
    expect(txs[0].n).toBe(chain.devnet.state.counts.txs);
  }, 90_000);

  it("refuses to continue an index with a node whose blocks differ (another chain under the same chain id)", async () => {
    const first = await serveDevnet(20, { seed: "chain-a" });
    const second = await serveDevnet(25, { seed: "chain-b" });
    const db = await createTestDatabase("pglite");
    try {
      await indexerFor(db.db, first.url).catchUp();
      await expect(indexerFor(db.db, second.url).catchUp()).rejects.toThrow(/another chain/);
      expect(await indexerFor(db.db, first.url).catchUp()).toBe(20);
    } finally {
      await first.devnet.close();
      await second.devnet.close();
      await db.drop();
    }
  }, 60_000);

  it("retries a node's error answers (results not ready yet) and indexes every height", async () => {
    const source = await serveDevnet(30);
    let failuresLeft = 4;
    const node = await faultyNode(source.url, (path) =>
      path.startsWith("/block_results?height=17") && failuresLeft-- > 0 ? "could not find results for height #17" : null,
    );
    const db = await createTestDatabase("pglite");
    try {
      expect(await indexerFor(db.db, node.url).catchUp()).toBe(30);
      expect(node.faults()).toBe(4);
      const rows = await db.db.query<{ n: number }>("select count(*)::int8 as n from blocks");
      expect(rows[0].n).toBe(30);
    } finally {
      await node.close();
      await source.devnet.close();
      await db.drop();
    }
  }, 60_000);

  it("stops with advice when the node has pruned the heights it needs", async () => {
    const source = await serveDevnet(10);
    const node = await faultyNode(source.url, (path) =>
      /^\/block(_results)?\?height=[1-4]$/.test(path) ? "height 1 is not available, lowest height is 5" : null,
    );
    const db = await createTestDatabase("pglite");
    try {
      await expect(indexerFor(db.db, node.url).catchUp()).rejects.toThrow(/pruned height 1 .*START_HEIGHT=5/);
    } finally {
      await node.close();
      await source.devnet.close();
      await db.drop();
    }
  }, 60_000);
});
