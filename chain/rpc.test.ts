// Tests of the RPC client against a tiny local HTTP server: parameters, errors, timeouts, retries, pagination.
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RpcClient,
  RpcError,
  RpcFormatError,
  RpcHttpError,
  RpcUnavailableError,
  backoffDelay,
  isRefusedMethod,
  isRetryable,
  isTransientNodeFault,
  lowestAvailableHeight,
  withRetry,
} from "./rpc.ts";

const FIXTURES = new URL("../../shared/fixtures/real-chains/", import.meta.url);
const fixture = (file: string) => readFileSync(new URL(file, FIXTURES), "utf8");

type Handler = (url: URL, req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** Serves `handler` on 127.0.0.1 at a free port; records every request URL. */
async function serve(handler: Handler): Promise<{ url: string; requests: URL[] }> {
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url);
    void handler(url, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

function reply(res: ServerResponse, body: string | object, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const envelope = (result: unknown) => ({ jsonrpc: "2.0", id: -1, result });

describe("RpcClient", () => {
  it("reads status, with or without a trailing slash in the URL", async () => {
    const server = await serve((_url, _req, res) => reply(res, fixture("tendermintrs-kvstore-v038-status.json")));
    for (const base of [server.url, `${server.url}/`]) {
      const status = await new RpcClient(base).status();
      expect(status).toEqual({ chainId: "dockerchain", latestHeight: 232, latestTime: "2023-05-17T14:14:48.530Z", earliestHeight: 1, catchingUp: false });
    }
    expect(server.requests.map((u) => u.pathname)).toEqual(["/status", "/status"]);
  });

  it("asks for a block, and a block and its results from a node without batches, by height", async () => {
    const server = await serve((url, req, res) => {
      if (req.method === "POST") return reply(res, "method not allowed", 405);
      const file =
        url.pathname === "/block" ? "tendermintrs-kvstore-v038-block_at_height_10.json" : "tendermintrs-kvstore-v038-block_results_at_height_10.json";
      reply(res, fixture(file));
    });
    const client = new RpcClient(server.url);
    expect((await client.block(10)).height).toBe(10);
    expect((await client.blockWithResults(10)).results.blockEvents).toEqual([]);
    expect(server.requests.map((u) => `${u.pathname}${u.search}`)).toEqual(["/block?height=10", "/", "/block?height=10", "/block_results?height=10"]);
  });

  it("quotes the abci_query path and sends data and txs as 0x-hex", async () => {
    const server = await serve((url, _req, res) => {
      if (url.pathname === "/abci_query") reply(res, envelope({ response: { code: 0, log: "", value: "CgFB", height: "7" } }));
      else if (url.pathname === "/broadcast_tx_sync") reply(res, envelope({ code: 0, data: "", log: "[]", codespace: "", hash: "ab".repeat(32) }));
      else reply(res, envelope({ n_txs: "2", total: "12", total_bytes: "300", txs: null }));
    });
    const client = new RpcClient(server.url);
    const answer = await client.abciQuery("/axiome.referral.v1beta1.Query/Get", new Uint8Array([10, 1]), 7);
    expect(answer).toEqual({ code: 0, value: new Uint8Array([10, 1, 65]), log: "", height: 7 });
    expect(Object.fromEntries(server.requests[0].searchParams)).toEqual({ path: '"/axiome.referral.v1beta1.Query/Get"', data: "0x0a01", height: "7" });
    expect(await client.broadcastTxSync(new Uint8Array([1, 255]))).toEqual({ code: 0, log: "[]", hash: "AB".repeat(32) });
    expect(server.requests[1].searchParams.get("tx")).toBe("0x01ff");
    expect(await client.numUnconfirmedTxs()).toBe(12);
  });

  it("turns a JSON-RPC error into an RpcError, even behind HTTP 500", async () => {
    const server = await serve((_url, _req, res) => reply(res, fixture("quokka-mbc-rpc-tendermint-error.json"), 500));
    const error = await new RpcClient(server.url).block(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32603, data: "height 1 is not available, lowest height is 17966501" });
    expect(lowestAvailableHeight(error)).toBe(17966501);
    expect(isRetryable(error)).toBe(false);
    expect(lowestAvailableHeight(new Error("something else"))).toBeNull();
  });

  it("gives up after timeoutMs with a retryable RpcUnavailableError", async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const error = await new RpcClient(server.url, { timeoutMs: 100 }).status().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcUnavailableError);
    expect(String(error)).toMatch(/100 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(isRetryable(error)).toBe(true);
  });

  it("reports a refused connection as RpcUnavailableError", async () => {
    const server = await serve((_url, _req, res) => reply(res, "{}"));
    await servers.pop()?.();
    await expect(new RpcClient(server.url, { timeoutMs: 1000 }).status()).rejects.toBeInstanceOf(RpcUnavailableError);
  });

  it("refuses malformed answers with RpcFormatError", async () => {
    const answers = [
      "<html>not json</html>",
      JSON.stringify({ jsonrpc: "2.0", id: -1 }),
      JSON.stringify(
        envelope({
          node_info: { network: "x" },
          sync_info: { latest_block_height: "12a", latest_block_time: "2025-01-01T00:00:00Z", earliest_block_height: "1", catching_up: false },
        }),
      ),
      JSON.stringify(envelope(null)),
    ];
    let next = 0;
    const server = await serve((_url, _req, res) => reply(res, answers[next++]));
    const client = new RpcClient(server.url);
    for (let i = 0; i < answers.length; i++) await expect(client.status()).rejects.toBeInstanceOf(RpcFormatError);
  });

  it("maps HTTP errors without a JSON-RPC body, 5xx retryable and 4xx not", async () => {
    let status = 503;
    const server = await serve((_url, _req, res) => {
      res.writeHead(status);
      res.end("busy");
    });
    const client = new RpcClient(server.url);
    const unavailable = await client.status().catch((e: unknown) => e);
    expect(unavailable).toBeInstanceOf(RpcHttpError);
    expect(isRetryable(unavailable)).toBe(true);
    status = 404;
    expect(isRetryable(await client.status().catch((e: unknown) => e))).toBe(false);
  });

  it("follows validators pagination at the height of the first page", async () => {
    const server = await serve((url, _req, res) => {
      const page = url.searchParams.get("page");
      reply(res, fixture(`quokka-mbc-rpc-tendermint-validators-${page}.json`));
    });
    const validators = await new RpcClient(server.url).validators();
    expect(validators.length).toBe(180);
    expect(new Set(validators.map((v) => v.address)).size).toBe(180);
    expect(server.requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { page: "1", per_page: "100" },
      { height: "21955392", page: "2", per_page: "100" },
    ]);
  });

  it("takes one page without count as the whole validator set", async () => {
    const server = await serve((_url, _req, res) => reply(res, fixture("tendermintrs-legacy-2019-validators.json")));
    expect((await new RpcClient(server.url).validators(42)).length).toBe(65);
    expect(server.requests.length).toBe(1);
    expect(server.requests[0].searchParams.get("height")).toBe("42");
  });
});

