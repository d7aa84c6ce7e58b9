// The HTTP API process: Fastify with every route of API.md under /api, the OpenAPI document at /api/docs, and the web app.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import etag from "@fastify/etag";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { Database, Queryable } from "../db/connection.ts";
import { trackPoolUse } from "../db/pool-use.ts";
import { databaseBus, type NoticeBus } from "../db/live-notices.ts";
import { AuthTokens } from "./auth-tokens.ts";
import { ClaimableRewards, type NodeOptions } from "./claimable-rewards.ts";
import { StatusChecks } from "./status-checks.ts";
import { NodeHeight } from "./node-height.ts";
import { registerCompression } from "./compression.ts";
import { registerMetrics } from "./metrics.ts";
import { ApiContext, type ApiConfig } from "./context.ts";
import { DEFAULT_COUNTRY_OPTIONS, type CountryOptions } from "./country.ts";
import { answerClientError, registerErrorHandling, RequestLog } from "./errors.ts";
import { Faucet, type FaucetOptions } from "./faucet.ts";
import { NO_ROUTE_LIMITS, registerRateLimits, type RouteLimits, type SharedCounts } from "./rate-limits.ts";
import { closeRedis, connectRedis } from "./redis.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { authRoutes } from "./routes/auth.ts";
import { authMemoRoutes } from "./routes/auth-memo.ts";
import { chainRoutes } from "./routes/chain.ts";
import { chartRoutes } from "./routes/charts.ts";
import { contractRoutes } from "./routes/contracts.ts";
import { faucetRoutes } from "./routes/faucet.ts";
import { governanceRoutes } from "./routes/governance.ts";
import { languageRoutes } from "./routes/language.ts";
import { LiveFeed } from "./live-feed.ts";
import { streamRoutes } from "./routes/stream.ts";
import { exportRoutes } from "./routes/export.ts";
import { operationRoutes } from "./routes/operations.ts";
import { partnershipRoutes } from "./routes/partnership.ts";
import { richListRoutes } from "./routes/rich-list.ts";
import { serviceRoutes } from "./routes/service.ts";
import { transactionRoutes } from "./routes/transactions.ts";
import { validatorRoutes } from "./routes/validators.ts";
import { allowInlineStyles, contentSecurityDirectives, registerSecurityHeaders } from "./security-headers.ts";
import { registerVisitor } from "./visitor.ts";
import { hasWebApp, inlineScriptSources, registerWebApp } from "./web-app.ts";
import { WasmNode } from "./node-wasm.ts";
import { TokenPrices, type PriceSettings } from "./token-prices.ts";
import { AUTH_TOKEN_TTL_SECONDS, EXPORT_CHUNK_ROWS, EXPORT_MAX_ROWS, STREAM_MAX_CLIENTS } from "./defaults.ts";

export const API_PREFIX = "/api";

export interface ApiServerOptions {
  /** The primary database (DATABASE_URL): every write, and every read when there is no replica. */
  db: Database;
  /** A read replica of it (DATABASE_READ_URL) that routes read from; absent: they read the primary. */
  replica?: Queryable;
  /** Redis (REDIS_URL) and the prefix of its keys, where API processes count the rate limits together; absent: each counts in memory. */
  redis?: { url: string; keyPrefix: string };
  config: ApiConfig;
  /** Requests per minute per client; 0 for no limit. */
  rateLimit?: number;
  /** Read the client from X-Forwarded-For (behind a reverse proxy). */
  /** Which X-Forwarded-For entries to believe: none, a hop count, or proxy addresses/CIDRs (never every hop). */
  trustProxy?: false | number | string[];
  /** Level of the JSON log lines (one per request at info); absent: no logging. */
  logLevel?: string;
  /** Seconds of Strict-Transport-Security; 0 or absent: none (TLS ends elsewhere or not at all). */
  hstsMaxAge?: number;
  /** Folder of the built web app, served outside /api when it exists. */
  webDir?: string;
  /** Stricter requests a minute per client on search, the faucet, sign-in and the exports; absent for none. */
  routeLimits?: RouteLimits;
  /** The faucet's node and account; absent when this network has no faucet. */
  faucet?: FaucetOptions;
  /** Secret and lifetime of sign-in tokens; absent: a random secret for this process, tokens valid 1 h. */
  auth?: { secret: string; tokenTtlSeconds: number };
  /** How a visitor's country is found; absent: GeoIP only. */
  country?: Partial<CountryOptions>;
  /** Time a client has to send its whole request (headers and body); default 20 s. */
  requestTimeoutMs?: number;
  /** The node that state queries (claimable rewards, status criteria) go to; absent: those come from the index or are left out. */
  node?: NodeOptions;
  /** Configured token prices (TOKEN_PRICES, AXM_PRICE_USD); absent: no prices. */
  prices?: PriceSettings;
  /** False when /metrics is served on METRICS_PORT instead of the API port (the figures are kept either way). */
  metricsOnApiPort?: boolean;
  /** The live-update stream: where the indexer's notices come from (default: LISTEN on the database), streams at most. */
  live?: { bus?: NoticeBus; maxClients?: number; heartbeatMs?: number };
  /** Rows one CSV export holds at most; default EXPORT_MAX_ROWS. */
  exportMaxRows?: number;
  /** Rows a CSV export reads per query; default EXPORT_CHUNK_ROWS. */
  exportChunkRows?: number;
}

