// Fetches blocks ahead of the writer in worker threads, several at once, and hands them over strictly in height order.
import { Worker } from "node:worker_threads";
import type { RpcClient } from "../chain/rpc.ts";
import type { IndexedBlock } from "./decode-block.ts";
import type { WorkerReply, WorkerRequest, WorkerSettings } from "./decode-worker.ts";
import { DECODE_YOUNG_GENERATION_MB } from "./defaults.ts";

/**
 * The decoding worker's script. In a bundle (`npm run build:server`: dist/start.mjs, dist/index.mjs) it is the worker's
 * own bundle beside it; run from the sources (tests, benchmarks), it is decode-worker.ts, through worker-boot.mjs since
 * a worker does not inherit the main thread's tsx loader.
 */
function workerScript(): URL {
  return import.meta.url.endsWith(".mjs") ? new URL("./decode-worker.mjs", import.meta.url) : new URL("./worker-boot.mjs", import.meta.url);
}

export interface FetcherOptions {
  /** How many heights may be in flight at once. */
  concurrency: number;
  /** Worker threads fetching and decoding. */
  workers: number;
  /** First and longest wait between attempts at one height. */
  retryBaseMs: number;
  retryMaxMs: number;
  onRetry?: (retry: { method: string; height: number; attempt: number; delayMs: number; message: string }) => void;
}

interface Pending {
  promise: Promise<IndexedBlock>;
  resolve: (block: IndexedBlock) => void;
  reject: (error: Error) => void;
}

/** An error a worker reported, with the name it had there (RpcError, RpcFormatError, ...). */
export class FetchError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export class BlockFetcher {
  /** Requested heights the writer has not taken yet. */
  private readonly pending = new Map<number, Pending>();
  /** Requested heights no worker has answered yet. */
  private readonly inflight = new Map<number, Pending>();
  private readonly workers: Worker[] = [];
  private next = 0;

  constructor(
    private readonly rpc: RpcClient,
    private readonly options: FetcherOptions,
  ) {}

  /** The decoded block at `height`; also starts fetching the following heights up to `lastHeight`. */
  get(height: number, lastHeight: number): Promise<IndexedBlock> {
    for (let h = height; h <= Math.min(lastHeight, height + this.options.concurrency - 1); h++) {
      if (!this.pending.has(h)) this.request(h);
    }
    const entry = this.pending.get(height)!;
    this.pending.delete(height);
    return entry.promise;
  }

  /** Stops the workers; heights still in flight are dropped, and whoever waits for one is told so. */
  async close(): Promise<void> {
    this.failAll(new FetchError("FetcherClosed", "the fetcher was closed"));
    this.pending.clear();
    this.inflight.clear();
    for (const worker of this.workers.splice(0)) {
      worker.postMessage({ type: "stop" } satisfies WorkerRequest);
      await worker.terminate();
    }
  }

  private request(height: number): void {
    let resolve!: Pending["resolve"];
    let reject!: Pending["reject"];
    const promise = new Promise<IndexedBlock>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    promise.catch(() => undefined);
    this.pending.set(height, { promise, resolve, reject });
    this.inflight.set(height, { promise, resolve, reject });
    this.worker().postMessage({ type: "fetch", height } satisfies WorkerRequest);
  }

  private worker(): Worker {
    if (this.workers.length < this.options.workers) {
      const settings: WorkerSettings = {
        entry: new URL("./decode-worker.ts", import.meta.url).href,
        url: this.rpc.baseUrl,
        timeoutMs: this.rpc.timeoutMs,
        retryBaseMs: this.options.retryBaseMs,
        retryMaxMs: this.options.retryMaxMs,
      };
      const worker = new Worker(workerScript(), { workerData: settings, resourceLimits: { maxYoungGenerationSizeMb: DECODE_YOUNG_GENERATION_MB } });
      worker.on("message", (reply: WorkerReply) => this.settle(reply));
      worker.on("error", (error) => this.failAll(error));
      // Kept referenced: while the writer waits for a height only this worker's timers are pending, and an
      // unreferenced worker let the event loop empty and the process exit 0 in the middle of a retry.
      this.workers.push(worker);
    }
    return this.workers[this.next++ % this.workers.length];
  }

  private settle(reply: WorkerReply): void {
    if (reply.type === "retry") {
      this.options.onRetry?.(reply);
      return;
    }
    const entry = this.inflight.get(reply.height);
    if (!entry) return;
    this.inflight.delete(reply.height);
    if (reply.type === "block") entry.resolve(reply.block);
    else entry.reject(new FetchError(reply.name, reply.message));
  }

  private failAll(error: Error): void {
    for (const entry of this.inflight.values()) entry.reject(error);
    this.inflight.clear();
  }
}