/** The JSON-RPC calls of a POST body. */
async function batchOf(req: IncomingMessage): Promise<{ id: number; method: string; params: Record<string, string> }[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** A recorded answer's result, as one answer of a batch with this id. */
const answerOf = (file: string, id: number) => ({ ...JSON.parse(fixture(file)), id });

describe("RpcClient batches", () => {
  const BLOCK_10 = "tendermintrs-kvstore-v038-block_at_height_10.json";
  const RESULTS_10 = "tendermintrs-kvstore-v038-block_results_at_height_10.json";

  it("asks for a block and its results in one POST, the answers matched by id in any order", async () => {
    const calls: unknown[] = [];
    const server = await serve(async (url, req, res) => {
      const batch = await batchOf(req);
      calls.push(req.method, url.pathname, batch);
      reply(res, [answerOf(RESULTS_10, batch[1].id), answerOf(BLOCK_10, batch[0].id)]);
    });
    const { block, results } = await new RpcClient(server.url).blockWithResults(10);
    expect(block.height).toBe(10);
    expect(results.height).toBe(10);
    expect(calls).toEqual([
      "POST",
      "/",
      [
        { jsonrpc: "2.0", id: 0, method: "block", params: { height: "10" } },
        { jsonrpc: "2.0", id: 1, method: "block_results", params: { height: "10" } },
      ],
    ]);
  });

  it("throws a call's own error from a batch, as its GET would, so that a height not there yet is waited for", async () => {
    const server = await serve(async (_url, req, res) => {
      const [block, results] = await batchOf(req);
      const notYet = { code: -32603, message: "Internal error", data: "height 11 must be less than or equal to the current blockchain height 10" };
      reply(res, [answerOf(BLOCK_10, block.id), { jsonrpc: "2.0", id: results.id, error: notYet }]);
    });
    const error = await new RpcClient(server.url).blockWithResults(11).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32603, data: expect.stringContaining("must be less than or equal") });
    expect(isTransientNodeFault(error)).toBe(true);
  });

  it("takes a 5xx to a whole batch for a fault to retry, and batches again after it", async () => {
    let busy = true;
    const server = await serve(async (_url, req, res) => {
      const batch = await batchOf(req);
      if (busy) reply(res, "busy", 503);
      else reply(res, [answerOf(BLOCK_10, batch[0].id), answerOf(RESULTS_10, batch[1].id)]);
    });
    const client = new RpcClient(server.url);
    const error = await client.blockWithResults(10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcHttpError);
    expect(isTransientNodeFault(error)).toBe(true);
    busy = false;
    expect((await client.blockWithResults(10)).block.height).toBe(10);
    expect(server.requests.map((u) => u.pathname)).toEqual(["/", "/"]);
  });

  it.each([
    ["a 405 for POST", 405, "method not allowed"],
    ["JSON-RPC's invalid request", 200, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request", data: "batches are not served" } }],
    ["a single answer", 200, { jsonrpc: "2.0", id: 0, result: {} }],
    ["a list missing an answer", 200, [{ jsonrpc: "2.0", id: 0, result: {} }]],
  ])("asks by GET from then on when a node answers a batch with %s", async (_name, status, body) => {
    const server = await serve((url, req, res) => {
      if (req.method === "POST") return reply(res, body as string | object, status as number);
      reply(res, fixture(url.pathname === "/block" ? BLOCK_10 : RESULTS_10));
    });
    const client = new RpcClient(server.url);
    expect((await client.blockWithResults(10)).results.height).toBe(10);
    expect((await client.blockWithResults(10)).block.height).toBe(10);
    expect(server.requests.map((u) => `${u.pathname}${u.search}`)).toEqual([
      "/",
      "/block?height=10",
      "/block_results?height=10",
      "/block?height=10",
      "/block_results?height=10",
    ]);
  });
});

