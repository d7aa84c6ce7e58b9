// TRUST_PROXY behind an appending reverse proxy: the client is the entry the trusted proxy added, never the left-most one a
// client writes; a forged client address is refused; HSTS only when configured.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../api/server.ts";
import { apiOptions } from "../cli/services.ts";
import { loadConfig, type Env } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";

const SECRET = { AUTH_SECRET: "proxy-test-secret-of-32-characters!!" };
const PROXY = "127.0.0.1";

let t: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestDatabase("pglite");
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.drop();
});

async function api(env: Env): Promise<FastifyInstance> {
  const app = await buildApi(await apiOptions(loadConfig({ ...SECRET, SEARCH_RATE_LIMIT: "3", ...env }), t.db, false));
  apps.push(app);
  return app;
}

/** A search as it arrives through a proxy that appends the address it saw to whatever X-Forwarded-For the client sent. */
function searchThroughProxy(app: FastifyInstance, client: string, forged?: string) {
  const header = forged ? `${forged}, ${client}` : client;
  return app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: "12" }, remoteAddress: PROXY, headers: { "x-forwarded-for": header } });
}

describe("TRUST_PROXY", () => {
  it.each([["1"], ["true"], ["127.0.0.1/8, ::1"]])("with %s counts the limit per real client, whatever a client writes in front", async (trust) => {
    const app = await api({ TRUST_PROXY: trust });
    for (let i = 1; i <= 3; i++) expect((await searchThroughProxy(app, "203.0.113.7", `198.51.100.${i}`)).statusCode).toBe(200);
    // A fourth forged left-most entry does not make a new client: the limit holds.
    expect((await searchThroughProxy(app, "203.0.113.7", "198.51.100.99")).statusCode).toBe(429);
    // Another machine behind the same proxy has its own limit.
    expect((await searchThroughProxy(app, "203.0.113.8")).statusCode).toBe(200);
  });

  it("ignores X-Forwarded-For when no proxy is trusted: every request is the proxy's", async () => {
    const app = await api({ TRUST_PROXY: "false" });
    for (let i = 1; i <= 3; i++) expect((await searchThroughProxy(app, `203.0.113.${i}`)).statusCode).toBe(200);
    expect((await searchThroughProxy(app, "203.0.113.50")).statusCode).toBe(429);
  });

  it("refuses a client address that is not an IP address with a 400", async () => {
    const app = await api({ TRUST_PROXY: "1" });
    for (const bad of ["10.0.923.1", "not-an-ip", "1.2.3.4.5"]) {
      const response = await searchThroughProxy(app, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe("bad_request");
    }
  });

  it("refuses settings that are neither a hop count nor proxy addresses", () => {
    for (const bad of ["maybe", "1.2.3.4/x", "300", "10.0.0.0/8, nonsense"]) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be/);
  });
});

describe("HSTS_MAX_AGE", () => {
  it("sends Strict-Transport-Security only when set", async () => {
    const plain = await api({});
    expect((await plain.inject({ method: "GET", url: "/api/config" })).headers["strict-transport-security"]).toBeUndefined();
    const tls = await api({ HSTS_MAX_AGE: "31536000" });
    expect((await tls.inject({ method: "GET", url: "/api/config" })).headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });
});
