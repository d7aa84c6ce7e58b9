// The API's Redis connection (REDIS_URL): connected at start, reconnected with backoff, and never a reason to stop serving.
import { Redis } from "ioredis";
import type { FastifyBaseLogger } from "fastify";

export type RedisLog = Pick<FastifyBaseLogger, "info" | "warn">;

/** An attempt to connect gives up after this long (a silent host, a dropped SYN). */
const CONNECT_TIMEOUT_MS = 2_000;
/** A command unanswered this long fails: a hung server must not hold the requests waiting on it. */
const COMMAND_TIMEOUT_MS = 1_000;
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;

/** Wait before reconnection attempt `attempt` (1, 2, …): 200 ms doubling to 10 s. */
function reconnectDelay(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 16));
}

/**
 * A client of `url`, resolved once the first attempt to connect has succeeded or failed: a Redis that is down at start
 * is logged, not fatal, and the client keeps reconnecting with backoff. While it is down, commands fail at once instead
 * of queuing (no offline queue, one try), and within a second when it hangs, so a caller never waits long on an outage. Each fault is logged once
 * per attempt; a return is logged too. Close it with `closeRedis`.
 */
export async function connectRedis(url: string, log: RedisLog): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
  });
  const target = `${redis.options.host}:${redis.options.port}`;
  redis.on("error", (error: Error) => log.warn(`redis ${target}: ${error.message}; reconnecting with backoff (at most every ${MAX_RETRY_MS / 1000} s)`));
  redis.on("ready", () => log.info(`redis ${target}: connected`));
  await new Promise<void>((resolve) => {
    redis.once("ready", resolve);
    redis.once("error", () => resolve());
  });
  return redis;
}

/** Ends the connection: politely when it is up (pending replies arrive first), at once when it is not. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit();
  else redis.disconnect();
}
