// Worker thread: fetches heights from the node and decodes them, so the main thread spends its time writing.
import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { RpcClient, isTransientNodeFault, withRetry } from "../chain/rpc.ts";
import { nodeGet } from "../chain/http-get.ts";
import { decodeBlock, type IndexedBlock } from "./decode-block.ts";
import { DECODE_PRIORITY_STEP } from "./defaults.ts";

export interface WorkerSettings {
  entry: string;
  url: string;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export type WorkerRequest = { type: "fetch"; height: number } | { type: "stop" };

export type WorkerReply =
  | { type: "block"; height: number; block: IndexedBlock }
  | { type: "retry"; method: string; height: number; message: string; attempt: number; delayMs: number }
  | { type: "error"; height: number; name: string; message: string };

const settings = workerData as WorkerSettings;
// On Linux a thread's niceness is its own (elsewhere this call would lower the whole process's): see DECODE_PRIORITY_STEP.
if (process.platform === "linux") setPriority(Math.min(19, getPriority() + DECODE_PRIORITY_STEP));
const rpc = new RpcClient(settings.url, { timeoutMs: settings.timeoutMs, get: nodeGet });
const abort = new AbortController();
const port = parentPort!;

/** One request for `height`, retried for ever while the fault is transient: skipping a height is never an option. */
function persist<T>(method: string, height: number, ask: () => Promise<T>): Promise<T> {
  return withRetry(ask, {
    retries: Infinity,
    retryIf: isTransientNodeFault,
    baseDelayMs: settings.retryBaseMs,
    maxDelayMs: settings.retryMaxMs,
    signal: abort.signal,
    onRetry: (error, attempt, delayMs) =>
      port.postMessage({ type: "retry", method, height, message: String((error as Error).message ?? error), attempt, delayMs } satisfies WorkerReply),
  });
}

async function fetchAndDecode(height: number): Promise<void> {
  try {
    const { block, results } = await persist("block and block_results", height, () => rpc.blockWithResults(height));
    const indexed = decodeBlock(block, results);
    // The block's texts share one buffer (`utf8Texts`): handed over, not copied.
    port.postMessage({ type: "block", height, block: indexed } satisfies WorkerReply, [indexed.eventsJson.buffer as ArrayBuffer]);
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ type: "error", height, name, message } satisfies WorkerReply);
  }
}

port.on("message", (request: WorkerRequest) => {
  if (request.type === "stop") {
    abort.abort();
    port.close();
  } else {
    void fetchAndDecode(request.height);
  }
});
