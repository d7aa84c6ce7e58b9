// Production shape: `npm run index` and two `npm run serve` processes on one PostgreSQL database, against a node.
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { POSTGRES_URL, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { INDEX, SERVE, exited, runScript as run } from "./support/processes.ts";

async function health(port: number): Promise<{ indexedHeight: number } | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return (await response.json()) as { indexedHeight: number };
  } catch {
    return null;
  }
}

describe.skipIf(!POSTGRES_URL)("one indexer and several API processes on PostgreSQL", () => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map(exited));
    await chain?.devnet.close();
    await t?.drop();
  });

  it("serves the same index from every API process while the indexer follows the node", async () => {
    chain = await serveDevnet(30);
    t = await createTestDatabase("postgres");
    // One sign-in secret for both API processes, as several machines would share one (and no file in ./data).
    const env = { DATABASE_URL: t.url!, RPC_URL: chain.url, HOST: "127.0.0.1", AUTH_SECRET: "a shared secret of the two API processes!" };
    const timeout = { API_STATEMENT_TIMEOUT_MS: "300" };
    children.push(run(INDEX, { ...env, ...timeout }), run(SERVE, { ...env, ...timeout, PORT: "18181" }), run(SERVE, { ...env, PORT: "18182" }));
    await waitFor(async () => (await health(18181))?.indexedHeight === 30 && (await health(18182))?.indexedHeight === 30, 60_000, "both APIs at height 30");

    await chain.devnet.produceBlock();
    await waitFor(async () => (await health(18181))?.indexedHeight === 31 && (await health(18182))?.indexedHeight === 31, 30_000, "the next block");
    const [a, b] = await Promise.all([18181, 18182].map(async (port) => (await fetch(`http://127.0.0.1:${port}/api/blocks/31`)).json()));
    expect(a).toEqual(b);
    expect(a.txCnt).toBe(chain.devnet.state.txs.filter((tx) => tx.height === 31).length);
  }, 120_000);

  it("cuts an API process's statement at API_STATEMENT_TIMEOUT_MS with a 503, never the indexer's", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Every read of the blocks table waits behind this lock, as it would behind a query scanning a table for seconds.
    const holding = t.db.transaction(async (tx) => {
      await tx.query("lock table blocks in access exclusive mode");
      locked();
      await held;
    });
    await isLocked;
    await chain.devnet.produceBlock();
    const cut = await fetch("http://127.0.0.1:18181/api/blocks/31", { signal: AbortSignal.timeout(5000) });
    expect(cut.status).toBe(503);
    expect(((await cut.json()) as { error: { code: string } }).error.code).toBe("query_timeout");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    release();
    await holding;
    // The indexer, whose write waited longer than the API's limit, was not cut: it writes the block and goes on.
    await waitFor(async () => (await health(18181))?.indexedHeight === 32, 30_000, "block 32 after the lock");
    expect((await fetch("http://127.0.0.1:18181/api/blocks/31")).status).toBe(200);
  }, 60_000);
});
