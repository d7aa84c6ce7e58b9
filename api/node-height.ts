// The node's own latest height, as the API reads it for /api/health: a few seconds old at most, and no longer taken on the indexer's word.
import { RpcClient } from "../chain/rpc.ts";
import type { NodeOptions } from "./claimable-rewards.ts";

/** Health checks come every few seconds from every load balancer: one node request serves them all for this long. */
const CACHE_MS = 3_000;

export class NodeHeight {
  private readonly rpc: RpcClient;
  private cached: { at: number; height: Promise<number | null> } | null = null;

  constructor(options: NodeOptions) {
    this.rpc = new RpcClient(options.rpcUrl, { timeoutMs: options.timeoutMs });
  }

  /** The node's latest block height; null when it does not answer (the answer says so). */
  latest(): Promise<number | null> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > CACHE_MS) {
      this.cached = {
        at: now,
        height: this.rpc.status().then(
          (s) => s.latestHeight,
          () => null,
        ),
      };
    }
    return this.cached.height;
  }
}
