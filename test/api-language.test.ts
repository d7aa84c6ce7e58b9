// GET /api/language: the country from a trusted header or offline GeoIP, the language SPEC.md §1 gives it, en on any failure.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApi, type ApiServerOptions } from "../api/server.ts";
import { apiOptions } from "../cli/services.ts";
import { loadConfig, type Env } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";

const SECRET = { AUTH_SECRET: "language-test-secret-of-32-characters" };

let t: TestDatabase;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestDatabase("pglite");
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  vi.restoreAllMocks();
});
afterAll(() => t.drop());

async function api(env: Env = {}, extra: Partial<ApiServerOptions> = {}): Promise<FastifyInstance> {
  const options = await apiOptions(loadConfig({ ...SECRET, ...env }), t.db, false);
  const app = await buildApi({ ...options, ...extra, country: { ...options.country, ...extra.country } });
  apps.push(app);
  return app;
}

async function language(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url: "/api/language", remoteAddress, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("language by country", () => {
  it("looks the client IP up offline: Germany de, Russia ru, the United States en, private and loopback addresses en", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const app = await api();
    expect(await language(app, "85.214.132.117")).toEqual({ language: "de", country: "DE" });
    expect(await language(app, "77.88.8.8")).toEqual({ language: "ru", country: "RU" });
    expect(await language(app, "2a02:6b8::feed:ff")).toEqual({ language: "ru", country: "RU" });
    expect(await language(app, "::ffff:77.88.8.8")).toEqual({ language: "ru", country: "RU" });
    expect(await language(app, "8.8.8.8")).toEqual({ language: "en", country: "US" });
    expect(await language(app, "192.168.1.10")).toEqual({ language: "en", country: null });
    expect(await language(app, "127.0.0.1")).toEqual({ language: "en", country: null });
    expect(await language(app, "::1")).toEqual({ language: "en", country: null });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("ignores a country header nobody configured: a client cannot choose its country", async () => {
    const app = await api();
    expect(await language(app, "85.214.132.117", { "cf-ipcountry": "RU" })).toEqual({ language: "de", country: "DE" });
  });

  it("reads the configured header of a trusted proxy first, and looks the IP up when it is absent or malformed", async () => {
    const app = await api({ COUNTRY_HEADER: "CF-IPCountry" });
    expect(await language(app, "10.0.0.1", { "cf-ipcountry": "kz" })).toEqual({ language: "ru", country: "KZ" });
    expect(await language(app, "77.88.8.8", { "cf-ipcountry": "AT" })).toEqual({ language: "de", country: "AT" });
    expect(await language(app, "10.0.0.1", { "cf-ipcountry": "XX" })).toEqual({ language: "en", country: "XX" });
    expect(await language(app, "77.88.8.8", { "cf-ipcountry": "Russia" })).toEqual({ language: "ru", country: "RU" });
    expect(await language(app, "85.214.132.117")).toEqual({ language: "de", country: "DE" });
  });

  it("looks up the forwarded client behind a trusted proxy", async () => {
    const app = await api({ TRUST_PROXY: "true" });
    expect(await language(app, "127.0.0.1", { "x-forwarded-for": "77.88.8.8" })).toEqual({ language: "ru", country: "RU" });
  });

  it("answers en when the lookup is slower than its timeout or fails", async () => {
    const slow = await api({}, { country: { lookup: () => new Promise(() => undefined) } });
    const started = Date.now();
    expect(await language(slow, "85.214.132.117")).toEqual({ language: "en", country: null });
    expect(Date.now() - started).toBeLessThan(1000);
    const failing = await api({}, { country: { lookup: () => Promise.reject(new Error("no data")) } });
    expect(await language(failing, "85.214.132.117")).toEqual({ language: "en", country: null });
    const throwing = await api(
      {},
      {
        country: {
          lookup: () => {
            throw new Error("broken");
          },
        },
      },
    );
    expect(await language(throwing, "85.214.132.117")).toEqual({ language: "en", country: null });
    const nonsense = await api({}, { country: { lookup: async () => "Germany" } });
    expect(await language(nonsense, "85.214.132.117")).toEqual({ language: "en", country: null });
  });
});
