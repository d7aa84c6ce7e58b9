// Prometheus /metrics: the API's figures on its port or on METRICS_PORT, one registry per instance, and the indexer's
// figures (heights, blocks, batches, node faults) as it indexes a devnet, in process and as `npm run index`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { RpcClient } from "../chain/rpc.ts";
import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../db/connection.ts";
import { trackPoolUse } from "../db/pool-use.ts";
import { databaseBus } from "../db/live-notices.ts";
import { Indexer } from "../indexer/indexer.ts";
import { IndexerMetrics } from "../indexer/metrics.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig, startApi } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { freePort } from "./support/explorer-process.ts";
import { faultNode } from "./support/fault-node.ts";
import { serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { INDEX, exited, runScript } from "./support/processes.ts";

/** The value of the sample `name{labels}` (labels as written by prom-client, in order), or 0 when absent. */
function sample(text: string, name: string, labels = ""): number {
  const selector = labels ? `${name}{${labels}}` : name;
  const line = text.split("\n").find((l) => l.startsWith(`${selector} `));
  return line ? Number(line.slice(selector.length + 1)) : 0;
}

const setHeights = (t: TestDatabase, indexed: number, node: number) =>
  t.db.query(
    `insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height, node_height, heartbeat_at) values (1, 'axm-test', 1, $1, $2, $2, now())
     on conflict (id) do update set indexed_height = $1, chain_height = $2, node_height = $2`,
    [indexed, node],
  );

describe("the API's /metrics", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const scrape = async (on = app) => {
    // Scrapers ask for gzip; the figures go out as they are.
    const response = await on.inject({ method: "GET", url: "/metrics", headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["content-encoding"]).toBeUndefined();
    return response.body;
  };
  const health = (on = app) => on.inject({ method: "GET", url: "/api/health" });

  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    await setHeights(t, 40, 43);
    app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), rateLimit: 3 });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it("names the figures of API.md, with the index's heights as the database has them", async () => {
    const text = await scrape();
    for (const name of [
      "axm_http_request_duration_seconds",
      "axm_db_pool_connections",
      "axm_db_pool_max",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "process_cpu_seconds_total",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect([sample(text, "axm_indexed_height"), sample(text, "axm_chain_height"), sample(text, "axm_lag_blocks")]).toEqual([40, 43, 3]);
    expect(sample(text, "axm_db_pool_max")).toBe(1);
    await setHeights(t, 43, 43);
    expect(sample(await scrape(), "axm_lag_blocks")).toBe(0);
  });

  it("counts requests by route pattern and status, never by raw URL", async () => {
    const count = (text: string, route: string, status: number) =>
      sample(text, "axm_http_request_duration_seconds_count", `method="GET",route="${route}",status="${status}"`);
    const before = await scrape();
    expect((await health()).statusCode).toBe(200);
    await app.inject({ method: "GET", url: "/api/blocks/987654" });
    await app.inject({ method: "GET", url: "/api/no-such-route-4711" });
    const after = await scrape();
    expect(count(after, "/api/health", 200) - count(before, "/api/health", 200)).toBe(1);
    expect(count(after, "/api/blocks/:id", 404) - count(before, "/api/blocks/:id", 404)).toBe(1);
    expect(count(after, "unmatched", 404) - count(before, "unmatched", 404)).toBe(1);
    const labels = after.match(/\{[^}]*\}/g)!.join("\n");
    expect(labels).toContain('route="/api/blocks/:id"');
    expect(labels).not.toContain("987654");
    expect(labels).not.toContain("no-such-route");
  });

  it("is not held to the per-client limit, which the API's routes are", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await health()).statusCode);
    expect(statuses).toContain(429);
    for (let i = 0; i < 5; i++) await scrape();
  });

  it("keeps one registry per instance: a second API counts only its own requests", async () => {
    const other = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true) });
    try {
      await health(other);
      await health(other);
      const routes = (text: string) => sample(text, "axm_http_request_duration_seconds_count", 'method="GET",route="/api/health",status="200"');
      expect(routes(await scrape(other))).toBe(2);
      expect(routes(await scrape())).toBeGreaterThanOrEqual(1);
      expect(app.metrics).not.toBe(other.metrics);
    } finally {
      await other.close();
    }
  });
});

