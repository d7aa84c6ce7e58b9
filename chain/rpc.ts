// A small CometBFT JSON-RPC client (URI/GET style) with timeouts, error mapping and retries.
import { toHex } from "@cosmjs/encoding";
import { QueryRefusedError, RpcError, RpcFormatError, RpcHttpError, RpcUnavailableError, isRetryable, isRetryableForFollower } from "./errors.ts";
import {
  normalizeAbciQuery,
  normalizeBlock,
  normalizeBlockResults,
  normalizeBroadcast,
  normalizeGenesis,
  normalizeGenesisChunk,
  normalizeStatus,
  normalizeUnconfirmedCount,
  normalizeValidatorsPage,
} from "./normalize.ts";
import type { AbciQueryResponse, BroadcastResponse } from "./normalize.ts";
import type { ChainBlock, ChainBlockResults, ChainStatus, ChainValidatorPower } from "./types.ts";
import { fetchGet, type HttpGet } from "./http-get.ts";

export {
  QueryRefusedError,
  RpcError,
  RpcFormatError,
  RpcHttpError,
  RpcUnavailableError,
  isRetryable,
  isRetryableForFollower,
  lowestAvailableHeight,
} from "./errors.ts";
export type { AbciQueryResponse, BroadcastResponse } from "./normalize.ts";

export interface RpcClientOptions {
  timeoutMs?: number;
  /** How a request travels; the global fetch by default. */
  get?: HttpGet;
}

/** CometBFT's URI parameters: strings in double quotes, bytes as 0x-hex, integers bare. */
type Params = Record<string, string | number | undefined>;

const VALIDATORS_PER_PAGE = 100;
/** Timeout of one node request when none is given (RPC_TIMEOUT_MS's default). */
export const RPC_TIMEOUT_MS = 20_000;

