// Fetches blocks ahead of the writer, several at once, and hands them over strictly in height order.
import { withRetry, type RpcClient } from "../chain/rpc.ts";
import { decodeBlock, type IndexedBlock } from "./decode-block.ts";

export interface FetcherOptions {
  /** How many heights may be in flight at once. */
  concurrency: number;
  /** Aborted on shutdown: ends the retries. */
  signal: AbortSignal;
  onRetry?: (height: number, error: unknown, attempt: number) => void;
}

export class BlockFetcher {
  private readonly pending = new Map<number, Promise<IndexedBlock>>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly options: FetcherOptions,
  ) {}

  /** The decoded block at `height`; also starts fetching the following heights up to `lastHeight`. */
  get(height: number, lastHeight: number): Promise<IndexedBlock> {
    for (let h = height; h <= Math.min(lastHeight, height + this.options.concurrency - 1); h++) {
      if (!this.pending.has(h)) this.pending.set(h, this.fetch(h));
    }
    const result = this.pending.get(height)!;
    this.pending.delete(height);
    return result;
  }

  /** Forgets prefetched heights (after an error, so nothing stale is reused). */
  reset(): void {
    for (const promise of this.pending.values()) promise.catch(() => undefined);
    this.pending.clear();
  }

  private async fetch(height: number): Promise<IndexedBlock> {
    // A node error or timeout is retried for ever: skipping a height is never an option.
    const [block, results] = await withRetry(() => Promise.all([this.rpc.block(height), this.rpc.blockResults(height)]), {
      retries: Infinity,
      baseDelayMs: 250,
      maxDelayMs: 10_000,
      signal: this.options.signal,
      onRetry: (error, attempt) => this.options.onRetry?.(height, error, attempt),
    });
    return decodeBlock(block, results);
  }
}
