// Rate limits shared through Redis: two API instances on one Redis give a client one limit; a Redis that is down limits nothing and breaks nothing.
import { randomBytes } from "node:crypto";
import { connect, createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { buildApi } from "../api/server.ts";
import { apiOptions } from "../cli/services.ts";
import { loadConfig, type Env } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** This run's keys only: runs side by side (and leftovers of old ones) never count together. */
const PREFIX = `axm-test:${process.pid}-${randomBytes(4).toString("hex")}:`;

/** Whether a Redis answers PING at the address within a second. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) }, () => socket.write("PING\r\n"));
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
    socket.once("error", () => done(false));
  });
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`skipping the shared rate-limit tests: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`);

let t: TestDatabase;
const apps: FastifyInstance[] = [];

async function api(env: Env): Promise<FastifyInstance> {
  const app = await buildApi(await apiOptions(loadConfig({ AUTH_SECRET: "redis-test-secret-of-32-characters!", RATE_LIMIT: "100", ...env }), t.db, false));
  apps.push(app);
  return app;
}

const search = (app: FastifyInstance) => app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: "12" } });

async function searchStatuses(app: FastifyInstance, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await search(app)).statusCode);
  return seen;
}

beforeAll(async () => {
  t = await createTestDatabase("pglite");
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await t.drop();
});

describe.skipIf(!available)("rate limits through one Redis", () => {
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("give a client one limit across two API instances", async () => {
    const env = { SEARCH_RATE_LIMIT: "5", REDIS_URL, REDIS_PREFIX: PREFIX };
    const [a, b] = [await api(env), await api(env)];
    expect(await searchStatuses(a, 3)).not.toContain(429);
    // The 4th and 5th searches pass on B; the 6th is over the limit, on either instance.
    expect(await searchStatuses(b, 2)).not.toContain(429);
    const sixth = await search(b);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/at most 5 a minute/) });
    expect((await search(a)).statusCode).toBe(429);
    // Other routes count under their own limit, and the counts are this run's keys.
    expect((await a.inject({ method: "GET", url: "/api/config" })).statusCode).toBe(200);
    const redis = new Redis(REDIS_URL);
    expect((await redis.keys(`${PREFIX}rate-limit:*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });

  it("give a client one export limit across two API instances", async () => {
    const env = { EXPORT_RATE_LIMIT: "2", REDIS_URL, REDIS_PREFIX: PREFIX };
    const [a, b] = [await api(env), await api(env)];
    const team = (app: FastifyInstance) => app.inject({ method: "GET", url: "/api/export/axm1lllygsqn5fzn2aszx2h78fex2d0qet9y2avpvv/team.csv" });
    expect((await team(a)).statusCode).toBe(200);
    expect((await team(b)).statusCode).toBe(200);
    const third = await team(a);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/at most 2 a minute/) });
  });

  it("count per instance without REDIS_URL, so two instances would give a client twice its limit", async () => {
    const [a, b] = [await api({ SEARCH_RATE_LIMIT: "5" }), await api({ SEARCH_RATE_LIMIT: "5" })];
    expect([...(await searchStatuses(a, 5)), ...(await searchStatuses(b, 5))]).not.toContain(429);
  });
});

describe("rate limits with a Redis that does not answer", () => {
  it("let requests through uncounted instead of failing or waiting", async () => {
    const app = await api({ SEARCH_RATE_LIMIT: "2", REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, REDIS_PREFIX: PREFIX });
    const started = Date.now();
    const statuses = await searchStatuses(app, 5);
    expect(statuses).not.toContain(429);
    expect(statuses.every((s) => s < 500)).toBe(true);
    // Commands fail at once while Redis is down: five requests are not five 2 s connection timeouts.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("start and serve when Redis accepts connections but never answers (a hung server)", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const app = await api({ SEARCH_RATE_LIMIT: "2", REDIS_URL: `redis://127.0.0.1:${(silent.address() as { port: number }).port}`, REDIS_PREFIX: PREFIX });
      const statuses = await searchStatuses(app, 4);
      expect(statuses).not.toContain(429);
      expect(statuses.every((s) => s < 500)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
