// A JSON-RPC fault-injection node: proxies a devnet (or replay node) and misbehaves as the test's `faults` say, changeable at any time.
import { createServer, type Server } from "node:http";
import { answerCalls } from "./json-rpc-batch.ts";

export interface Faults {
  /** Added to every answer's time. */
  delayMs?: number;
  /** This height's block and block_results calls fail `times` times in all (Infinity: for ever) with "must be less than or equal to the current blockchain height". */
  failHeight?: { height: number; times: number };
  /** Methods answered "Method not found" (as public endpoints answer abci_query). */
  refuse?: string[];
  /** Heights below this are answered as pruned ("lowest height is N"), and status reports it as earliest. */
  prunedBelow?: number;
  /** Added to the latest height that status reports: heights the node then cannot serve. */
  statusAhead?: number;
  /** abci_query at a height below this is answered as a node that has pruned that state answers (Cosmos SDK's code 38). */
  stateKeptFrom?: number;
  /** The chain id status and blocks report instead of the real one. */
  chainId?: string;
  /** This height's block is reported with another hash (a node of another chain, or a fork). */
  blockHash?: { height: number; hash: string };
  /** This height's block carries bytes that are not a transaction before its own (a vote extension, as Neutron's oracle injects), with a result of code 0. */
  undecodableAt?: number;
  /** This height's block_results lists no result for the block's last transaction. */
  dropResultAt?: number;
  /** POSTs (JSON-RPC batches) answered 405, as a proxy that passes only GETs does. */
  refuseBatches?: boolean;
  /** This share (0..1) of all requests (a batch is one), drawn at random, fails whole (HTTP 500, an internal error), as an overloaded node answers. */
  failRate?: number;
}

/** The bytes `undecodableAt` injects: JSON, as an oracle's vote extension is, which no TxRaw decodes to. */
export const INJECTED_BYTES = Buffer.from(JSON.stringify({ prices: { "ATOM/USD": "10.25" }, round: 7 })).toString("base64");

export interface FaultNode {
  url: string;
  faults: Faults;
  /** Requests, or calls of a batch, answered with an injected error so far. */
  injected: () => number;
  /** `block` requests forwarded to the real node so far: how far a catch-up has come. */
  blocksServed: () => number;
  close: () => Promise<void>;
}

const rpcError = (code: number, message: string, data: string) => JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code, message, data } });

