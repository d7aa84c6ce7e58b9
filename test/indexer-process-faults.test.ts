// `npm run index` as a process under faults: it never exits 0 on its own, stops whole on SIGTERM, waits out a database outage.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/connection.ts";
import { EXIT } from "../indexer/faults.ts";
import { deferredIndexes } from "../db/deferred-indexes.ts";
import { collationAdvice, databaseCollation } from "../db/collation.ts";
import { vacuumAdvice, vacuumSettings } from "../db/table-maintenance.ts";
import { ENGINES, POSTGRES_URL, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { faultNode } from "./support/fault-node.ts";
import { serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { INDEX, exited, groupAlive, metricsHeight, npmRun, runScript } from "./support/processes.ts";
import { freePort } from "./support/explorer-process.ts";

let chain: ServedDevnet;
beforeAll(async () => {
  chain = await serveDevnet(200);
});
afterAll(() => chain.devnet.close());

function startIndexer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = runScript(INDEX, { INDEXER_BATCH_BLOCKS: "5", INDEXER_CONCURRENCY: "4", ...env }, ["ignore", "pipe", "pipe"]);
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** The database of one engine, as the child opens it (env) and as the test reads it once the child is gone. */
async function database(
  engine: (typeof ENGINES)[number],
): Promise<{ env: Record<string, string>; read: <T>(work: (db: Database) => Promise<T>) => Promise<T>; drop: () => Promise<void> }> {
  if (engine === "postgres") {
    const t: TestDatabase = await createTestDatabase("postgres");
    return { env: { DATABASE_URL: t.url! }, read: (work) => work(t.db), drop: () => t.drop() };
  }
  const dir = await mkdtemp(join(tmpdir(), "axm-faults-"));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: "" },
    read: async (work) => {
      const db = await openDatabase({ dataDir: dir });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The cursor and the rows agree: every height up to it, none after it. */
async function cursorMatchesRows(db: Database): Promise<number> {
  const [state] = await db.query<{ indexed_height: number }>("select indexed_height from indexer_state");
  const [blocks] = await db.query<{ n: number; top: number | null }>("select count(*)::int8 as n, max(height) as top from blocks");
  expect(blocks.n).toBe(state.indexed_height);
  expect(blocks.top ?? 0).toBe(state.indexed_height);
  return state.indexed_height;
}

describe.each(ENGINES)("the indexer process on %s", (engine) => {
  it("keeps retrying a height the node fails for ever (never exit 0), having written the block before; SIGTERM stops it with 0", async () => {
    const node = await faultNode(chain.url, { failHeight: { height: 12, times: Infinity } });
    const d = await database(engine);
    try {
      const metricsPort = String(await freePort());
      const run = startIndexer({ ...d.env, RPC_URL: node.url, HOST: "127.0.0.1", INDEXER_METRICS_PORT: metricsPort });
      const retries = () => run.output().match(/node fault on block and block_results height 12 .*attempt \d+, next in \d+ ms/g)?.length ?? 0;
      await waitFor(async () => retries() >= 4 || run.child.exitCode !== null, 40_000, "retries of height 12");
      // The batch waiting for height 12 is written without it (after flushAfterMs), and the retries go on.
      await waitFor(async () => (await metricsHeight(metricsPort)) === 11 || run.child.exitCode !== null, 40_000, "the blocks before height 12");
      const seen = retries();
      await waitFor(async () => retries() >= seen + 2 || run.child.exitCode !== null, 40_000, "further retries of height 12");
      // Where it used to exit 0 after "retry 1": still running, still retrying.
      expect(run.child.exitCode, run.output()).toBeNull();
      run.child.kill("SIGTERM");
      await exited(run.child);
      expect(run.child.exitCode, run.output()).toBe(0);
      expect(await d.read(cursorMatchesRows)).toBe(11);
    } finally {
      await node.close();
      await d.drop();
    }
  }, 60_000);

  it("stops within 5 s of SIGTERM during catch-up, with status 0 and only whole batches written", async () => {
    // Height 150 never comes: however fast or slow the machine, the signal arrives while the chain is still being caught up.
    const node = await faultNode(chain.url, { delayMs: 5, failHeight: { height: 150, times: Infinity } });
    const d = await database(engine);
    try {
      const run = startIndexer({ ...d.env, RPC_URL: node.url });
      await waitFor(async () => node.blocksServed() >= 40 || run.child.exitCode !== null, 40_000, "the catch-up to be under way");
      const asked = Date.now();
      run.child.kill("SIGTERM");
      await exited(run.child);
      expect(Date.now() - asked).toBeLessThan(5000);
      expect(run.child.exitCode, run.output()).toBe(0);
      expect(await d.read(cursorMatchesRows)).toBeLessThan(150);
    } finally {
      await node.close();
      await d.drop();
    }
  }, 60_000);

  it.each([
    [
      "START_HEIGHT is below the node's earliest height",
      { prunedBelow: 50 },
      "10",
      EXIT.startBelowEarliest,
      /^indexer: START_HEIGHT=10 is below the node's earliest available height 50: set START_HEIGHT=50/,
    ],
    [
      "the node no longer keeps the state before START_HEIGHT",
      { stateKeptFrom: 150 },
      "100",
      EXIT.startStateMissing,
      /^indexer: START_HEIGHT=100 reads the node's state at height 99, and the node no longer keeps it .*START_HEIGHT=201$/,
    ],
  ] as const)(
    "ends with its own status and one line when %s",
    async (_, faults, start, exitCode, line) => {
      const node = await faultNode(chain.url, faults);
      const d = await database(engine);
      try {
        const run = startIndexer({ ...d.env, RPC_URL: node.url, START_HEIGHT: start });
        await exited(run.child);
        expect(run.child.exitCode, run.output()).toBe(exitCode);
        expect(run.output().trim().split("\n").at(-1)).toMatch(line);
      } finally {
        await node.close();
        await d.drop();
      }
    },
    60_000,
  );
});

describe("`npm run index` as operators run it", () => {
  it("stops the indexer when npm alone gets SIGTERM, and ends with the indexer's own status", async () => {
    const node = await faultNode(chain.url, { delayMs: 5, failHeight: { height: 150, times: Infinity } });
    const pruned = await faultNode(chain.url, { prunedBelow: 50 });
    const dir = await mkdtemp(join(tmpdir(), "axm-npm-index-"));
    const metricsPort = String(await freePort());
    const run = npmRun("index", { RPC_URL: node.url, DATA_DIR: join(dir, "a"), DATABASE_URL: "", HOST: "127.0.0.1", INDEXER_METRICS_PORT: metricsPort });
    try {
      // npm builds the bundles first, and the indexer makes its embedded database: a minute on a slow, busy machine.
      await waitFor(async () => (await metricsHeight(metricsPort)) > 0 || run.exitCode !== null, 80_000, "the indexer under npm to index");
      const asked = Date.now();
      run.kill("SIGTERM");
      // Before, the script ran tsx under a shell that did not pass the signal on: npm ended and the indexer went on.
      await waitFor(async () => !groupAlive(run.pid!), 10_000, "every process of `npm run index` to end");
      expect(Date.now() - asked).toBeLessThan(5000);

      const refused = npmRun("index", { RPC_URL: pruned.url, DATA_DIR: join(dir, "b"), DATABASE_URL: "", START_HEIGHT: "10" });
      await exited(refused);
      expect(refused.exitCode).toBe(EXIT.startBelowEarliest);
    } finally {
      if (groupAlive(run.pid!)) process.kill(-run.pid!, "SIGKILL");
      await Promise.all([node.close(), pruned.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

/** A TCP proxy to the PostgreSQL server that the test turns on and off (refusing connections while off) and can cut. */
async function databaseProxy(port: number): Promise<{ start: () => Promise<void>; stop: () => Promise<void> }> {
  const target = new URL(POSTGRES_URL);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((s) => s.destroy());
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  return { start, stop };
}

describe.runIf(POSTGRES_URL)("the indexer process and a PostgreSQL server that goes away", () => {
  it("waits for a server that refuses connections at start and one that drops them mid-way, its indexes dropped for the catch-up, then catches up and builds them", async () => {
    const t = await createTestDatabase("postgres");
    const probe = createServer();
    const port = await new Promise<number>((resolve) => probe.listen(0, "127.0.0.1", () => resolve((probe.address() as { port: number }).port)));
    await new Promise((resolve) => probe.close(resolve));
    const proxy = await databaseProxy(port);
    const url = new URL(t.url!);
    url.host = `127.0.0.1:${port}`;
    const node = await faultNode(chain.url, { delayMs: 10 });
    const indexed = async () => (await t.db.query<{ indexed_height: number }>("select indexed_height from indexer_state"))[0]?.indexed_height ?? 0;
    try {
      // 200 blocks onto an empty index at a threshold of 50: the outage comes while the catch-up's indexes are dropped.
      const run = startIndexer({ DATABASE_URL: url.toString(), RPC_URL: node.url, INDEXER_DEFER_INDEXES_BLOCKS: "50" });
      await waitFor(async () => /database unavailable.*attempt 2/.test(run.output()), 20_000, "retries of the refused database");
      expect(run.child.exitCode).toBeNull();
      await proxy.start();
      await waitFor(async () => (await indexed()) > 20, 30_000, "indexing once the server is back");
      const refusals = () => run.output().match(/database unavailable/g)?.length ?? 0;
      const before = refusals();
      await proxy.stop();
      await waitFor(async () => refusals() > before || run.child.exitCode !== null, 20_000, "the indexer to meet the second outage");
      expect(run.child.exitCode, run.output()).toBeNull();
      await proxy.start();
      await waitFor(async () => (await indexed()) === 200, 60_000, "the whole chain after the outage");
      await waitFor(async () => (await deferredIndexes(t.db)).length === 0, 30_000, "the dropped indexes built again");
      expect(run.output()).toContain("secondary indexes dropped");
      // The operator is told once at start when the database sorts text by a locale's rules (the server's default here).
      const advice = collationAdvice(await databaseCollation(t.db));
      if (advice) expect(run.output().split(`database: ${advice}`)).toHaveLength(2);
      else expect(run.output()).not.toContain("sorts text by");
      // And once when the server does not vacuum it automatically.
      const vacuum = vacuumAdvice(await vacuumSettings(t.db));
      if (vacuum) expect(run.output().split(`database: ${vacuum}`)).toHaveLength(2);
      else expect(run.output()).not.toContain("not vacuumed automatically");
      run.child.kill("SIGTERM");
      await exited(run.child);
      expect(run.child.exitCode, run.output()).toBe(0);
      await cursorMatchesRows(t.db);
      // Every batch's members synced, whichever of its two transactions the outage met.
      expect((await t.db.query<{ n: number }>("select count(*)::int as n from pending_member_syncs"))[0].n).toBe(0);
    } finally {
      await proxy.stop();
      await node.close();
      await t.drop();
    }
  }, 90_000);
});
