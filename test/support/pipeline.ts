// A devnet served on a free loopback port, and an indexer following it into a test database.
import { createDevnet, type Devnet, type DevnetOptions } from "../../devnet/index.ts";
import { RpcClient } from "../../chain/rpc.ts";
import { INDEXER_DEFAULTS } from "../../indexer/defaults.ts";
import { Indexer, type IndexerOptions } from "../../indexer/indexer.ts";
import type { Database } from "../../db/connection.ts";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApi } from "../../api/server.ts";
import { apiConfig } from "../../cli/services.ts";
import { loadConfig } from "../../cli/config.ts";
import { createTestDatabase, type ENGINES } from "./databases.ts";

type Engine = (typeof ENGINES)[number];

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

export function indexerFor(
  db: Database,
  url: string,
  options: Pick<IndexerOptions, "batchBlocks" | "deferIndexesBlocks" | "maintainAfterTxs" | "maintainAfterBlocks" | "log"> = {},
): Indexer {
  return new Indexer({
    db,
    rpc: new RpcClient(url, { timeoutMs: 5000 }),
    batchBlocks: options.batchBlocks ?? 25,
    deferIndexesBlocks: options.deferIndexesBlocks,
    maintainAfterTxs: options.maintainAfterTxs ?? INDEXER_DEFAULTS.maintainAfterTxs,
    maintainAfterBlocks: options.maintainAfterBlocks ?? INDEXER_DEFAULTS.maintainAfterBlocks,
    pollMs: 100,
    log: options.log ?? (() => undefined),
  });
}

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A devnet of `blocks` blocks indexed into a new test database, with an API over that index. */
export interface IndexedDevnet {
  chain: ServedDevnet;
  db: Database;
  app: FastifyInstance;
  /** The JSON of a GET that must answer 200. */
  get(url: string): Promise<any>;
  close(): Promise<void>;
}

/** Sign-in tokens of an indexed devnet's API are signed with this, so tests can be any visitor without a wallet. */
export const TEST_AUTH_SECRET = "test-secret-of-the-indexed-devnet-api";

/** A devnet of `blocks` blocks indexed into a new test database (after `prepare`, if given, on the migrated database), and the API over it. */
export async function indexedDevnet(
  engine: Engine,
  blocks: number,
  options: DevnetOptions = {},
  prepare?: (db: Database) => Promise<unknown>,
): Promise<IndexedDevnet> {
  const chain = await serveDevnet(blocks, options);
  const t = await createTestDatabase(engine);
  await prepare?.(t.db);
  expect(await indexerFor(t.db, chain.url).catchUp()).toBe(blocks);
  const app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), auth: { secret: TEST_AUTH_SECRET, tokenTtlSeconds: 3600 } });
  return {
    chain,
    db: t.db,
    app,
    get: async (url) => {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      return response.json();
    },
    close: async () => {
      await app.close();
      await chain.devnet.close();
      await t.drop();
    },
  };
}
