// Compressed answers: big JSON as brotli or gzip by Accept-Encoding, small answers and event streams as they are,
// ETags and 304s across encodings, cached answers compressed once as the plugin would, and the web build's
// pre-compressed assets.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";

const BLOCKS = 170;
const WINDOW = `/api/consensus/1-${BLOCKS}`;
const ROOT = new URL("..", import.meta.url).pathname;

let indexed: IndexedDevnet;

beforeAll(async () => {
  indexed = await indexedDevnet("pglite", BLOCKS);
});
afterAll(async () => {
  await indexed?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("compressed API answers", () => {
  it("send a big answer as brotli, gzip or identity as the client accepts", async () => {
    const plain = await get(indexed.app, WINDOW);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(50_000);
    const brotli = await get(indexed.app, WINDOW, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(indexed.app, WINDOW, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const identity = await get(indexed.app, WINDOW, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it("send answers under 1 KB as they are", async () => {
    const small = await get(indexed.app, "/api/blocks/latest", { "accept-encoding": "br, gzip" });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("keep one weak ETag for every encoding and answer 304 to any of them", async () => {
    const brotli = await get(indexed.app, WINDOW, { "accept-encoding": "br" });
    const plain = await get(indexed.app, WINDOW);
    expect(brotli.headers.etag).toMatch(/^W\//);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    for (const encoding of ["br", "gzip", "identity"]) {
      const again = await get(indexed.app, WINDOW, { "accept-encoding": encoding, "if-none-match": String(plain.headers.etag) });
      expect(again.statusCode, encoding).toBe(304);
      expect(again.rawPayload.length, encoding).toBe(0);
      expect(again.headers["content-encoding"], encoding).toBeUndefined();
    }
  });
});

describe("cached answers", () => {
  // Page 1 of the whole list is kept compressed (api/README.md, "Hot answers"); page 2 goes through the plugin.
  const CACHED = "/api/transactions/paginate/100/1";
  const UNCACHED = "/api/transactions/paginate/100/2";

  it("choose the encoding the compression plugin chooses, for any Accept-Encoding", async () => {
    const headers = ["br", "gzip", "gzip, deflate, br, zstd", "br;q=0.5, gzip", "gzip;q=0, br", "*", "x-gzip", "deflate", "identity", ""];
    for (const accept of headers) {
      const cached = await get(indexed.app, CACHED, { "accept-encoding": accept });
      const uncached = await get(indexed.app, UNCACHED, { "accept-encoding": accept });
      expect(cached.statusCode, accept).toBe(200);
      expect(cached.headers["content-encoding"], accept).toBe(uncached.headers["content-encoding"]);
      expect(cached.headers.vary, accept).toBe(uncached.headers.vary);
    }
    const identity = await get(indexed.app, CACHED);
    const brotli = await get(indexed.app, CACHED, { "accept-encoding": "br" });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(identity.body);
    const noCompression = await get(indexed.app, CACHED, { "accept-encoding": "br", "x-no-compression": "1" });
    expect(noCompression.headers["content-encoding"]).toBeUndefined();
    expect(noCompression.body).toBe(identity.body);
  });

  it("answer 304 without a body or an encoding to a client holding them, in any encoding", async () => {
    const plain = await get(indexed.app, CACHED);
    for (const accept of ["br", "gzip", "identity"]) {
      const again = await get(indexed.app, CACHED, { "accept-encoding": accept, "if-none-match": String(plain.headers.etag) });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
      expect(again.headers["content-encoding"], accept).toBeUndefined();
    }
  });
});

describe("event streams", () => {
  let app: FastifyInstance;
  const events = Array.from({ length: 100 }, (_, i) => `data: {"height":${i}}\n\n`).join("");

  beforeAll(async () => {
    app = await buildApi({ db: indexed.db, config: apiConfig(loadConfig({}), true) });
    // The same body as a stream of events and as plain text: only the type tells them apart.
    app.get("/test/events", (_request, reply) => reply.type("text/event-stream").send(events));
    app.get("/test/text", (_request, reply) => reply.type("text/plain").send(events));
  });
  afterAll(async () => {
    await app.close();
  });

  it("are never compressed, where the same text as text/plain is", async () => {
    const stream = await get(app, "/test/events", { "accept-encoding": "br, gzip" });
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.body).toBe(events);
    const text = await get(app, "/test/text", { "accept-encoding": "br, gzip" });
    expect(text.headers["content-encoding"]).toBe("br");
  });
});

describe("the web build", () => {
  let webDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), "axm-web-compressed-"));
    await promisify(execFile)("npx", ["vite", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
      cwd: ROOT,
      env: { ...process.env, WEB_DIR: webDir },
    });
    app = await buildApi({ db: indexed.db, config: apiConfig(loadConfig({}), true), webDir });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it("writes a brotli and a gzip copy of every script, style sheet and page", async () => {
    const files = [...(await readdir(webDir)), ...(await readdir(join(webDir, "assets"))).map((f) => `assets/${f}`)];
    const sources = files.filter((file) => /\.(js|css|html)$/.test(file));
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const raw = await readFile(join(webDir, file));
      if (raw.length < 1024) continue;
      expect(brotliDecompressSync(await readFile(join(webDir, `${file}.br`))).equals(raw), file).toBe(true);
      expect(gunzipSync(await readFile(join(webDir, `${file}.gz`))).equals(raw), file).toBe(true);
    }
  });

  it("serves the page's script as the build's brotli copy when asked, and as it is otherwise", async () => {
    const page = await get(app, "/", { "accept-encoding": "br" });
    expect(page.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(page.rawPayload).toString();
    const script = html.match(/<script type="module"[^>]* src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script, html).toBeDefined();
    const raw = await readFile(join(webDir, script!));
    const brotli = await get(app, script!, { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.rawPayload.equals(await readFile(join(webDir, `${script}.br`)))).toBe(true);
    const gzip = await get(app, script!, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(raw)).toBe(true);
    const plain = await get(app, script!);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(raw)).toBe(true);
  });
});
