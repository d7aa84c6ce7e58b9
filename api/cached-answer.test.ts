import Fastify from "fastify";
import etag from "@fastify/etag";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CachedAnswer } from "./cached-answer.ts";

const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ height: i, hash: `${i}`.padStart(64, "0") })));

describe("CachedAnswer", () => {
  it("has the weak ETag the ETag plugin makes of the same text", async () => {
    const app = Fastify();
    await app.register(etag, { weak: true });
    app.get("/", (_request, reply) => reply.type("application/json").send(text));
    const response = await app.inject({ method: "GET", url: "/" });
    await app.close();
    expect(new CachedAnswer(text).etag).toBe(response.headers.etag);
  });

  it("compresses its text once per encoding, to bytes that give the text back", () => {
    const answer = new CachedAnswer(text);
    const brotli = answer.encoded("br");
    expect(answer.encoded("br")).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(text);
    expect(gunzipSync(answer.encoded("gzip")).toString()).toBe(text);
    expect(brotli.length).toBeLessThan(text.length / 4);
  });

  it("is sent compressed only from 1 KB up", () => {
    expect(new CachedAnswer("x".repeat(1023)).compressible).toBe(false);
    expect(new CachedAnswer("x".repeat(1024)).compressible).toBe(true);
  });
});
