// GET and POST requests through node:http(s) with kept-alive connections: a fraction of fetch's (undici's) CPU per
// request, which counts in the indexer's workers, one request a block.
import http from "node:http";
import https from "node:https";
import { createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";

/** One request's status and body (UTF-8): a GET, or a POST of `json` when given; network faults and timeouts are thrown. */
export type HttpGet = (url: string, timeoutMs: number, json?: string) => Promise<{ status: number; body: string }>;

/** The request through the global fetch, looked up on every call (tests and the bench's recorder replace it). */
export const fetchGet: HttpGet = async (url, timeoutMs, json) => {
  const init = json === undefined ? {} : { method: "POST", body: json, headers: { "content-type": "application/json" } };
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, body: await response.text() };
};

// Idle connections are closed after 4 s, as undici does, before a node's own idle timeout can close one under a request.
const agents = { "http:": new http.Agent({ keepAlive: true, timeout: 4000 }), "https:": new https.Agent({ keepAlive: true, timeout: 4000 }) };

/**
 * The request through node:http(s), gzip and deflate accepted as fetch accepts them; an answer that redirects is asked
 * again through fetch, which follows it. A timeout throws an error named TimeoutError, as fetch's signal does.
 */
export const nodeGet: HttpGet = (url, timeoutMs, json) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    const headers = json === undefined ? { "accept-encoding": "gzip, deflate" } : { "accept-encoding": "gzip, deflate", "content-type": "application/json" };
    const request = client.request(target, { method: json === undefined ? "GET" : "POST", agent: agents[target.protocol as keyof typeof agents], headers });
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
      request.destroy();
    };
    const timer = setTimeout(() => fail(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: "TimeoutError" })), timeoutMs);
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        clearTimeout(timer);
        response.resume();
        fetchGet(url, timeoutMs, json).then(resolve, reject);
        return;
      }
      const encoding = response.headers["content-encoding"];
      const body: Readable = encoding === "gzip" ? response.pipe(createGunzip()) : encoding === "deflate" ? response.pipe(createInflate()) : response;
      const chunks: Buffer[] = [];
      body.on("data", (chunk: Buffer) => chunks.push(chunk));
      body.on("error", fail);
      response.on("error", fail);
      response.on("close", () => {
        if (!response.complete) fail(new Error("the connection closed before the answer was complete"));
      });
      body.on("end", () => {
        clearTimeout(timer);
        resolve({ status, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    request.end(json);
  });