/** Pool size assumed for a database opened without counting (openDatabase's default); the programs count their own. */
const UNTRACKED_POOL_SIZE = 10;

/** proxy-addr's reading of a hop count: the nearest `hops` addresses of the chain are proxies, the next one is the client. */
function trustedProxies(trust: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** A client gets this long for its headers, and for its whole request: a slow or silent one does not hold a connection. */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** The Redis connection the rate limits count in, closed with the app; none without a Redis URL. */
async function sharedCounts(app: FastifyInstance, redis: ApiServerOptions["redis"]): Promise<SharedCounts | undefined> {
  if (!redis) return undefined;
  const client = await connectRedis(redis.url, app.log);
  app.addHook("onClose", () => closeRedis(client));
  return { redis: client, keyPrefix: redis.keyPrefix };
}

export async function buildApi(options: ApiServerOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: options.logLevel ? { level: options.logLevel } : false,
    logController: new RequestLog(),
    bodyLimit: 64 * 1024,
    trustProxy: trustedProxies(options.trustProxy ?? false),
    // Node checks those deadlines on an interval (30 s by default): check every second, so they hold to the second.
    serverFactory: (handler) =>
      createServer({ requestTimeout, headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout), connectionsCheckingInterval: 1_000 }, handler),
    // Errors Node's HTTP parser raises before Fastify sees a request (431, 408, malformed) answer with the same JSON body.
    clientErrorHandler: answerClientError,
    // Errors the router raises before a route runs (overlong or malformed URLs) get the same JSON body.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).status(error.statusCode ?? 400).send({ error: { code: "bad_request", message: error.message } });
    },
    // Parameters are declared as strings with patterns, so nothing is coerced: a number where text belongs is a 400.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  registerErrorHandling(app);
  const db = trackPoolUse(options.db, UNTRACKED_POOL_SIZE);
  registerMetrics(app, db, { apiPrefix: API_PREFIX, onApiPort: options.metricsOnApiPort ?? true });
  const inlineScripts = hasWebApp(options.webDir) ? inlineScriptSources(options.webDir) : [];
  registerSecurityHeaders(app, contentSecurityDirectives(options.config, inlineScripts), options.hstsMaxAge ?? 0);
  // Weak ETags from the body: cheap at these sizes, and pollers of unchanged data get a 304.
  await app.register(etag, { weak: true });
  // After the ETag (computed on the uncompressed body, so one weak ETag names every encoding), before any route.
  await registerCompression(app);
  await registerRateLimits(app, API_PREFIX, options.rateLimit ?? 0, options.routeLimits ?? NO_ROUTE_LIMITS, await sharedCounts(app, options.redis));
  await app.register(swagger, {
    openapi: {
      info: { title: "AXM explorer API", version: "1", description: "Blocks, transactions, events and statistics of the AXM chain (API.md)." },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, transformStaticCSP: allowInlineStyles });
  const ctx = new ApiContext(db, options.config, options.replica ?? null);
  const tokens = new AuthTokens(options.auth?.secret ?? randomBytes(32).toString("base64url"), options.auth?.tokenTtlSeconds ?? AUTH_TOKEN_TTL_SECONDS);
  registerVisitor(app, tokens);
  const faucet = options.faucet ? new Faucet(options.faucet) : null;
  if (faucet) app.addHook("onClose", async () => faucet.close());
  const claimable = options.node ? new ClaimableRewards(options.node) : null;
  const statusChecks = options.node ? new StatusChecks(options.node) : null;
  const nodeHeight = options.node ? new NodeHeight(options.node) : null;
  const wasmNode = options.node ? new WasmNode(options.node) : null;
  const prices = new TokenPrices(options.prices ?? { tokens: {}, axmUsd: "" });
  const live = new LiveFeed({
    // Notices come from the primary; the blocks they announce are read where every other read goes (the replica, if any).
    bus: options.live?.bus ?? databaseBus(options.db),
    db: options.replica ?? db,
    maxClients: options.live?.maxClients ?? STREAM_MAX_CLIENTS,
    heartbeatMs: options.live?.heartbeatMs,
    log: (line) => app.log.warn(line),
  });
  // Before the server stops accepting: open streams would otherwise keep it (and SIGTERM) waiting for ever.
  app.addHook("preClose", async () => live.close());
  await app.register(
    async (api) => {
      chainRoutes(api, ctx);
      transactionRoutes(api, ctx);
      validatorRoutes(api, ctx);
      contractRoutes(api, ctx, wasmNode, prices);
      accountRoutes(api, ctx, claimable);
      richListRoutes(api, ctx);
      operationRoutes(api, ctx);
      partnershipRoutes(api, ctx, statusChecks);
      governanceRoutes(api, ctx);
      serviceRoutes(api, ctx, nodeHeight);
      faucetRoutes(api, ctx.primary, faucet);
      authRoutes(api, ctx, tokens);
      authMemoRoutes(api, ctx, tokens);
      languageRoutes(api, { ...DEFAULT_COUNTRY_OPTIONS, ...options.country });
      streamRoutes(api, live);
      exportRoutes(api, ctx, { maxRows: options.exportMaxRows ?? EXPORT_MAX_ROWS, chunkRows: options.exportChunkRows ?? EXPORT_CHUNK_ROWS });
      chartRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  if (hasWebApp(options.webDir)) await registerWebApp(app, options.webDir, API_PREFIX);
  return app;
}
