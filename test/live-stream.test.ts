// GET /api/stream: a devnet, an indexer and an API in one process; blocks the indexer writes reach stream clients.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { RpcClient } from "../chain/rpc.ts";
import { databaseBus } from "../db/live-notices.ts";
import { redisBus } from "../db/redis-notices.ts";
import { Indexer } from "../indexer/indexer.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "./support/databases.ts";
import { serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { openSse, type SseStream } from "./support/sse-client.ts";

interface TxEvent {
  hash: string;
  height: number;
  types: string[];
  status: number;
  addresses: string[];
}

const blocksOf = (stream: SseStream) =>
  stream.events.filter((e) => e.event === "block").map((e) => JSON.parse(e.data) as { height: number; time: string; txs: number; proposer: string });
const txsOf = (stream: SseStream) => stream.events.filter((e) => e.event === "tx").map((e) => JSON.parse(e.data) as TxEvent);

describe.each(ENGINES)("live stream on %s", (engine) => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let indexer: Indexer;
  let running: Promise<void>;

  beforeAll(async () => {
    chain = await serveDevnet(3);
    t = await createTestDatabase(engine);
    const bus = databaseBus(t.db);
    indexer = new Indexer({
      db: t.db,
      rpc: new RpcClient(chain.url, { timeoutMs: 5000 }),
      pollMs: 50,
      log: () => undefined,
      publish: (range) => bus.publish(range),
    });
    await indexer.catchUp();
    app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), live: { bus, maxClients: 3, heartbeatMs: 100 } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/stream`;
    running = indexer.run();
  });

  afterAll(async () => {
    indexer.stop();
    await running;
    await app.close();
    await chain.devnet.close();
    await t.drop();
  });

  /** Builds blocks until `done` holds; the indexer (polling every 50 ms) writes them and the API streams them. */
  async function produceUntil(done: () => boolean, what: string): Promise<void> {
    await waitFor(
      async () => {
        if (done()) return true;
        await chain.devnet.produceBlock();
        const height = chain.devnet.height();
        await waitFor(
          async () => (await t.db.query("select 1 from blocks where height = $1", [height])).length > 0,
          10_000,
          `the indexer to write block ${height}`,
        );
        return done();
      },
      20_000,
      what,
    );
  }

  it("sends every written block and its transactions as they are in the index, with the stream headers", async () => {
    const stream = await openSse(base);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers["cache-control"]).toBe("no-cache");
      expect(stream.headers["x-accel-buffering"]).toBe("no");
      const first = chain.devnet.height() + 1;
      await produceUntil(() => blocksOf(stream).some((b) => b.height === first + 1), "two new blocks on the stream");

      const blocks = blocksOf(stream);
      expect(blocks.map((b) => b.height)).toEqual([first, first + 1]);
      const stored = await t.db.query<{ height: number; tx_count: number }>(
        "select height, tx_count from blocks where height between $1 and $2 order by height",
        [first, first + 1],
      );
      expect(blocks.map((b) => b.txs)).toEqual(stored.map((b) => b.tx_count));
      expect(blocks[0].proposer).toMatch(/^axmvalcons1/);
      expect(Date.parse(blocks[0].time)).not.toBeNaN();

      const txs = txsOf(stream);
      const rows = await t.db.query<{ hash: string; height: number; code: number }>(
        "select hash, height, code from transactions where height between $1 and $2 order by seq",
        [first, first + 1],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(txs.map((tx) => [tx.hash, tx.height, tx.status])).toEqual(rows.map((r) => [r.hash, r.height, r.code === 0 ? 0 : 1]));
      for (const tx of txs) {
        expect(tx.types.length).toBeGreaterThan(0);
        const involved = await t.db.query<{ address: string }>(
          "select c.address from address_txs a join accounts c on c.id = a.account join transactions t on t.seq = a.seq where t.hash = $1 order by c.address",
          [tx.hash],
        );
        expect(tx.addresses).toEqual(involved.map((r) => r.address));
      }
      // Events come in the order the index holds them: each block before its transactions.
      const order = stream.events.filter((e) => e.event !== "message").map((e) => `${e.event}:${JSON.parse(e.data).height}`);
      expect(order.indexOf(`block:${first + 1}`)).toBeGreaterThan(order.lastIndexOf(`tx:${first}`));
    } finally {
      stream.close();
    }
  });

  it("sends a stream filtered by address only the transactions that name it", async () => {
    const everything = await openSse(base);
    // The address most transactions so far involve, short of all of them (a module account is in every one).
    const [{ address }] = await t.db.query<{ address: string }>(
      "select address from accounts where tx_count < (select count(*) from transactions) order by tx_count desc, address limit 1",
    );
    const filtered = await openSse(`${base}?address=${address.toUpperCase()}`);
    try {
      const from = chain.devnet.height() + 1;
      await produceUntil(() => txsOf(filtered).length > 0 && blocksOf(everything).length > 0, "a transaction naming the address");
      const to = Math.max(...blocksOf(everything).map((b) => b.height));
      await waitFor(
        async () => txsOf(everything).filter((tx) => tx.height === to).length === blocksOf(everything).at(-1)!.txs,
        5000,
        "the last block's transactions",
      );

      const naming = txsOf(everything).filter((tx) => tx.height >= from && tx.height <= to && tx.addresses.includes(address));
      expect(txsOf(filtered).filter((tx) => tx.height <= to)).toEqual(naming);
      expect(txsOf(everything).length).toBeGreaterThan(naming.length);
      expect(blocksOf(filtered)).toEqual([]);
    } finally {
      everything.close();
      filtered.close();
    }
  });

  it("finds a transaction's addresses through an index of address_txs by sequence number alone, one entry a transaction", async () => {
    // Migration 044: no included address, so a transaction's rows share one deduplicated entry.
    const [index] = await t.db.query<{ definition: string }>("select indexdef as definition from pg_indexes where indexname = 'address_txs_by_seq'");
    expect(index.definition).toMatch(/ON public\.address_txs USING btree \(seq\)$/);
  });

  it("is in the OpenAPI document", async () => {
    expect(Object.keys((await app.inject({ method: "GET", url: "/api/docs/json" })).json().paths)).toContain("/api/stream");
  });

  it("refuses a bad address with a JSON 400 before streaming", async () => {
    for (const address of ["axm1notanaddress", "", "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a"]) {
      const response = await app.inject({ method: "GET", url: `/api/stream?address=${encodeURIComponent(address)}` });
      expect(response.statusCode, address).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json().error.code).toBe("bad_request");
    }
  });

  it("sends a heartbeat comment on its interval", async () => {
    const stream = await openSse(base);
    try {
      await waitFor(async () => (stream.text().match(/^: heartbeat$/gm) ?? []).length >= 2, 5000, "two heartbeats");
    } finally {
      stream.close();
    }
  });

  it("answers 503 in JSON once the process holds as many streams as it may, and takes one again when one closes", async () => {
    const open = await Promise.all([openSse(base), openSse(base), openSse(base)]);
    const refused = await openSse(base);
    expect(refused.status).toBe(503);
    await refused.ended;
    expect(JSON.parse(refused.text()).error.code).toBe("stream_full");
    open[0].close();
    await waitFor(async () => (await openSse(base).then((s) => (s.close(), s.status))) === 200, 5000, "a free place");
    open.slice(1).forEach((s) => s.close());
  });
});

describe("closing the API", () => {
  it("ends open streams, so close returns at once", async () => {
    const t = await createTestDatabase("pglite");
    const app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true) });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openSse(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/stream`);
    expect(stream.status).toBe(200);
    // Without the streams ended first, close would wait for this client for ever (and the test time out).
    await app.close();
    await stream.ended;
    await t.drop();
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether a Redis server answers at `url` (the test skips, saying why, when none does). */
async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

describe("live stream through Redis", async () => {
  const available = await redisAnswers(REDIS_URL);
  if (!available) console.log(`live stream through Redis: skipped, no Redis answers at ${REDIS_URL}`);

  it.skipIf(!available)("carries the indexer's notices to an API process that only hears Redis", async () => {
    const chain = await serveDevnet(2);
    const t = await createTestDatabase("pglite");
    // Two buses, as in two processes: the indexer's publishes, the API's subscribes; the database's own channel is unused.
    const indexerBus = redisBus(REDIS_URL);
    const apiBus = redisBus(REDIS_URL);
    const indexer = new Indexer({
      db: t.db,
      rpc: new RpcClient(chain.url, { timeoutMs: 5000 }),
      pollMs: 50,
      log: () => undefined,
      publish: (range) => indexerBus.publish(range),
    });
    await indexer.catchUp();
    const app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), live: { bus: apiBus } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openSse(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/stream`);
    const running = indexer.run();
    try {
      await chain.devnet.produceBlock();
      await waitFor(async () => blocksOf(stream).some((b) => b.height === chain.devnet.height()), 10_000, "the block through Redis");
    } finally {
      stream.close();
      indexer.stop();
      await running;
      await app.close();
      await Promise.all([indexerBus.close(), apiBus.close(), chain.devnet.close()]);
      await t.drop();
    }
  });
});
