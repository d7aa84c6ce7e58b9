// Security headers on API answers and web app pages, and the stricter per-client limits on search, faucet and sign-in.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApi } from "../api/server.ts";
import { apiOptions } from "../cli/services.ts";
import { loadConfig, type Env } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";

const SECRET = { AUTH_SECRET: "security-test-secret-of-32-characters" };

let t: TestDatabase;
let webDir: string;

beforeAll(async () => {
  t = await createTestDatabase("pglite");
  webDir = await mkdtemp(join(tmpdir(), "axm-web-"));
  await mkdir(join(webDir, "assets"));
  await writeFile(join(webDir, "index.html"), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  await writeFile(join(webDir, "assets", "app.js"), "console.log('app')");
});
afterAll(async () => {
  await rm(webDir, { recursive: true, force: true });
  await t.drop();
});

async function withApi(env: Env, devnetRunning: boolean, use: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const app = await buildApi(await apiOptions(loadConfig({ ...SECRET, WEB_DIR: webDir, ...env }), t.db, devnetRunning));
  try {
    await use(app);
  } finally {
    await app.close();
  }
}

/** The Content-Security-Policy as directive → sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("security headers", () => {
  it("are on API answers, errors (the router's 404, a refused request's 400), the web app's pages and its assets", async () => {
    await withApi({}, false, async (app) => {
      const urls = ["/api/config", "/api/health", "/api/no-such-route", "/api/transactions/paginate/0/1", "/", "/blocks/5", "/assets/app.js", "/api/docs/json"];
      for (const url of urls) {
        const response = await app.inject({ method: "GET", url });
        expect(response.headers["x-content-type-options"], url).toBe("nosniff");
        expect(response.headers["referrer-policy"], url).toBe("no-referrer");
        expect(response.headers["x-frame-options"], url).toBe("DENY");
        // helmet's own defaults for the rest
        expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
        expect(response.headers["cross-origin-resource-policy"], url).toBe("same-origin");
        expect(response.headers["x-dns-prefetch-control"], url).toBe("off");
        expect(response.headers["x-xss-protection"], url).toBe("0");
        const policy = csp(response);
        expect(policy.get("script-src"), url).toEqual(["'self'"]);
        expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
        expect(policy.get("object-src"), url).toEqual(["'none'"]);
        expect(policy.get("default-src"), url).toEqual(["'self'"]);
      }
      expect((await app.inject({ method: "GET", url: "/" })).body).toContain('id="root"');
      expect((await app.inject({ method: "GET", url: "/api/transactions/paginate/0/1" })).statusCode).toBe(400);
    });
  });

  it("allow the web app's own inline script by its hash, and no other inline script", async () => {
    const script = '\n      document.documentElement.dataset.theme = "dark";\n    ';
    const themedDir = await mkdtemp(join(tmpdir(), "axm-web-"));
    await writeFile(
      join(themedDir, "index.html"),
      `<!doctype html><head><script>${script}</script></head><div id="root"></div><script type="module" src="/assets/app.js"></script>`,
    );
    try {
      await withApi({ WEB_DIR: themedDir }, false, async (app) => {
        const page = await app.inject({ method: "GET", url: "/transactions" });
        expect(page.body).toContain(script);
        const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
        expect(csp(page).get("script-src")).toEqual(["'self'", hash]);
        expect(csp(page).get("script-src")).not.toContain("'unsafe-inline'");
      });
    } finally {
      await rm(themedDir, { recursive: true, force: true });
    }
  });

  it("allow the validator logos' origin, other networks' APIs, and the analytics origin only with an analytics id", async () => {
    await withApi({ DEVNET_PORT: "26999", MAINNET_URL: "https://axm-explorer.pro" }, true, async (app) => {
      const policy = csp(await app.inject({ method: "GET", url: "/" }));
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "http://localhost:26999"]);
      expect(policy.get("connect-src")).toEqual(["'self'", "https://axm-explorer.pro"]);
      expect(policy.get("script-src")).toEqual(["'self'"]);
    });
    await withApi({ ANALYTICS_ID: "12345", VALIDATOR_LOGO_URL: "https://logos.example.org/{identity}.png" }, false, async (app) => {
      const policy = csp(await app.inject({ method: "GET", url: "/api/config" }));
      expect(policy.get("script-src")).toEqual(["'self'", "https://mc.yandex.ru"]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "https://logos.example.org", "https://mc.yandex.ru"]);
      expect(policy.get("connect-src")).toEqual(["'self'", "https://mc.yandex.ru"]);
      expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    });
  });

  it("let the OpenAPI reader page apply its inline styles, and load its scripts from files only", async () => {
    await withApi({}, false, async (app) => {
      const page = await app.inject({ method: "GET", url: "/api/docs/" });
      expect(page.statusCode).toBe(200);
      expect(csp(page).get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp(page).get("script-src")).toEqual(["'self'"]);
      expect(csp(await app.inject({ method: "GET", url: "/" })).get("style-src")).toEqual(["'self'"]);
      expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      const paths = Object.keys((await app.inject({ method: "GET", url: "/api/docs/json" })).json().paths);
      for (const path of ["/api/faucet/request", "/api/auth/challenge", "/api/auth/verify", "/api/auth/me", "/api/language"]) expect(paths).toContain(path);
      for (const src of page.body.match(/(?<=src=")[^"]+/g) ?? []) {
        expect((await app.inject({ method: "GET", url: new URL(src, "http://x/api/docs/").pathname })).statusCode, src).toBe(200);
      }
    });
  });
});

describe("rate limits", () => {
  async function statuses(app: FastifyInstance, count: number, request: () => InjectOptions): Promise<number[]> {
    const seen: number[] = [];
    for (let i = 0; i < count; i++) seen.push((await app.inject(request())).statusCode);
    return seen;
  }

  async function expectLimited(app: FastifyInstance, request: () => InjectOptions): Promise<void> {
    const response = await app.inject(request());
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json().error.code).toBe("rate_limited");
    expect(response.json().error.message).toMatch(/at most \d+ a minute/);
    expect(response.headers["content-security-policy"]).toBeTruthy();
  }

  it("limits searches per client more strictly than other calls", async () => {
    await withApi({ SEARCH_RATE_LIMIT: "3", RATE_LIMIT: "100" }, false, async (app) => {
      const search = () => ({ method: "POST", url: "/api/blockchain/search", payload: { query: "12" } });
      expect((await statuses(app, 3, search)).some((s) => s === 429)).toBe(false);
      await expectLimited(app, search);
      expect((await app.inject({ method: "GET", url: "/api/config" })).statusCode).toBe(200);
      expect((await app.inject({ ...search(), remoteAddress: "10.7.0.1" })).statusCode).not.toBe(429);
      // Suggestions while typing count apart from searches, under the same limit.
      const suggest = () => ({ method: "GET" as const, url: "/api/blockchain/search/suggest?q=12" });
      expect((await statuses(app, 3, suggest)).some((s) => s === 429)).toBe(false);
      await expectLimited(app, suggest);
    });
  });

  it("limits faucet requests per client", async () => {
    await withApi({ FAUCET_RATE_LIMIT: "2" }, true, async (app) => {
      const request = () => ({ method: "POST", url: "/api/faucet/request", payload: { address: "not an address" } });
      expect(await statuses(app, 2, request)).toEqual([400, 400]);
      await expectLimited(app, request);
      expect((await app.inject({ ...request(), remoteAddress: "10.7.0.2" })).statusCode).toBe(400);
    });
  });

  it("limits sign-in challenges and verifications per client", async () => {
    await withApi({ AUTH_RATE_LIMIT: "2" }, false, async (app) => {
      const challenge = () => ({ method: "POST", url: "/api/auth/challenge", payload: { address: "axm1nothing" } });
      const verify = () => ({ method: "POST", url: "/api/auth/verify", payload: {} });
      expect(await statuses(app, 2, challenge)).toEqual([400, 400]);
      await expectLimited(app, challenge);
      expect(await statuses(app, 2, verify)).toEqual([400, 400]);
      await expectLimited(app, verify);
    });
  });

  it("turns each limit off with 0", async () => {
    await withApi({ SEARCH_RATE_LIMIT: "0", FAUCET_RATE_LIMIT: "0", AUTH_RATE_LIMIT: "0", RATE_LIMIT: "0" }, true, async (app) => {
      const faucet = () => ({ method: "POST", url: "/api/faucet/request", payload: { address: "x" } });
      expect(new Set(await statuses(app, 30, faucet))).toEqual(new Set([400]));
    });
  });
});
