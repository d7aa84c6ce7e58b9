// The indexer under node faults, in process: permanent faults named with their exit status, refused queries degraded, the heartbeat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient } from "../chain/rpc.ts";
import { Indexer, type IndexerOptions } from "../indexer/indexer.ts";
import { EXIT } from "../indexer/faults.ts";
import { readIndexerHealth } from "../db/queries/stats.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { buildApi } from "../api/server.ts";
import { loadConfig } from "../cli/config.ts";
import { apiConfig } from "../cli/services.ts";
import { faultNode, INJECTED_BYTES, type Faults } from "./support/fault-node.ts";
import { serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";

let chain: ServedDevnet;
beforeAll(async () => {
  chain = await serveDevnet(30);
});
afterAll(() => chain.devnet.close());

/** An indexer with short waits, whose log lines the test can read. */
function quickIndexer(t: TestDatabase, url: string, options: Partial<IndexerOptions> = {}): { indexer: Indexer; lines: string[] } {
  const lines: string[] = [];
  const indexer = new Indexer({
    db: t.db,
    rpc: new RpcClient(url, { timeoutMs: 2000 }),
    batchBlocks: 5,
    pollMs: 50,
    retryBaseMs: 20,
    retryMaxMs: 100,
    heartbeatMs: 100,
    flushAfterMs: 300,
    log: (line) => lines.push(line),
    ...options,
  });
  return { indexer, lines };
}

async function withNode<T>(
  faults: Faults,
  engine: (typeof ENGINES)[number],
  work: (t: TestDatabase, url: string, node: Awaited<ReturnType<typeof faultNode>>) => Promise<T>,
): Promise<T> {
  const node = await faultNode(chain.url, faults);
  const t = await createTestDatabase(engine);
  try {
    return await work(t, node.url, node);
  } finally {
    await node.close();
    await t.drop();
  }
}

describe.each(ENGINES)("permanent node and database faults on %s", (engine) => {
  it("refuses a START_HEIGHT below the node's earliest height before writing anything", () =>
    withNode({ prunedBelow: 10 }, engine, async (t, url) => {
      await expect(quickIndexer(t, url, { startHeight: 3 }).indexer.catchUp()).rejects.toMatchObject({
        exitCode: EXIT.startBelowEarliest,
        message: expect.stringMatching(/START_HEIGHT=3 is below the node's earliest available height 10: set START_HEIGHT=10/),
      });
      expect(await t.db.query("select 1 from indexer_state")).toHaveLength(0);
    }));

  it("stops on a pruned next height, naming the earliest height and START_HEIGHT", () =>
    withNode({ refuseBatches: true }, engine, async (t, url, node) => {
      expect(await quickIndexer(t, url).indexer.catchUp(8)).toBe(8);
      node.faults.prunedBelow = 20;
      await expect(quickIndexer(t, url).indexer.catchUp()).rejects.toMatchObject({
        exitCode: EXIT.heightPruned,
        message: expect.stringMatching(/pruned height 9 \(its earliest available height is 20\).*START_HEIGHT=20/),
      });
    }));

  it("stops when the node's chain id changes under a running indexer", () =>
    withNode({ refuseBatches: true }, engine, async (t, url, node) => {
      const { indexer } = quickIndexer(t, url);
      const running = indexer.run();
      await waitFor(async () => (await readIndexerHealth(t.db))?.indexedHeight === 30, 30_000, "the chain");
      node.faults.chainId = "other-chain-1";
      await expect(running).rejects.toMatchObject({ exitCode: EXIT.chainIdChanged, message: expect.stringMatching(/now serves other-chain-1/) });
    }));

  it("stops when the node's block at the cursor is not the indexed one", () =>
    withNode({ refuseBatches: true }, engine, async (t, url, node) => {
      expect(await quickIndexer(t, url).indexer.catchUp(8)).toBe(8);
      node.faults.blockHash = { height: 8, hash: "AB".repeat(32) };
      await expect(quickIndexer(t, url).indexer.catchUp()).rejects.toMatchObject({
        exitCode: EXIT.otherChain,
        message: expect.stringMatching(/block 8 of the node \(ABAB.*\) is not the indexed one .*the index belongs to another chain/),
      });
    }));

  it("refuses a database migrated by a newer release", async () => {
    const t = await createTestDatabase(engine);
    try {
      await t.db.query("insert into schema_migrations (name) values ('999_from_the_future.sql')");
      await expect(quickIndexer(t, chain.url).indexer.catchUp()).rejects.toMatchObject({ exitCode: EXIT.schemaNewer });
    } finally {
      await t.drop();
    }
  });
});

describe.each(ENGINES)("transient node faults and refusals on %s", (engine) => {
  it("retries a height the node cannot serve yet, logging method, height, attempt and delay, and writes the blocks before it meanwhile", () =>
    withNode({ failHeight: { height: 12, times: Infinity }, statusAhead: 2 }, engine, async (t, url, node) => {
      const { indexer, lines } = quickIndexer(t, url);
      const running = indexer.run();
      await waitFor(async () => (await readIndexerHealth(t.db))?.indexedHeight === 11, 20_000, "the blocks before the failing height");
      await waitFor(
        async () => lines.filter((l) => /node fault on block and block_results height 12 .*attempt \d+, next in \d+ ms/.test(l)).length >= 3,
        10_000,
        "logged retries",
      );
      node.faults.failHeight = undefined;
      node.faults.statusAhead = 0;
      await waitFor(async () => (await readIndexerHealth(t.db))?.indexedHeight === 30, 20_000, "the rest of the chain");
      indexer.stop();
      await running;
      const rows = await t.db.query<{ n: number }>("select count(*)::int8 as n from blocks");
      expect(rows[0].n).toBe(30);
    }));

  it("refuses a START_HEIGHT whose state before it the node answers from a later height, before writing anything", () =>
    withNode({}, engine, async (t, url) => {
      // The devnet answers every query from its latest state (height 30), as a node keeping no past state would, were it to answer.
      await expect(quickIndexer(t, url, { startHeight: 5 }).indexer.catchUp()).rejects.toMatchObject({
        exitCode: EXIT.startStateMissing,
        message: expect.stringMatching(
          /^START_HEIGHT=5 reads the node's state at height 4, and the node answered from its state at height 30 instead: .*START_HEIGHT=31$/,
        ),
      });
      expect(await t.db.query("select 1 from indexer_state")).toHaveLength(0);
    }));

  it("refuses a START_HEIGHT whose state before it the node has pruned, and starts where the advice says", () =>
    withNode({ stateKeptFrom: 20 }, engine, async (t, url) => {
      await expect(quickIndexer(t, url, { startHeight: 12 }).indexer.catchUp()).rejects.toMatchObject({
        exitCode: EXIT.startStateMissing,
        message: expect.stringMatching(
          /^START_HEIGHT=12 reads the node's state at height 11, and the node no longer keeps it \(failed to load state at height 11; .*\(latest height: 30\): not found\): .*START_HEIGHT=31$/,
        ),
      });
      expect(await t.db.query("select 1 from indexer_state")).toHaveLength(0);
      const { indexer, lines } = quickIndexer(t, url, { startHeight: 31 });
      expect(await indexer.catchUp()).toBe(30);
      expect(lines.some((l) => l.includes("refuses"))).toBe(false);
      const [accounts] = await t.db.query<{ n: number }>("select count(*)::int8 as n from account_balances");
      expect(accounts.n).toBeGreaterThan(20);
    }));

  it("waits for a START_HEIGHT ahead of the node, then seeds from the state before it", async () => {
    const ahead = await serveDevnet(10);
    const t = await createTestDatabase(engine);
    try {
      const { indexer, lines } = quickIndexer(t, ahead.url, { startHeight: 15 });
      const started = indexer.catchUp();
      await waitFor(
        async () => lines.some((l) => l.includes("START_HEIGHT=15 is ahead of the node (at height 10); waiting for height 14")),
        10_000,
        "the wait",
      );
      expect(await t.db.query("select 1 from indexer_state")).toHaveLength(0);
      // The devnet answers from its latest state: the start reads it right when the chain stands at height 14.
      await ahead.devnet.prebuild(4);
      expect(await started).toBe(14);
      const [state] = await t.db.query<{ start_height: number }>("select start_height from indexer_state");
      expect(state.start_height).toBe(15);
      const [accounts] = await t.db.query<{ n: number }>("select count(*)::int8 as n from account_balances");
      expect(accounts.n).toBeGreaterThan(20);
      await ahead.devnet.prebuild(6);
      expect(await quickIndexer(t, ahead.url).indexer.catchUp()).toBe(20);
    } finally {
      await ahead.devnet.close();
      await t.drop();
    }
  });

  it("indexes every block from a node that refuses abci_query, recording once what is missing", () =>
    withNode({ refuse: ["abci_query"] }, engine, async (t, url) => {
      const { indexer, lines } = quickIndexer(t, url, { startHeight: 5 });
      expect(await indexer.catchUp()).toBe(30);
      const health = await readIndexerHealth(t.db);
      expect(Object.keys(health!.degraded).sort()).toEqual([
        "account_seed",
        "contract_seed",
        "delegation_seed",
        "governance_seed",
        "referral_seed",
        "supply",
        "validator_records",
      ]);
      expect(lines.filter((l) => l.includes("the node refuses"))).toHaveLength(7);
      expect(lines.some((l) => l.includes("retry"))).toBe(false);
      const rows = await t.db.query<{ n: number }>("select count(*)::int8 as n from blocks");
      expect(rows[0].n).toBe(26);
    }));

  it("indexes every block by GETs from a node that refuses batches, without a retry", () =>
    withNode({ refuseBatches: true }, engine, async (t, url, node) => {
      const { indexer, lines } = quickIndexer(t, url);
      expect(await indexer.catchUp()).toBe(30);
      expect(lines.some((l) => l.includes("retry"))).toBe(false);
      expect(node.injected()).toBeGreaterThanOrEqual(1);
      expect(node.blocksServed()).toBeGreaterThanOrEqual(30);
      const rows = await t.db.query<{ n: number }>("select count(*)::int8 as n from blocks");
      expect(rows[0].n).toBe(30);
    }));

  it("keeps bytes that are not a transaction and transactions without a result, flagged, served and logged", () =>
    withNode({ undecodableAt: 6, dropResultAt: 9 }, engine, async (t, url) => {
      const { indexer, lines } = quickIndexer(t, url);
      expect(await indexer.catchUp()).toBe(30);
      const [odd] = await t.db.query<{ hash: string; code: number; types: string[]; raw: string; decode_error: string }>(
        "select hash, code, types, raw, decode_error from transactions where height = 6 and idx = 0",
      );
      expect(odd).toMatchObject({ code: 0, types: [], raw: INJECTED_BYTES, decode_error: expect.any(String) });
      const [unknown] = await t.db.query<{ hash: string; code: number | null; ok_n: number | null; fail_n: number | null }>(
        "select hash, code, ok_n, fail_n from transactions where height = 9 order by idx desc limit 1",
      );
      expect(unknown).toMatchObject({ code: null, ok_n: null, fail_n: null });
      expect(lines.filter((l) => l.includes("block 6 transaction 0") && l.includes("kept as undecodable bytes"))).toHaveLength(1);
      expect(lines.filter((l) => /block 9 has \d+ transactions but block_results gave \d+ results; 1 stored with an unknown result/.test(l))).toHaveLength(1);

      const app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), false) });
      try {
        const detail = (await app.inject({ url: `/api/transactions/${odd.hash}` })).json();
        expect(detail).toMatchObject({ undecodable: true, raw: INJECTED_BYTES, decodeError: odd.decode_error, type: [] });
        const missing = (await app.inject({ url: `/api/transactions/${unknown.hash}` })).json();
        expect(missing).toMatchObject({ code: null, undecodable: false });
        expect(missing.raw).toBeUndefined();
        const listed = (await app.inject({ url: "/api/blocks/9" })).json();
        expect(listed.txs.at(-1)).toMatchObject({ _id: unknown.hash, code: null });
      } finally {
        await app.close();
      }
    }));

  it("writes a heartbeat with the node's height while idle", () =>
    withNode({ refuseBatches: true }, engine, async (t, url) => {
      const { indexer } = quickIndexer(t, url);
      const running = indexer.run();
      await waitFor(async () => (await readIndexerHealth(t.db))?.nodeHeight === 30, 20_000, "the node height");
      const first = (await readIndexerHealth(t.db))!.heartbeatAt!.getTime();
      await waitFor(async () => (await readIndexerHealth(t.db))!.heartbeatAt!.getTime() > first, 5000, "a later heartbeat");
      indexer.stop();
      await running;
    }));
});
