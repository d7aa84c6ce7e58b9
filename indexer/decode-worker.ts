// Worker thread: fetches heights from the node and decodes them, so the main thread spends its time writing.
import { parentPort, workerData } from "node:worker_threads";
import { RpcClient, isRetryableForFollower, withRetry } from "../chain/rpc.ts";
import { decodeBlock, type IndexedBlock } from "./decode-block.ts";

export interface WorkerSettings {
  entry: string;
  url: string;
  timeoutMs: number;
}

export type WorkerRequest = { type: "fetch"; height: number } | { type: "stop" };

export type WorkerReply =
  | { type: "block"; height: number; block: IndexedBlock }
  | { type: "retry"; height: number; message: string; attempt: number }
  | { type: "error"; height: number; name: string; message: string };

const settings = workerData as WorkerSettings;
const rpc = new RpcClient(settings.url, { timeoutMs: settings.timeoutMs });
const abort = new AbortController();
const port = parentPort!;

async function fetchAndDecode(height: number): Promise<void> {
  try {
    // A node error or timeout is retried for ever: skipping a height is never an option.
    const [block, results] = await withRetry(() => Promise.all([rpc.block(height), rpc.blockResults(height)]), {
      retries: Infinity,
      retryIf: isRetryableForFollower,
      baseDelayMs: 250,
      maxDelayMs: 10_000,
      signal: abort.signal,
      onRetry: (error, attempt) => port.postMessage({ type: "retry", height, message: String((error as Error).message ?? error), attempt } satisfies WorkerReply),
    });
    port.postMessage({ type: "block", height, block: decodeBlock(block, results) } satisfies WorkerReply);
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
