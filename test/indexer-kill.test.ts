// The indexer killed with SIGKILL in the middle of catching up, then restarted, leaves the same database as an uninterrupted run,
// also when the catch-up had dropped its secondary indexes (db/deferred-indexes.ts): the next run builds them again.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/connection.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { dumpIndex } from "./support/dump.ts";
import { DEFERRABLE_INDEXES, FIGURE_INDEXES, deferredIndexes } from "../db/deferred-indexes.ts";
import { indexerFor, serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { INDEX, exited, metricsHeight, runScript } from "./support/processes.ts";
import { freePort } from "./support/explorer-process.ts";

const BLOCKS = 300;

let chain: ServedDevnet;
let reference: Record<string, string>;

beforeAll(async () => {
  chain = await serveDevnet(BLOCKS);
  const t = await createTestDatabase("pglite");
  await indexerFor(t.db, chain.url).catchUp();
  reference = await dumpIndex(t.db);
  await t.drop();
});
afterAll(() => chain.devnet.close());

function startIndexer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = runScript(INDEX, { RPC_URL: chain.url, INDEXER_BATCH_BLOCKS: "5", INDEXER_CONCURRENCY: "4", ...env }, ["ignore", "pipe", "pipe"]);
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function indexedHeight(db: Database): Promise<number> {
  const rows = await db.query<{ indexed_height: number }>("select indexed_height from indexer_state");
  return rows[0]?.indexed_height ?? 0;
}

/**
 * What a deferring run drops: the genesis tree's 2,809 ancestor rows, and its nicknames' entries, outnumber the chain's
 * blocks, so their figure orders stay.
 */
const DROPPED = DEFERRABLE_INDEXES.filter((name) => ![...FIGURE_INDEXES.referral_ancestors, ...FIGURE_INDEXES.nickname_suffixes].includes(name));
/** The last index a run builds again: they go in name order. */
const LAST_BUILT = DROPPED.at(-1);

describe.each(ENGINES)("an indexer killed mid-way on %s", (engine) => {
  let t: TestDatabase | null = null;
  let dir = "";
  afterEach(async () => {
    await t?.drop();
    t = null;
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = "";
  });

  // Dropped indexes on the embedded engine are covered in process (test/deferred-indexes.test.ts); a large catch-up,
  // where they matter, runs on a server.
  it.each([
    { deferring: false, name: "with its indexes" },
    ...(engine === "postgres" ? [{ deferring: true, name: "while its secondary indexes are dropped" }] : []),
  ])(
    "resumes from its cursor and builds the identical database, killed $name",
    async ({ deferring }) => {
      let env: Record<string, string>;
      let open: () => Promise<Database>;
      if (engine === "postgres") {
        t = await createTestDatabase("postgres");
        env = { DATABASE_URL: t.url! };
        open = async () => t!.db;
      } else {
        dir = await mkdtemp(join(tmpdir(), "axm-kill-"));
        // The embedded database cannot be read while the child holds it: its metrics tell how far it got.
        env = { DATA_DIR: dir, HOST: "127.0.0.1", INDEXER_METRICS_PORT: String(await freePort()) };
        open = () => openDatabase({ dataDir: dir });
      }
      env.INDEXER_DEFER_INDEXES_BLOCKS = deferring ? String(BLOCKS / 3) : "0";

      const first = startIndexer(env);
      if (engine === "postgres") {
        await waitFor(async () => (await indexedHeight(t!.db)) >= BLOCKS / 4, 60_000, "a quarter of the chain");
      } else {
        await waitFor(async () => (await metricsHeight(env.INDEXER_METRICS_PORT)) >= BLOCKS / 4, 60_000, "a quarter of the chain");
      }
      first.child.kill("SIGKILL");
      await exited(first.child);

      const killed = await open();
      expect(await indexedHeight(killed), first.output()).toBeLessThan(BLOCKS);
      expect(await deferredIndexes(killed), first.output()).toEqual(deferring ? DROPPED : []);
      if (engine === "pglite") await killed.close();

      const second = startIndexer(env);
      if (engine === "postgres") {
        await waitFor(async () => (await indexedHeight(t!.db)) >= BLOCKS && (await deferredIndexes(t!.db)).length === 0, 120_000, "the second run to catch up");
        second.child.kill("SIGTERM");
        await exited(second.child);
      } else {
        await waitFor(
          async () =>
            (second.output().includes(`caught up at height ${BLOCKS}`) && (!deferring || second.output().includes(`index ${LAST_BUILT} built again`))) ||
            second.child.exitCode !== null,
          120_000,
          "the second run to catch up",
        );
        second.child.kill("SIGTERM");
        await exited(second.child);
      }

      const db = await open();
      const rebuilt = await dumpIndex(db);
      if (engine === "pglite") await db.close();
      for (const table of Object.keys(reference)) expect(rebuilt[table], table).toBe(reference[table]);
      expect(first.output().includes("secondary indexes dropped")).toBe(deferring);
    },
    240_000,
  );
});
