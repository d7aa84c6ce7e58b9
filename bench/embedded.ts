// `npm start`'s one process (devnet, indexer, API and web app on PGlite) with a block a second of 20 transactions:
// the home, transaction and address pages' requests at 100 per second each, while the indexer keeps up.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RpcClient } from "../chain/rpc.ts";
import { Indexer } from "../indexer/indexer.ts";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { StatementTimes } from "./catchup.ts";
import { PACER, START, child, load, pacerNotes, peakRss, stop, type LoadFigures } from "./load.ts";

const PORT = 18_106;
const DEVNET_PORT = 36_706;
const INDEXER_METRICS_PORT = 18_107;
const TXS_PER_BLOCK = 20;
const RATE = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** Blocks the index holds before the load starts, so the pages have a history to show. */
const WARM_BLOCKS = 30;
/** Blocks BENCH_PROFILE=1 writes one a transaction, as the indexer follows a node, to time each statement. */
const PROFILED_BLOCKS = 150;

const api = (path: string) => `http://127.0.0.1:${PORT}${path}`;
const json = async <T>(path: string): Promise<T> => (await fetch(api(path))).json() as Promise<T>;

interface Health {
  indexedHeight: number;
  chainHeight: number;
}

interface Writes {
  count: number;
  seconds: number;
  within50ms: number;
}

/**
 * The indexer's transactions so far (its Prometheus histograms): the batches' and the member syncs' right after them
 * (each holds PGlite): how many, their seconds, and how many took ≤ 50 ms.
 */
async function indexerWrites(): Promise<{ batches: Writes; syncs: Writes }> {
  const text = await (await fetch(`http://127.0.0.1:${INDEXER_METRICS_PORT}/metrics`)).text();
  const of = (histogram: string): Writes => {
    const value = (pattern: string) => Number(text.match(new RegExp(`^${histogram}${pattern} (\\S+)$`, "m"))?.[1] ?? NaN);
    return { count: value("_count"), seconds: value("_sum"), within50ms: value('_bucket\\{le="0\\.05"\\}') };
  };
  return { batches: of("axm_indexer_batch_write_seconds"), syncs: of("axm_indexer_member_sync_seconds") };
}

