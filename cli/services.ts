// Builds the long-running parts (database, indexer, API) from the configuration; shared by the entry points.
import { mkdir } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { RpcClient } from "../chain/rpc.ts";
import { openDatabase, openReadDatabase, type Database } from "../db/connection.ts";
import { databaseBus, type NoticeBus } from "../db/live-notices.ts";
import { redisBus } from "../db/redis-notices.ts";
import { migrate } from "../db/migrate.ts";
import { Indexer } from "../indexer/indexer.ts";
import { IndexerMetrics } from "../indexer/metrics.ts";
import { trackPoolUse, type TrackedDatabase } from "../db/pool-use.ts";
import { serverConnections } from "../db/defaults.ts";
import { serveMetrics } from "./metrics-listener.ts";
import { buildApi, type ApiServerOptions } from "../api/server.ts";
import { hasWebApp } from "../api/web-app.ts";
import type { ApiConfig } from "../api/context.ts";
import { authSecret } from "../api/auth-tokens.ts";
import type { FaucetOptions } from "../api/faucet.ts";
import { DEVNET_MNEMONIC } from "../devnet/keys.ts";
import { devnetLeaderBonus } from "../devnet/accounts.ts";
import { devnetRpcUrl, mnemonicAddress, type Config } from "./config.ts";

/**
 * The database of `config`, its work counted for the pool figures of /metrics. `statementTimeoutMs` is for a process
 * that only serves the API (API_STATEMENT_TIMEOUT_MS); one that indexes too has none, for its writes.
 */
export async function openCountedDatabase(config: Config, { statementTimeoutMs = 0 } = {}): Promise<TrackedDatabase> {
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const db = await openDatabase({
    url: config.databaseUrl || undefined,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs,
  });
  return trackPoolUse(db, serverConnections(config.databasePoolSize));
}

export async function openMigratedDatabase(config: Config, options: { statementTimeoutMs?: number } = {}): Promise<TrackedDatabase> {
  const db = await openCountedDatabase(config, options);
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`database: applied ${applied.join(", ")}`);
  return db;
}

/** How live-update notices travel from the indexer to the API processes: Redis when REDIS_URL is set, else the database. */
export function noticeBus(config: Config, db: Database): NoticeBus {
  return config.redisUrl ? redisBus(config.redisUrl, config.redisPrefix) : databaseBus(db);
}

export function createIndexer(config: Config, db: Database, bus: NoticeBus, metrics?: IndexerMetrics): Indexer {
  const rpc = new RpcClient(config.rpcUrl || devnetRpcUrl(config), { timeoutMs: config.rpcTimeoutMs });
  return new Indexer({
    db,
    rpc,
    startHeight: config.startHeight,
    batchBlocks: config.batchBlocks,
    deferIndexesBlocks: config.deferIndexesBlocks,
    concurrency: config.concurrency,
    workers: config.workers,
    faucetAddress: indexedFaucetAddress(config),
    leaderBonusWallet: indexedLeaderBonusWallet(config),
    metrics,
    publish: (range) => bus.publish(range),
  });
}

/** The indexer's figures, served on INDEXER_METRICS_PORT when it is set; `close` stops the listener. */
export async function startIndexerMetrics(config: Config, db: TrackedDatabase): Promise<{ metrics?: IndexerMetrics; close: () => Promise<void> }> {
  if (config.indexerMetricsPort === undefined) return { close: async () => undefined };
  const metrics = new IndexerMetrics(db.poolUse);
  const listener = await serveMetrics(metrics.registry, config.indexerMetricsPort, config.host);
  console.log(`indexer: metrics on http://${config.host}:${listener.port}/metrics`);
  return { metrics, close: () => listener.close() };
}

/** The faucet whose payouts the index marks: FAUCET_MNEMONIC's, or the devnet's faucet account when the indexed node is the built-in devnet (no RPC_URL). */
export function indexedFaucetAddress(config: Config): string | undefined {
  if (config.faucetAddress) return config.faucetAddress;
  return config.rpcUrl ? undefined : mnemonicAddress(DEVNET_MNEMONIC);
}

/** The wallet whose payouts the index marks as leader bonuses: LEADER_BONUS_WALLET, or the devnet's when the indexed node is the built-in devnet (no RPC_URL). */
export function indexedLeaderBonusWallet(config: Config): string | undefined {
  if (config.leaderBonusWallet) return config.leaderBonusWallet;
  return config.rpcUrl ? undefined : devnetLeaderBonus().wallet;
}

/** The programme's wallet and weekly leader bonus the API shows: the settings, or the devnet's when the built-in devnet runs. */
function leaderBonusSettings(config: Config, devnetRunning: boolean): ApiConfig["leaderBonus"] {
  const devnet = devnetRunning ? devnetLeaderBonus() : null;
  return { wallet: config.leaderBonusWallet || (devnet?.wallet ?? ""), weekly: config.leaderBonusWeekly || (devnet?.weekly.toString() ?? "") };
}

export function apiConfig(config: Config, devnetRunning: boolean): ApiConfig {
  const devnet = `http://localhost:${config.devnetPort}`;
  return {
    validatorLogoUrl: config.validatorLogoUrl || (devnetRunning ? `${devnet}/logos/{identity}.svg` : ""),
    imageBaseUrl: config.imageBaseUrl || (devnetRunning ? devnet : ""),
    healthMaxLag: config.healthMaxLag,
    networks: [
      {
        name: "Mainnet",
        url: config.mainnetUrl || null,
        apiBase: config.mainnetUrl ? `${config.mainnetUrl}/api` : null,
        available: Boolean(config.mainnetUrl),
      },
      { name: "Testnet", url: null, apiBase: null, available: false },
      { name: "Devnet", url: "/", apiBase: "/api", available: true },
    ],
    maintenance: config.maintenance,
    allowedHosts: config.allowedHosts,
    analyticsId: config.analyticsId,
    analyticsOrigin: config.analyticsOrigin,
    maintenanceChannels: config.maintenanceChannels,
    faucetEnabled: faucetOptions(config, devnetRunning) !== null,
    faucetAddress: faucetAccount(config, devnetRunning),
    leaderBonus: leaderBonusSettings(config, devnetRunning),
    walletChain: walletChainSettings(config, devnetRunning),
  };
}