export class RpcClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  private readonly get: HttpGet;
  /** The node (or a proxy before it) answered a batch with something else than a list of answers. */
  private batchesRefused = false;

  constructor(url: string, { timeoutMs = RPC_TIMEOUT_MS, get = fetchGet }: RpcClientOptions = {}) {
    this.baseUrl = url.replace(/\/+$/, "");
    this.timeoutMs = timeoutMs;
    this.get = get;
  }

  async status(): Promise<ChainStatus> {
    return normalizeStatus(await this.call("status"));
  }

  async block(height: number): Promise<ChainBlock> {
    return normalizeBlock(await this.call("block", { height }));
  }

  /** A block and its results in one request (a JSON-RPC batch), or in two where the node refuses batches. */
  async blockWithResults(height: number): Promise<{ block: ChainBlock; results: ChainBlockResults }> {
    const [block, results] = await this.batch([
      ["block", { height }],
      ["block_results", { height }],
    ]);
    return { block: normalizeBlock(block), results: normalizeBlockResults(results) };
  }

  /** The whole validator set at a height, every page fetched at the height of the first. */
  async validators(height?: number): Promise<ChainValidatorPower[]> {
    const all: ChainValidatorPower[] = [];
    let atHeight = height;
    for (let page = 1; ; page++) {
      const result = await this.call("validators", { height: atHeight, page, per_page: VALIDATORS_PER_PAGE });
      const answer = normalizeValidatorsPage(result);
      atHeight ??= answer.blockHeight;
      all.push(...answer.validators);
      if (answer.validators.length === 0 || all.length >= answer.total) return all;
    }
  }

  /** The genesis document's app_state; in chunks when the node finds the document too large to send whole. */
  async genesisAppState(): Promise<unknown> {
    try {
      return normalizeGenesis(await this.call("genesis"));
    } catch (error) {
      if (!(error instanceof RpcError) || !error.message.includes("genesis_chunked")) throw error;
    }
    const parts: string[] = [];
    for (let chunk = 0; ; chunk++) {
      const piece = normalizeGenesisChunk(await this.call("genesis_chunked", { chunk }));
      parts.push(piece.data);
      if (chunk + 1 >= piece.total) break;
    }
    return normalizeGenesis({ genesis: JSON.parse(Buffer.concat(parts.map((p) => Buffer.from(p, "base64"))).toString("utf8")) as unknown });
  }

  async abciQuery(path: string, data: Uint8Array, height?: number): Promise<AbciQueryResponse> {
    return normalizeAbciQuery(await this.call("abci_query", { path: quoted(path), data: hexBytes(data), height }));
  }

  async numUnconfirmedTxs(): Promise<number> {
    return normalizeUnconfirmedCount(await this.call("num_unconfirmed_txs"));
  }

  async broadcastTxSync(tx: Uint8Array): Promise<BroadcastResponse> {
    return normalizeBroadcast(await this.call("broadcast_tx_sync", { tx: hexBytes(tx) }));
  }

  /** One request; resolves to the JSON-RPC `result`, or throws one of the errors in errors.ts. */
  async call(method: string, params: Params = {}): Promise<unknown> {
    const url = `${this.baseUrl}${uriPath(method, params)}`;
    let status: number;
    let body: string;
    try {
      ({ status, body } = await this.get(url, this.timeoutMs));
    } catch (error) {
      throw unavailable(error, url, this.timeoutMs);
    }
    return resultOf(status, body, method);
  }

  /**
   * Several calls in one POST, a JSON-RPC batch (CometBFT answers up to its `max_request_batch_size`, 10 by default):
   * the results in the calls' order, or the first failed call's error. A node or proxy that shows it does not serve
   * batches (a 4xx or 501 without a list of answers, a list that does not answer each call, or JSON-RPC's "invalid
   * request") is asked by GET from then on; a 5xx or a timeout is a fault like any other, for the caller to retry.
   */
  async batch(calls: [method: string, params: Params][]): Promise<unknown[]> {
    if (this.batchesRefused) return Promise.all(calls.map(([method, params]) => this.call(method, params)));
    const json = JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: "2.0", id, method, params: jsonParams(params) })));
    const url = `${this.baseUrl}/`;
    let status: number;
    let body: string;
    try {
      ({ status, body } = await this.get(url, this.timeoutMs, json));
    } catch (error) {
      throw unavailable(error, url, this.timeoutMs);
    }
    const envelope = parseJson(body);
    const answers = Array.isArray(envelope) ? inCallOrder(envelope, calls.length) : null;
    if (answers) return answers.map((answer, id) => resultOfEnvelope(200, answer, "", calls[id][0]));
    if (!refusesBatches(status, envelope)) throw batchFault(status, envelope, body, calls.map(([method]) => method).join(" and "));
    this.batchesRefused = true;
    return this.batch(calls);
  }
}

/** The path and query of a call by GET (URI style): `/block?height=5`. */
export function uriPath(method: string, params: Params = {}): string {
  return `/${method}${queryString(params)}`;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A batch's answers in the calls' order; null unless the list answers each call once. */
function inCallOrder(list: unknown[], calls: number): unknown[] | null {
  if (list.length !== calls) return null;
  const byId: unknown[] = [];
  for (const answer of list) {
    const id = (answer as { id?: unknown } | null)?.id;
    if (typeof id !== "number" || !Number.isInteger(id) || id < 0 || id >= calls || byId[id] !== undefined) return null;
    byId[id] = answer;
  }
  return byId;
}

/** A 5xx answer to a whole batch, as the error of one call would read. */
function batchFault(status: number, envelope: unknown, body: string, methods: string): Error {
  const error = (envelope as { error?: unknown } | undefined)?.error;
  return error ? toRpcError(error, methods) : new RpcHttpError(status, body);
}

/** Whether an answer that is not a list of answers says the batch itself was refused, rather than a passing fault. */
function refusesBatches(status: number, envelope: unknown): boolean {
  if (Array.isArray(envelope)) return true;
  const code = (envelope as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (code === -32600 || code === -32700 || code === -32601) return true;
  return status < 500 || status === 501;
}

/** URI parameters as JSON-RPC's: CometBFT reads integers as strings there (its int64s are JSON strings). */
function jsonParams(params: Params): Record<string, string> {
  const pairs = Object.entries(params).filter((pair): pair is [string, string | number] => pair[1] !== undefined);
  return Object.fromEntries(pairs.map(([key, value]) => [key, String(value)]));
}

function queryString(params: Params): string {
  const pairs = Object.entries(params).filter((pair): pair is [string, string | number] => pair[1] !== undefined);
  if (pairs.length === 0) return "";
  return `?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join("&")}`;
}

function quoted(text: string): string {
  return `"${text}"`;
}

function hexBytes(bytes: Uint8Array): string {
  return `0x${toHex(bytes)}`;
}

function unavailable(error: unknown, url: string, timeoutMs: number): RpcUnavailableError {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new RpcUnavailableError(`${url}: no answer within ${timeoutMs} ms`, { cause: error });
  }
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new RpcUnavailableError(`${url}: ${reason}`, { cause: error });
}

/** CometBFT answers JSON-RPC errors with HTTP 500, so the body is read before the status. */
function resultOf(status: number, body: string, method: string): unknown {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    if (status >= 400) throw new RpcHttpError(status, body);
    throw new RpcFormatError(`${method}: the answer is not JSON`);
  }
  return resultOfEnvelope(status, envelope, body, method);
}

