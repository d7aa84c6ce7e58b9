import { createServer, type Server } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchGet, nodeGet } from "./http-get.ts";
import { RpcClient, RpcUnavailableError } from "./rpc.ts";

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/gzip") {
      response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync('{"text":"é ✓"}'));
    } else if (request.url === "/slow") {
      setTimeout(() => response.end("late"), 500);
    } else if (request.url === "/echo") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () =>
        response.end(JSON.stringify({ method: request.method, type: request.headers["content-type"] ?? null, body: Buffer.concat(chunks).toString("utf8") })),
      );
    } else if (request.url === "/moved") {
      response.writeHead(302, { location: "/plain" }).end();
    } else if (request.url === "/cut") {
      response.writeHead(200, { "content-length": "100" });
      response.write("partial");
      setTimeout(() => response.destroy(), 20);
    } else {
      response.writeHead(request.url === "/plain" ? 200 : 500).end('{"jsonrpc":"2.0","result":{"ok":true}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("nodeGet", () => {
  it("answers as fetch does: status, UTF-8 body, gzip undone, redirects followed", async () => {
    for (const path of ["/plain", "/gzip", "/other", "/moved"]) {
      expect(await nodeGet(`${base}${path}`, 1000)).toEqual(await fetchGet(`${base}${path}`, 1000));
    }
    expect((await nodeGet(`${base}/gzip`, 1000)).body).toBe('{"text":"é ✓"}');
  });

  it("POSTs the JSON when given one, and GETs without a body otherwise, as fetch does", async () => {
    const json = '[{"jsonrpc":"2.0","id":0,"method":"block","params":{"height":"5"}}]';
    const posted = await nodeGet(`${base}/echo`, 1000, json);
    expect(JSON.parse(posted.body)).toEqual({ method: "POST", type: "application/json", body: json });
    expect(posted).toEqual(await fetchGet(`${base}/echo`, 1000, json));
    expect(JSON.parse((await nodeGet(`${base}/echo`, 1000)).body)).toEqual({ method: "GET", type: null, body: "" });
  });

  it("throws a TimeoutError when the answer takes too long, and an error when the connection breaks", async () => {
    await expect(nodeGet(`${base}/slow`, 50)).rejects.toMatchObject({ name: "TimeoutError" });
    await expect(nodeGet(`${base}/cut`, 1000)).rejects.toThrow();
  });

  it("gives the RPC client the same errors as fetch", async () => {
    const client = new RpcClient(base, { timeoutMs: 50, get: nodeGet });
    await expect(client.call("slow")).rejects.toThrow(new RpcUnavailableError(`${base}/slow: no answer within 50 ms`));
    expect(await client.call("plain")).toEqual({ ok: true });
    const closed = new RpcClient("http://127.0.0.1:1", { get: nodeGet });
    await expect(closed.call("status")).rejects.toThrow(/ECONNREFUSED/);
  });
});