export async function faultNode(target: string, faults: Faults = {}): Promise<FaultNode> {
  let injected = 0;
  let blocksServed = 0;
  const node: FaultNode = { url: "", faults, injected: () => injected, blocksServed: () => blocksServed, close: async () => undefined };
  /** One call's answer, faults injected, as its GET gets it. */
  const reply = async (path: string): Promise<{ status: number; body: string }> => {
    const url = new URL(path, "http://node");
    const method = url.pathname.slice(1);
    const error = injectedError(node.faults, method, Number(url.searchParams.get("height") ?? NaN));
    if (error) {
      injected += 1;
      return { status: 500, body: error };
    }
    if (isPrunedState(node.faults, method, url.searchParams)) return { status: 200, body: prunedState(url.searchParams, await latestHeight(target)) };
    if (method === "block") blocksServed += 1;
    const answer = await fetch(`${target}${path}`);
    return { status: answer.status, body: rewrite(node.faults, method, await answer.text()) };
  };
  const server: Server = createServer(async (request, response) => {
    if (node.faults.delayMs) await new Promise((resolve) => setTimeout(resolve, node.faults.delayMs));
    try {
      if (node.faults.refuseBatches && request.method === "POST") {
        injected += 1;
        response.writeHead(405, { "content-type": "text/plain" }).end("method not allowed");
      } else if (node.faults.failRate && Math.random() < node.faults.failRate) {
        // An overloaded node fails the whole request, a batch as much as a single call.
        injected += 1;
        response.writeHead(500, { "content-type": "application/json" }).end(rpcError(-32603, "Internal error", "service unavailable"));
      } else {
        await answerCalls(request, response, reply);
      }
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  node.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  node.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return node;
}

function injectedError(faults: Faults, method: string, height: number): string | null {
  if (faults.refuse?.includes(method)) return rpcError(-32601, "Method not found", method);
  const perHeight = method === "block" || method === "block_results" || method === "validators";
  if (perHeight && faults.prunedBelow !== undefined && height < faults.prunedBelow) {
    return rpcError(-32603, "Internal error", `height ${height} is not available, lowest height is ${faults.prunedBelow}`);
  }
  const fail = faults.failHeight;
  if ((method === "block" || method === "block_results") && fail && height === fail.height && fail.times > 0) {
    fail.times -= 1;
    return rpcError(-32603, "Internal error", `height ${height} must be less than or equal to the current blockchain height ${height - 1}`);
  }
  return null;
}

function isPrunedState(faults: Faults, method: string, params: URLSearchParams): boolean {
  const height = Number(params.get("height") ?? 0);
  return method === "abci_query" && faults.stateKeptFrom !== undefined && height > 0 && height < faults.stateKeptFrom;
}

/** An abci_query at a height whose state `stateKeptFrom` says is gone, answered as Cosmos SDK v0.50 answers it. */
function prunedState(params: URLSearchParams, latest: number): string {
  const log =
    `failed to load state at height ${params.get("height")}; version mismatch on immutable IAVL tree; version does not exist. ` +
    `Version has either been pruned, or is for a future block height (latest height: ${latest}): not found`;
  const response = { code: 38, log, info: "", index: "0", key: null, value: null, proofOps: null, height: "0", codespace: "sdk" };
  return JSON.stringify({ jsonrpc: "2.0", id: -1, result: { response } });
}

async function latestHeight(target: string): Promise<number> {
  const status = (await (await fetch(`${target}/status`)).json()) as { result: { sync_info: { latest_block_height: string } } };
  return Number(status.result.sync_info.latest_block_height);
}

/** Status, block and block_results answers as the faults would have the node report them. */
function rewrite(faults: Faults, method: string, body: string): string {
  const rewrites =
    method === "status"
      ? faults.statusAhead || faults.prunedBelow !== undefined || faults.chainId
      : method === "block"
        ? faults.chainId || faults.blockHash || faults.undecodableAt !== undefined
        : method === "block_results"
          ? faults.undecodableAt !== undefined || faults.dropResultAt !== undefined
          : false;
  // Bodies no fault touches pass as they are: parsing every block would load the process the indexer runs in.
  if (!rewrites) return body;
  const answer = JSON.parse(body);
  const result = answer.result;
  if (!result) return body;
  if (method === "status") {
    if (faults.statusAhead) result.sync_info.latest_block_height = String(Number(result.sync_info.latest_block_height) + faults.statusAhead);
    if (faults.prunedBelow !== undefined) result.sync_info.earliest_block_height = String(faults.prunedBelow);
    if (faults.chainId) result.node_info.network = faults.chainId;
  } else if (method === "block") {
    rewriteBlock(faults, result);
  } else {
    rewriteResults(faults, result);
  }
  return JSON.stringify(answer);
}

function rewriteBlock(
  faults: Faults,
  result: { block_id: { hash: string }; block: { header: { chain_id: string; height: string }; data: { txs: string[] | null } } },
): void {
  const height = Number(result.block.header.height);
  if (faults.chainId) result.block.header.chain_id = faults.chainId;
  if (faults.blockHash?.height === height) result.block_id.hash = faults.blockHash.hash;
  if (faults.undecodableAt === height) result.block.data.txs = [INJECTED_BYTES, ...(result.block.data.txs ?? [])];
}

function rewriteResults(faults: Faults, result: { height: string; txs_results: unknown[] | null }): void {
  const height = Number(result.height);
  if (faults.undecodableAt === height) {
    result.txs_results = [{ code: 0, data: "", log: "", info: "", gas_wanted: "0", gas_used: "0", events: [], codespace: "" }, ...(result.txs_results ?? [])];
  }
  if (faults.dropResultAt === height) result.txs_results = (result.txs_results ?? []).slice(0, -1);
}
