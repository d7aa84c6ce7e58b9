// Per-client rate limits (429 with Retry-After): a general one on every route, and stricter ones on search, the faucet, sign-in and the CSV exports.
import type { FastifyInstance } from "fastify";
import rateLimit from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { ApiError } from "./errors.ts";

/** Requests a minute one client may make to each costly route; 0 for no stricter limit. */
export interface RouteLimits {
  search: number;
  faucet: number;
  auth: number;
  /** The CSV exports, together. */
  export: number;
}

export const NO_ROUTE_LIMITS: RouteLimits = { search: 0, faucet: 0, auth: 0, export: 0 };

const WINDOW_MS = 60_000;

/** The routes with a stricter limit, under the API prefix; each counts its own requests instead of the general limit. */
const STRICT_ROUTES: { method: string; path: string; limit: keyof RouteLimits }[] = [
  { method: "POST", path: "/blockchain/search", limit: "search" },
  // Suggestions count apart from searches, under the same limit: a visitor typing asks a few of them per search.
  { method: "GET", path: "/blockchain/search/suggest", limit: "search" },
  { method: "POST", path: "/faucet/request", limit: "faucet" },
  { method: "POST", path: "/auth/challenge", limit: "auth" },
  { method: "POST", path: "/auth/verify", limit: "auth" },
  { method: "POST", path: "/auth/memo-challenge", limit: "auth" },
  { method: "POST", path: "/auth/memo-poll", limit: "auth" },
  // Each export counts apart under the same limit: a file is one request, however many rows.
  { method: "GET", path: "/export/:address/transactions.csv", limit: "export" },
  { method: "GET", path: "/export/:address/operations.csv", limit: "export" },
  { method: "GET", path: "/export/:address/team.csv", limit: "export" },
  { method: "GET", path: "/export/token/:address/holders.csv", limit: "export" },
];

/** Where the counts are kept when several API processes share them: a Redis client and the prefix of the keys. */
export interface SharedCounts {
  redis: Redis;
  keyPrefix: string;
}

/**
 * Registers the limits; call before any route is declared, so the stricter ones reach the routes they name. With
 * `shared`, every process counts in the same Redis keys (one per client and route), so N processes limit as one.
 */
export async function registerRateLimits(app: FastifyInstance, prefix: string, general: number, limits: RouteLimits, shared?: SharedCounts): Promise<void> {
  if (general === 0 && Object.values(limits).every((max) => max === 0)) return;
  app.addHook("onRoute", (route) => {
    const strict = STRICT_ROUTES.find((r) => route.method === r.method && route.url === `${prefix}${r.path}`);
    const max = strict ? limits[strict.limit] : 0;
    if (max > 0) route.config = { ...route.config, rateLimit: { max, timeWindow: WINDOW_MS } };
  });
  await app.register(rateLimit, {
    global: general > 0,
    max: general,
    timeWindow: WINDOW_MS,
    ...(shared && { redis: shared.redis, nameSpace: `${shared.keyPrefix}rate-limit:` }),
    // A Redis that does not answer must not take the API down with it: the request goes through uncounted.
    skipOnError: true,
    // Thrown by the plugin, so the one error handler gives it the API's error body.
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, "rate_limited", `Too many requests: at most ${context.max} a minute; try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
