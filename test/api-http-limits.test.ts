// The API's HTTP edges over a real socket: errors Node raises before routing keep the JSON body, and slow clients are cut off.
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";

const REQUEST_TIMEOUT_MS = 1_000;

let t: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  t = await createTestDatabase("pglite");
  app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), false), requestTimeoutMs: REQUEST_TIMEOUT_MS });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await t.drop();
});

/** Writes raw bytes, then reads until the server closes the connection; resolves with what came back and how long it took. */
function exchange(raw: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("close", () => resolve({ text, ms: Date.now() - started }));
    socket.on("error", reject);
  });
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));

describe("HTTP limits", () => {
  it("answers headers over Node's limit with 431 and the JSON error body", async () => {
    const { text } = await exchange(`GET /api/blocks/latest HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(statusOf(text)).toBe(431);
    expect(bodyOf(text)).toEqual({ error: { code: "headers_too_large", message: "Request headers are too large" } });
  });

  it("answers a malformed request line with 400 and the JSON error body", async () => {
    const { text } = await exchange("NOT A REQUEST\r\n\r\n");
    expect(statusOf(text)).toBe(400);
    expect(bodyOf(text).error.code).toBe("bad_request");
  });

  it("closes a request that promises a body and never sends it after the request timeout, with 408", async () => {
    const { text, ms } = await exchange("POST /api/blockchain/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n");
    expect(statusOf(text)).toBe(408);
    expect(bodyOf(text).error.code).toBe("request_timeout");
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 4_000);
  });

  it("closes a client that never finishes its headers", async () => {
    const { ms } = await exchange("GET /api/blocks/latest HTTP/1.1\r\nHost: x\r\n");
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 4_000);
  });
});
