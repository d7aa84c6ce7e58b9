// Service routes: the OpenAPI document names every route, /health follows the index's lag, /config answers.
import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { DEFERRABLE_INDEXES, deferIndexes, restoreIndexesIn } from "../db/deferred-indexes.ts";
import { waitFor } from "./support/pipeline.ts";

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDatabase("pglite");
  app = await buildApi({ db: t.db, config: apiConfig(loadConfig({ HEALTH_MAX_LAG: "5" }), true) });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app.close();
  await t.drop();
});

/** The indexer's cursor, the node height it last saw, and its heartbeat `ageSeconds` ago (in `db`, the test database by default). */
const setHeights = (indexed: number, node: number, ageSeconds = 0, db = t.db) =>
  db.query(
    `insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height, node_height, heartbeat_at)
     values (1, 'axm-test', 1, $1, $2, $2, now() - make_interval(secs => $3))
     on conflict (id) do update set indexed_height = $1, chain_height = $2, node_height = $2, heartbeat_at = now() - make_interval(secs => $3)`,
    [indexed, node, ageSeconds],
  );

/** A node that only answers `status`, at the height the test sets. */
async function statusNode(height: () => number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    const result = {
      node_info: { network: "axm-test" },
      sync_info: { latest_block_height: String(height()), latest_block_time: "2026-01-01T00:00:00Z", earliest_block_height: "1", catching_up: false },
    };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: -1, result }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("service routes", () => {
  it("publishes an OpenAPI document with every route of API.md's Chain, Transactions, Governance and Statistics over time sections, the governance additions and the rich list", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      "/api/blockchain/stat",
      "/api/blockchain/search",
      "/api/blockchain/search/suggest",
      "/api/blockchain/config/txfilter",
      "/api/blocks/latest",
      "/api/blocks/{id}",
      "/api/consensus/latest",
      "/api/consensus/{id}",
      "/api/transactions/paginate/records_count",
      "/api/transactions/paginate/{pageSize}/{page}",
      "/api/transactions/{hash}",
      "/api/events/paginate/records_count",
      "/api/events/paginate/{pageSize}/{page}",
      "/api/health",
      "/api/config",
      "/api/governance/government",
      "/api/governance/proposals",
      "/api/governance/proposals/{id}",
      "/api/governance/polls",
      "/api/governance/polls/{id}",
      "/api/governance/activity/{address}",
      "/api/governance/transactions/{hash}",
      "/api/accounts/rich",
      "/api/charts/{series}",
    ]) {
      expect(paths, path).toContain(path);
    }
    const page = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/html/);
  });

  it("answers 503 before anything is indexed, then follows the lag against HEALTH_MAX_LAG", async () => {
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    expect((await app.inject({ method: "GET", url: "/api/blocks/latest" })).statusCode).toBe(503);
    await setHeights(100, 103);
    const healthy = await app.inject({ method: "GET", url: "/api/health" });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({
      status: "ok",
      indexedHeight: 100,
      chainHeight: 103,
      lagBlocks: 3,
      heartbeatAgeSeconds: 0,
      nodeAnswered: false,
      degraded: [],
      deferredIndexes: [],
    });
    await setHeights(100, 200);
    const behind = await app.inject({ method: "GET", url: "/api/health" });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().lagBlocks).toBe(100);
  });

  it("is behind, naming them, while a large catch-up's dropped indexes are not built again, however close the cursor", async () => {
    await setHeights(100, 100);
    await deferIndexes(t.db);
    try {
      const building = await app.inject({ method: "GET", url: "/api/health" });
      expect(building.statusCode).toBe(503);
      expect(building.json()).toMatchObject({ status: "behind", lagBlocks: 0, deferredIndexes: [...DEFERRABLE_INDEXES].sort() });
    } finally {
      await t.db.transaction((tx) => restoreIndexesIn(tx));
    }
    expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({ status: "ok", deferredIndexes: [] });
  });

  it("calls a dead indexer stale within HEALTH_MAX_LAG blocks' time, however close its cursor looks", async () => {
    // HEALTH_MAX_LAG 5 × the 5 s default block time = 25 s without a heartbeat.
    await setHeights(100, 100, 20);
    expect((await app.inject({ method: "GET", url: "/api/health" })).json().status).toBe("ok");
    await setHeights(100, 100, 30);
    const dead = await app.inject({ method: "GET", url: "/api/health" });
    expect(dead.statusCode).toBe(503);
    expect(dead.json()).toMatchObject({ status: "stale", lagBlocks: 0, heartbeatAgeSeconds: 30 });
  });

  it("compares the index with the node's own height, not the one the indexer wrote, and lists refused capabilities", async () => {
    let nodeHeight = 104;
    const node = await statusNode(() => nodeHeight);
    const own = await buildApi({ db: t.db, config: apiConfig(loadConfig({ HEALTH_MAX_LAG: "5" }), true), node: { rpcUrl: node.url, timeoutMs: 1000 } });
    try {
      await setHeights(100, 100);
      await t.db.query(`update indexer_state set degraded = '{"validator_records": "abci_query: no validator records"}'::jsonb`);
      expect((await own.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({
        status: "ok",
        chainHeight: 104,
        lagBlocks: 4,
        nodeAnswered: true,
        degraded: ["validator_records"],
      });
      // The indexer stopped writing its view of the node: the API's own view still shows the index falling behind.
      nodeHeight = 150;
      // Past the 3 s the API keeps the node's height: a faked clock, so the test does not wait for it.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 3100);
      const behind = await own.inject({ method: "GET", url: "/api/health" });
      vi.useRealTimers();
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ status: "behind", chainHeight: 150, lagBlocks: 50 });
    } finally {
      await own.close();
      await node.close();
      await t.db.query(`update indexer_state set degraded = '{}'::jsonb`);
    }
  });

  it("reads health from the read replica and answers 503 once it trails the primary by more than HEALTH_MAX_LAG blocks", async () => {
    // A second database plays the replica: the API reads it and compares its cursor with the primary's (t.db).
    const replica = await createTestDatabase("pglite");
    const split = await buildApi({ db: t.db, replica: replica.db, config: apiConfig(loadConfig({ HEALTH_MAX_LAG: "5" }), true) });
    try {
      await setHeights(120, 120);
      await setHeights(117, 120, 0, replica.db);
      const close = await split.inject({ method: "GET", url: "/api/health" });
      expect(close.statusCode).toBe(200);
      // PGlite is no standby, so it has no replay time to report.
      expect(close.json()).toMatchObject({
        status: "ok",
        indexedHeight: 117,
        lagBlocks: 3,
        replica: { primaryHeight: 120, lagBlocks: 3, replaySeconds: null },
      });
      // The replica's own copy of the node height looks close, but the primary has moved on: 6 blocks of replication lag.
      await setHeights(126, 126);
      await setHeights(120, 120, 0, replica.db);
      const behind = await split.inject({ method: "GET", url: "/api/health" });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ status: "behind", indexedHeight: 120, lagBlocks: 0, replica: { primaryHeight: 126, lagBlocks: 6 } });
      // Without a replica the answer has no replica part.
      expect((await app.inject({ method: "GET", url: "/api/health" })).json()).not.toHaveProperty("replica");
    } finally {
      await split.close();
      await replica.drop();
    }
  });

  it("gives the web app its settings", async () => {
    // The first test asked before anything was indexed; the API keeps the index state it read for a second.
    const read = async () => (await app.inject({ method: "GET", url: "/api/config" })).json();
    await waitFor(async () => (await read()).chainId !== null, 3000, "the index state read again");
    const config = await read();
    expect(config.networks.map((n: { name: string; available: boolean }) => [n.name, n.available])).toEqual([
      ["Mainnet", false],
      ["Testnet", false],
      ["Devnet", true],
    ]);
    expect(config).toMatchObject({
      chainId: "axm-test",
      maintenance: false,
      faucetEnabled: true,
      analyticsId: "",
      analyticsOrigin: "https://mc.yandex.ru",
      maintenanceChannels: { en: "", ru: "", de: "" },
    });
    // What sign-in suggests to Keplr or Leap: the devnet's RPC address, AXM with 6 decimals as stake, fee and main currency.
    const axm = { coinDenom: "AXM", coinMinimalDenom: "uaxm", coinDecimals: 6 };
    expect(config.walletChain).toEqual({
      chainId: "axm-test",
      chainName: "AXM devnet",
      rpc: "http://localhost:26657",
      rest: "http://localhost:26657",
      bip44: { coinType: 118 },
      bech32Config: {
        bech32PrefixAccAddr: "axm",
        bech32PrefixAccPub: "axmpub",
        bech32PrefixValAddr: "axmvaloper",
        bech32PrefixValPub: "axmvaloperpub",
        bech32PrefixConsAddr: "axmvalcons",
        bech32PrefixConsPub: "axmvalconspub",
      },
      currencies: [axm],
      feeCurrencies: [{ ...axm, gasPriceStep: { low: 0.025, average: 0.03, high: 0.04 } }],
      stakeCurrency: axm,
    });
  });

  it("suggests the configured chain to wallets, and none without a public RPC address", async () => {
    const env = {
      WALLET_CHAIN_NAME: "AXM",
      WALLET_RPC_URL: "https://rpc.example.org",
      WALLET_REST_URL: "https://rest.example.org",
      WALLET_GAS_PRICES: "0.1,0.2,0.3",
    };
    const configured = await buildApi({ db: t.db, config: apiConfig(loadConfig(env), false) });
    const bare = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), false) });
    try {
      expect((await configured.inject({ method: "GET", url: "/api/config" })).json().walletChain).toMatchObject({
        chainName: "AXM",
        rpc: "https://rpc.example.org",
        rest: "https://rest.example.org",
        feeCurrencies: [{ gasPriceStep: { low: 0.1, average: 0.2, high: 0.3 } }],
      });
      expect((await bare.inject({ method: "GET", url: "/api/config" })).json().walletChain).toBeNull();
    } finally {
      await configured.close();
      await bare.close();
    }
    expect(() => loadConfig({ WALLET_GAS_PRICES: "0.3,0.2,0.1" })).toThrow(/low to high/);
    expect(() => loadConfig({ WALLET_GAS_PRICES: "0.1,0.2" })).toThrow(/three decimals/);
    expect(() => loadConfig({ WALLET_RPC_URL: "ftp://x" })).toThrow(/WALLET_RPC_URL/);
  });

  it("sends ETags and answers 304 to a matching If-None-Match", async () => {
    const first = await app.inject({ method: "GET", url: "/api/blockchain/stat" });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers["cache-control"]).toMatch(/max-age/);
    const again = await app.inject({ method: "GET", url: "/api/blockchain/stat", headers: { "if-none-match": String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("answers 429 with the JSON error body once a client passes RATE_LIMIT a minute", async () => {
    const limited = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), rateLimit: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.inject({ method: "GET", url: "/api/blockchain/stat" })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const refused = await limited.inject({ method: "GET", url: "/api/blockchain/stat" });
      expect(refused.json().error.code).toBe("rate_limited");
      expect(refused.headers["retry-after"]).toBeTruthy();
      const other = await limited.inject({ method: "GET", url: "/api/blockchain/stat", remoteAddress: "10.9.8.7" });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
