// A devnet served on a free loopback port, and an indexer following it into a test database.
import { createDevnet, type Devnet, type DevnetOptions } from "../../devnet/index.ts";
import { RpcClient } from "../../chain/rpc.ts";
import { Indexer } from "../../indexer/indexer.ts";
import type { Database } from "../../db/connection.ts";

export interface ServedDevnet {
  devnet: Devnet;
  port: number;
  url: string;
}

/** A deterministic devnet (simulated clock) with `blocks` pre-built, listening on 127.0.0.1. */
export async function serveDevnet(blocks: number, options: DevnetOptions = {}): Promise<ServedDevnet> {
  const devnet = createDevnet({ seed: "integration", clock: "simulated", txsPerBlock: 12, ...options });
  await devnet.prebuild(blocks);
  const port = await devnet.listen(0);
  return { devnet, port, url: `http://127.0.0.1:${port}` };
}

export function indexerFor(db: Database, url: string, options: { batchBlocks?: number } = {}): Indexer {
  return new Indexer({ db, rpc: new RpcClient(url, { timeoutMs: 5000 }), batchBlocks: options.batchBlocks ?? 25, pollMs: 100, log: () => undefined });
}

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