describe("METRICS_PORT", () => {
  it("moves /metrics off the API port onto a listener of its own, closed with the API", async () => {
    const t = await createTestDatabase("pglite");
    const metricsPort = await freePort();
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      WEB_DIR: "/nonexistent",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "a secret of at least thirty-two characters",
    });
    const app = await startApi(config, t.db, false, databaseBus(t.db));
    try {
      const api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      expect((await fetch(`${api}/api/health`)).status).toBe(503);
      expect((await fetch(`${api}/metrics`)).status).toBe(404);
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(sample(await response.text(), "axm_http_request_duration_seconds_count", 'method="GET",route="/api/health",status="503"')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    } finally {
      await app.close();
      await t.drop();
    }
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe("the indexer's /metrics", () => {
  let chain: ServedDevnet;
  beforeAll(async () => {
    chain = await serveDevnet(30);
  });
  afterAll(async () => {
    await chain.devnet.close();
  });

  it("follows heights, blocks, transactions and batches, and counts node faults by method", async () => {
    const t = await createTestDatabase("pglite");
    const node = await faultNode(chain.url, { failHeight: { height: 12, times: 2 } });
    try {
      const db = trackPoolUse(t.db, 1);
      const metrics = new IndexerMetrics(db.poolUse);
      const indexer = new Indexer({
        db,
        rpc: new RpcClient(node.url, { timeoutMs: 5000 }),
        batchBlocks: 10,
        maintainAfterBlocks: 25,
        retryBaseMs: 10,
        retryMaxMs: 20,
        log: () => undefined,
        metrics,
      });
      const before = await metrics.registry.metrics();
      expect(sample(before, "axm_indexer_blocks_total")).toBe(0);
      expect(await indexer.catchUp()).toBe(30);
      const text = await metrics.registry.metrics();
      expect([sample(text, "axm_indexed_height"), sample(text, "axm_chain_height"), sample(text, "axm_lag_blocks")]).toEqual([30, 30, 0]);
      expect(sample(text, "axm_indexer_blocks_total")).toBe(30);
      expect(sample(text, "axm_indexer_txs_total")).toBe(chain.devnet.state.txs.length);
      expect(sample(text, "axm_indexer_batch_write_seconds_count")).toBeGreaterThanOrEqual(3);
      expect(sample(text, "axm_indexer_batch_write_seconds_sum")).toBeGreaterThan(0);
      // the catch-up's 30 blocks pass maintainAfterBlocks: its end vacuums and analyzes the tables once
      expect(sample(text, "axm_indexer_upkeep_seconds_count")).toBe(1);
      expect(sample(text, "axm_indexer_upkeep_seconds_sum")).toBeGreaterThan(0);
      // the block and its results are asked in one batch: the two faults answer one request, retried once
      expect(node.injected()).toBe(2);
      expect(sample(text, "axm_node_request_errors_total", 'method="block and block_results"')).toBe(1);
      expect(text).toContain("# TYPE process_resident_memory_bytes gauge");
      expect(text).toContain('axm_db_pool_connections{state="in_use"}');
    } finally {
      await node.close();
      await t.drop();
    }
  });

  it("say whether the node or the database holds a catch-up back", async () => {
    const waitsOf = async (slow: "node" | "database") => {
      const t = await createTestDatabase("pglite");
      const node = await faultNode(chain.url, slow === "node" ? { delayMs: 150 } : {});
      try {
        const metrics = new IndexerMetrics(trackPoolUse(t.db, 1).poolUse);
        // A slow database: every batch's transaction holds on for 1.2 s before its commit.
        const db: Database = slow === "node" ? t.db : { ...t.db, transaction: (work) => t.db.transaction(async (tx) => work(tx).finally(() => sleep(1200))) };
        const indexer = new Indexer({ db, rpc: new RpcClient(node.url, { timeoutMs: 5000 }), batchBlocks: 5, concurrency: 2, log: () => undefined, metrics });
        expect(await indexer.catchUp()).toBe(30);
        const text = await metrics.registry.metrics();
        return { blocks: sample(text, "axm_indexer_wait_seconds_total", 'for="blocks"'), write: sample(text, "axm_indexer_wait_seconds_total", 'for="write"') };
      } finally {
        await node.close();
        await t.drop();
      }
    };
    // 30 heights, two at a time, each answer 150 ms late: the writer waits about 2.2 s for them. (A write's wait also
    // holds the node's validators and supply, read after each batch, so it is not nothing either.)
    const slowNode = await waitsOf("node");
    expect(slowNode.blocks).toBeGreaterThan(1.5);
    expect(slowNode.write).toBeLessThan(slowNode.blocks / 2);
    // Six batches held 1.2 s each: the decoded blocks wait about 6 s for their writes. The writer's own wait for blocks is
    // mostly the first batch's fetch, which a busy machine (a CI run's other test files) can stretch past a second.
    const slowDatabase = await waitsOf("database");
    expect(slowDatabase.write).toBeGreaterThan(4);
    expect(slowDatabase.blocks).toBeLessThan(slowDatabase.write / 2);
  });

  it("are served on INDEXER_METRICS_PORT by `npm run index`", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "axm-indexer-metrics-"));
    const port = await freePort();
    const child = runScript(INDEX, { RPC_URL: chain.url, DATABASE_URL: "", DATA_DIR: dataDir, HOST: "127.0.0.1", INDEXER_METRICS_PORT: String(port) });
    try {
      let text = "";
      await waitFor(
        async () => {
          text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
            (r) => r.text(),
            () => "",
          );
          return sample(text, "axm_indexed_height") === 30;
        },
        60_000,
        "the indexer's metrics at height 30",
      );
      expect(sample(text, "axm_indexer_blocks_total")).toBe(30);
      expect(sample(text, "axm_chain_height")).toBe(30);
    } finally {
      child.kill("SIGTERM");
      await exited(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