function resultOfEnvelope(status: number, envelope: unknown, body: string, method: string): unknown {
  if (envelope !== null && typeof envelope === "object" && "error" in envelope && envelope.error) {
    throw toRpcError(envelope.error, method);
  }
  if (status >= 400) throw new RpcHttpError(status, body);
  if (envelope === null || typeof envelope !== "object" || !("result" in envelope)) {
    throw new RpcFormatError(`${method}: the answer has neither result nor error`);
  }
  return envelope.result;
}

function toRpcError(error: unknown, method: string): RpcError {
  if (error === null || typeof error !== "object") return new RpcError(0, `${method}: ${String(error)}`, "");
  const { code, message, data } = error as Record<string, unknown>;
  return new RpcError(
    typeof code === "number" ? code : 0,
    typeof message === "string" ? message : `${method} failed`,
    typeof data === "string" ? data : data === undefined ? "" : JSON.stringify(data),
  );
}

export interface RetryOptions {
  /** Attempts after the first; Infinity for callers that must never give up (the indexer). */
  retries: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Stops waiting between attempts (shutdown); the last error is thrown. */
  signal?: AbortSignal;
  /** Which failures are worth another attempt; by default only unreachable nodes and HTTP 5xx. */
  retryIf?: (error: unknown) => boolean;
}

/** Runs `fn`, retrying retryable failures with capped exponential backoff and jitter; other errors pass through at once. */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { retries, baseDelayMs = 500, maxDelayMs = 30_000, onRetry, signal, retryIf = isRetryable } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!retryIf(error) || attempt > retries || signal?.aborted) throw error;
      const delayMs = backoffDelay(attempt, baseDelayMs, maxDelayMs);
      onRetry?.(error, attempt, delayMs);
      await sleep(delayMs, signal);
      if (signal?.aborted) throw error;
    }
  }
}

/**
 * The wait before retry `attempt`: doubling from `baseMs` up to `maxMs`, less up to a quarter at random, so that
 * many clients of one recovering node (or database) do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const capped = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(capped * (1 - Math.random() * 0.25));
}

/**
 * The node does not offer this method at all (public endpoints often turn `abci_query` off: JSON-RPC -32601
 * "Method not found", or an HTTP 404/405/501 from a proxy in front): asking again never helps, so what needed the
 * answer is left absent. (A gRPC UNIMPLEMENTED answer code already reads as "the chain does not know" in node-state.ts.)
 */
export function isRefusedMethod(error: unknown): boolean {
  if (error instanceof QueryRefusedError) return true;
  if (error instanceof RpcError) return error.code === -32601 || /method not found/i.test(error.message);
  return error instanceof RpcHttpError && (error.status === 404 || error.status === 405 || error.status === 501);
}

/** A node fault a follower waits out (unreachable, 5xx, a height not there yet); neither a pruned height nor a refused method. */
export function isTransientNodeFault(error: unknown): boolean {
  return !isRefusedMethod(error) && isRetryableForFollower(error);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