/** The chain a wallet is told about at sign-in: the WALLET_* settings, the devnet's RPC address when it runs and none is set. */
function walletChainSettings(config: Config, devnetRunning: boolean): ApiConfig["walletChain"] {
  const rpc = config.walletRpcUrl || (devnetRunning ? `http://localhost:${config.devnetPort}` : "");
  if (!rpc) return null;
  return { chainName: config.walletChainName, rpc, rest: config.walletRestUrl || rpc, gasPriceSteps: config.walletGasPrices };
}

/** The faucet pays from FAUCET_MNEMONIC's account, or from the devnet's faucet account when the built-in devnet runs; otherwise there is none. */
export function faucetOptions(config: Config, devnetRunning: boolean): FaucetOptions | null {
  const mnemonic = config.faucetMnemonic || (devnetRunning ? DEVNET_MNEMONIC : "");
  if (!mnemonic) return null;
  return {
    rpcUrl: config.rpcUrl || devnetRpcUrl(config),
    mnemonic,
    amount: config.faucetAmount,
    gasPrice: config.faucetGasPrice,
    timeoutMs: config.rpcTimeoutMs,
  };
}

/** The faucet's paying account, when there is a faucet. */
function faucetAccount(config: Config, devnetRunning: boolean): string | null {
  const faucet = faucetOptions(config, devnetRunning);
  return faucet ? mnemonicAddress(faucet.mnemonic) : null;
}

/** An account answer waits at most this long for the node's claimable rewards. */
const CLAIMABLE_TIMEOUT_MS = 3000;

/**
 * Everything buildApi takes from the configuration; the sign-in secret may be read from (or first written to) DATA_DIR.
 * Live-update notices come through `bus`, or through the database (LISTEN) when it is absent.
 */
export async function apiOptions(config: Config, db: Database, devnetRunning: boolean, bus?: NoticeBus): Promise<ApiServerOptions> {
  return {
    db,
    config: apiConfig(config, devnetRunning),
    rateLimit: config.rateLimit,
    routeLimits: { search: config.searchRateLimit, faucet: config.faucetRateLimit, auth: config.authRateLimit, export: config.exportRateLimit },
    exportMaxRows: config.exportMaxRows,
    trustProxy: config.trustProxy,
    hstsMaxAge: config.hstsMaxAge,
    webDir: config.webDir,
    faucet: faucetOptions(config, devnetRunning) ?? undefined,
    auth: { secret: await authSecret(config.authSecret, config.dataDir), tokenTtlSeconds: config.authTokenTtl },
    country: { header: config.countryHeader },
    node: { rpcUrl: config.rpcUrl || devnetRpcUrl(config), timeoutMs: Math.min(config.rpcTimeoutMs, CLAIMABLE_TIMEOUT_MS) },
    prices: { tokens: config.tokenPrices, axmUsd: config.axmPriceUsd },
    redis: config.redisUrl ? { url: config.redisUrl, keyPrefix: config.redisPrefix } : undefined,
    live: { bus, maxClients: config.streamMaxClients },
  };
}

/** Builds and starts the API on `db`, reading from DATABASE_READ_URL's replica when one is set (closed with the API). */
export async function startApi(config: Config, db: Database, devnetRunning: boolean, bus: NoticeBus): Promise<FastifyInstance> {
  const replica = config.databaseReadUrl ? openReadDatabase(config.databaseReadUrl, config.databasePoolSize, config.apiStatementTimeoutMs) : undefined;
  // The running server logs (JSON lines); apiOptions alone, as tests build it, stays quiet.
  const app = await buildApi({
    ...(await apiOptions(config, db, devnetRunning, bus)),
    replica,
    logLevel: config.logLevel,
    metricsOnApiPort: config.metricsPort === undefined,
  });
  if (replica) {
    app.addHook("onClose", () => replica.close());
    console.log("api: reading from the replica at DATABASE_READ_URL, writing to DATABASE_URL");
  }
  if (config.metricsPort !== undefined) {
    const listener = await serveMetrics(app.metrics, config.metricsPort, config.host);
    app.addHook("onClose", () => listener.close());
    console.log(`api: metrics on http://${config.host}:${listener.port}/metrics`);
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`api: listening on http://${config.host}:${config.port}/api (OpenAPI at /api/docs)`);
  if (hasWebApp(config.webDir)) console.log(`web: the explorer at http://${config.host}:${config.port}/`);
  return app;
}

/** Every part must have stopped this long after SIGTERM/SIGINT (supervisors wait about that much before SIGKILL). */
const SHUTDOWN_DEADLINE_MS = 4500;

/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits 0. A part that does not stop by the deadline, or a second signal,
 * ends the process at once with status 1: the database only ever holds whole batches, so nothing is half-written.
 */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`stop: ${signal} again; exiting at once`);
      process.exit(1);
    }
    stopping = true;
    console.log(`stop: ${signal}; stopping`);
    setTimeout(() => {
      console.error(`stop: still stopping after ${SHUTDOWN_DEADLINE_MS} ms; exiting at once`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await stop().catch((error) => console.error(error));
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void handler(signal));
  process.on("SIGTERM", (signal) => void handler(signal));
}