describe("withRetry", () => {
  it("retries retryable failures with exponential backoff, then succeeds", async () => {
    let calls = 0;
    const server = await serve((_url, _req, res) => {
      calls++;
      if (calls <= 2) {
        res.writeHead(502);
        res.end("bad gateway");
      } else reply(res, fixture("tendermintrs-kvstore-v038-status.json"));
    });
    const client = new RpcClient(server.url);
    const onRetry = vi.fn();
    const status = await withRetry(() => client.status(), { retries: 3, baseDelayMs: 5, maxDelayMs: 1000, onRetry });
    expect(status.latestHeight).toBe(232);
    expect(onRetry.mock.calls.map(([error, attempt]) => [error.constructor.name, attempt])).toEqual([
      ["RpcHttpError", 1],
      ["RpcHttpError", 2],
    ]);
    // Each delay is the doubled base less up to a quarter of jitter.
    const delays = onRetry.mock.calls.map(([, , delay]) => delay);
    expect(delays[0]).toBeGreaterThanOrEqual(4);
    expect(delays[0]).toBeLessThanOrEqual(5);
    expect(delays[1]).toBeGreaterThanOrEqual(7);
    expect(delays[1]).toBeLessThanOrEqual(10);
  });

  it("throws the last error when the retries run out", async () => {
    const fn = vi.fn(async () => {
      throw new RpcUnavailableError("down");
    });
    await expect(withRetry(fn, { retries: 2, baseDelayMs: 1 })).rejects.toThrow("down");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("does not retry errors that retrying cannot fix", async () => {
    const fn = vi.fn(async () => {
      throw new RpcError(-32603, "Internal error", "height 1 is not available, lowest height is 5");
    });
    await expect(withRetry(fn, { retries: 5, baseDelayMs: 1 })).rejects.toBeInstanceOf(RpcError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("never gives up with retries: Infinity, delays capped at maxDelayMs", async () => {
    let calls = 0;
    const delays: number[] = [];
    const result = await withRetry(
      async () => {
        if (++calls < 12) throw new RpcUnavailableError("down");
        return "height 7";
      },
      { retries: Infinity, baseDelayMs: 8, maxDelayMs: 32, onRetry: (_e, _a, delay) => delays.push(delay) },
    );
    expect(result).toBe("height 7");
    expect(delays).toHaveLength(11);
    expect(Math.max(...delays)).toBeLessThanOrEqual(32);
    expect(delays.slice(2).every((d) => d >= 24)).toBe(true);
  });

  it("stops waiting when its signal aborts", async () => {
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      throw new RpcUnavailableError("down");
    });
    setTimeout(() => controller.abort(), 20);
    await expect(withRetry(fn, { retries: Infinity, baseDelayMs: 10_000, signal: controller.signal })).rejects.toThrow("down");
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe("node fault classes", () => {
  it("tells a refused method from a transient fault and a pruned height", () => {
    const refused = new RpcError(-32601, "Method not found", "abci_query");
    expect(isRefusedMethod(refused)).toBe(true);
    expect(isTransientNodeFault(refused)).toBe(false);
    expect(isTransientNodeFault(new RpcError(-32603, "Internal error", "height 9 must be less than or equal to the current blockchain height 8"))).toBe(true);
    expect(isTransientNodeFault(new RpcUnavailableError("refused"))).toBe(true);
    expect(isTransientNodeFault(new RpcError(-32603, "Internal error", "height 1 is not available, lowest height is 5"))).toBe(false);
  });

  it("keeps backoff delays between three quarters of the capped doubling and the cap", () => {
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(10, 100, 1000);
      expect(d).toBeGreaterThanOrEqual(750);
      expect(d).toBeLessThanOrEqual(1000);
    }
  });
});