async function waitForHeight(height: number): Promise<void> {
  while ((await json<Health>("/api/health").catch(() => ({ indexedHeight: 0 }))).indexedHeight < height) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The requests each page makes when it opens (the web app's own), for a recent transaction and its signer. */
async function pageRoutes(): Promise<{ page: string; path: string }[]> {
  const { data } = await json<{ data: { _id: string }[] }>("/api/transactions/paginate/10/1");
  const tx = await json<{ _id: string; tx: { auth_info: unknown }; evts: unknown; signer?: string }>(`/api/transactions/${data[0]._id}`);
  const signer = JSON.stringify(tx).match(/axm1[02-9ac-hj-np-z]{38}/)?.[0];
  if (!signer) throw new Error("no address in the latest transaction");
  return [
    { page: "home", path: "/" },
    { page: "home", path: "/api/blockchain/stat" },
    { page: "home", path: "/api/blocks/latest" },
    { page: "home", path: "/api/transactions/paginate/10/1" },
    { page: "transaction", path: `/api/transactions/${data[0]._id}` },
    { page: "address", path: `/api/accounts/info/${signer}?fields=balance,claimable,unbounding,referral,claimed_total` },
    { page: "address", path: `/api/transactions/paginate/10/1?address=${signer}` },
    { page: "address", path: `/api/transactions/paginate/records_count?address=${signer}` },
  ];
}

export async function embeddedFigures(): Promise<void> {
  // As `npm start` does: the web app is built before the process starts.
  execFileSync("npm", ["run", "build", "--silent"], { cwd: new URL("..", import.meta.url).pathname, stdio: "inherit" });
  const dataDir = await mkdtemp(join(tmpdir(), "axm-embedded-"));
  const proc = await child(
    START,
    {
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DEVNET_PORT: String(DEVNET_PORT),
      INDEXER_METRICS_PORT: String(INDEXER_METRICS_PORT),
      DEVNET_BLOCK_TIME_MS: "1000",
      DEVNET_TXS_PER_BLOCK: String(TXS_PER_BLOCK),
      RATE_LIMIT: "0",
      LOG_LEVEL: "warn",
    },
    /listening/,
  );
  await waitForHeight(WARM_BLOCKS);
  const writesBefore = await indexerWrites();
  const { result: rows, peakMb } = await peakRss(proc.pid!, async () => {
    const figures: ({ page: string; path: string; lagBefore: number; lagAfter: number } & LoadFigures)[] = [];
    for (const route of await pageRoutes()) {
      const before = await json<Health>("/api/health");
      const measured = await load(api(route.path), { connections: 10, seconds: SECONDS, rate: RATE });
      const after = await json<Health>("/api/health");
      figures.push({ ...route, ...measured, lagBefore: before.chainHeight - before.indexedHeight, lagAfter: after.chainHeight - after.indexedHeight });
    }
    return figures;
  });
  const writesAfter = await indexerWrites();
  await stop(proc);
  await rm(dataDir, { recursive: true, force: true });
  console.log(`\nnpm start's one process (PGlite; a block a second of ${TXS_PER_BLOCK} txs): ${RATE} req/s per route (${PACER}), ${SECONDS} s each`);
  for (const r of rows) {
    console.log(
      `  ${r.page.padEnd(12)} ${r.path.slice(0, 60).padEnd(60)} ${r.rps.toFixed(0).padStart(4)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  indexer behind ${r.lagBefore} → ${r.lagAfter} blocks${pacerNotes(r)}`,
    );
  }
  const written = (what: string, before: Writes, after: Writes) => {
    const count = after.count - before.count;
    const meanMs = ((after.seconds - before.seconds) / count) * 1000;
    return `${count} ${what}, mean ${meanMs.toFixed(1)} ms, ${after.within50ms - before.within50ms} of them ≤ 50 ms`;
  };
  console.log(
    `  the indexer's writes under the load: ${written("batches", writesBefore.batches, writesAfter.batches)}; ${written("member syncs", writesBefore.syncs, writesAfter.syncs)}`,
  );
  console.log(`  process peak RSS: ${peakMb.toFixed(0)} MB`);
}

/**
 * Where a block's write goes (BENCH_PROFILE=1): the devnet's full blocks, served by a devnet process of their own,
 * written into PGlite in this process one a transaction, as the indexer writes a block it follows, with no load, each
 * statement timed.
 */
export async function embeddedWriteProfile(): Promise<void> {
  const devnet = await child(
    "dist/devnet.mjs",
    {
      DEVNET_PORT: String(DEVNET_PORT),
      DEVNET_PREBUILD: String(WARM_BLOCKS + PROFILED_BLOCKS),
      DEVNET_TXS_PER_BLOCK: String(TXS_PER_BLOCK),
      DEVNET_BLOCK_TIME_MS: "3600000",
    },
    /RPC on/,
  );
  const dataDir = await mkdtemp(join(tmpdir(), "axm-write-profile-"));
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    const rpc = new RpcClient(`http://127.0.0.1:${DEVNET_PORT}`);
    await new Indexer({ db, rpc, batchBlocks: WARM_BLOCKS, log: () => undefined }).catchUp(WARM_BLOCKS);
    const times = new StatementTimes();
    const started = performance.now();
    await new Indexer({ db: times.wrap(db), rpc, batchBlocks: 1, log: () => undefined }).catchUp(WARM_BLOCKS + PROFILED_BLOCKS);
    const perBlock = (performance.now() - started) / PROFILED_BLOCKS;
    const inTransaction = (times.transactions.seconds * 1000) / PROFILED_BLOCKS;
    console.log(
      `\nA block's write into PGlite (${PROFILED_BLOCKS} devnet blocks of ${TXS_PER_BLOCK} txs, one a transaction, no load): ${perBlock.toFixed(1)} ms a block, ${inTransaction.toFixed(1)} of them in its transactions (the batch's and its member sync's)`,
    );
    times.print();
  } finally {
    await db.close();
    await stop(devnet);
    await rm(dataDir, { recursive: true, force: true });
  }
}
