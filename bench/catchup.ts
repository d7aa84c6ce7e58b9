// Catch-up alone on PostgreSQL: the 20,000 blocks of 20 transactions, or 20,000 mostly empty blocks (0 to 2 transactions), with the indexer's peak memory.
import { access, readFile } from "node:fs/promises";
import { cpus } from "node:os";
import pg from "pg";
import { RpcClient } from "../chain/rpc.ts";
import { openDatabase, type Database, type Queryable, type Transaction } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { Indexer } from "../indexer/indexer.ts";
import { IndexerMetrics } from "../indexer/metrics.ts";
import { POOL_SIZE } from "../db/defaults.ts";
import { trackPoolUse } from "../db/pool-use.ts";
import type { TxsPerBlock } from "../devnet/workload.ts";
import { copyDatabase, dropDatabase, recreateDatabase } from "./databases.ts";
import { child, procStat } from "./load.ts";
import { chainFile, recordChain } from "./record-chain.ts";

const RPC_PORT = 36_720;
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20_000);
const WORKERS = Number(process.env.INDEXER_WORKERS ?? 1);
/** The indexer's own settings of the same names; its defaults when unset. */
const tuning = {
  ...(process.env.INDEXER_BATCH_BLOCKS && { batchBlocks: Number(process.env.INDEXER_BATCH_BLOCKS) }),
  ...(process.env.INDEXER_CONCURRENCY && { concurrency: Number(process.env.INDEXER_CONCURRENCY) }),
  ...(process.env.INDEXER_DEFER_INDEXES_BLOCKS && { deferIndexesBlocks: Number(process.env.INDEXER_DEFER_INDEXES_BLOCKS) }),
};

/**
 * An existing index to catch up on top of instead of a new database: the scale bench's ten million transactions
 * (`axm_bench_scale`), for the rate with full tables. Each run catches up on a copy of it (ONTO_COPY, dropped after),
 * so every run starts from the same ten million and the scale bench keeps its database.
 */
const ONTO = process.env.BENCH_CATCHUP_ONTO ?? "";
const ONTO_COPY = "axm_cu_onto";
/** Another name for the new database than the chain's own, so branches on one server keep apart. */
const DATABASE = process.env.BENCH_CATCHUP_DATABASE ?? "";

export const CATCHUP_CHAINS = {
  /** The 400,000-transaction chain of the main catch-up figures. */
  catchup: { txsPerBlock: 20, database: "axm_cu_full" },
  /** What a real chain mostly is: blocks of 0, 1 or 2 transactions. */
  "catchup-empty": { txsPerBlock: { min: 0, max: 2 }, database: "axm_cu_empty" },
} satisfies Record<string, { txsPerBlock: TxsPerBlock; database: string }>;

/** Largest resident set of this process (the indexer and its worker threads) while `work` runs, sampled every 200 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** Seconds spent in each statement (by its first words) and in write transactions; BENCH_PROFILE=1 prints them. */
export class StatementTimes {
  readonly byStatement = new Map<string, { calls: number; seconds: number }>();
  transactions = { calls: 0, seconds: 0 };

  private async time<T>(statement: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const key = statement.replace(/\s+/g, " ").slice(0, 70);
      const entry = this.byStatement.get(key) ?? { calls: 0, seconds: 0 };
      entry.calls += 1;
      entry.seconds += (performance.now() - started) / 1000;
      this.byStatement.set(key, entry);
    }
  }

  private timed(q: Queryable): Queryable["query"] {
    return (sql, params) => this.time(sql, () => q.query(sql, params));
  }

  private timedTransaction(tx: Transaction): Transaction {
    return { ...tx, query: this.timed(tx), copyRows: (target, data) => this.time(`copy ${target}`, () => tx.copyRows(target, data)) };
  }

  wrap(db: Database): Database {
    return {
      ...db,
      query: this.timed(db),
      transaction: async (work) => {
        const started = performance.now();
        try {
          return await db.transaction((tx) => work(this.timedTransaction(tx)));
        } finally {
          this.transactions.calls += 1;
          this.transactions.seconds += (performance.now() - started) / 1000;
        }
      },
    } as Database;
  }

  print(): void {
    const all = [...this.byStatement.values()].reduce((sum, t) => ({ calls: sum.calls + t.calls, seconds: sum.seconds + t.seconds }), { calls: 0, seconds: 0 });
    console.log(
      `  write transactions: ${this.transactions.calls}, ${this.transactions.seconds.toFixed(1)} s; statements: ${all.calls}, ${all.seconds.toFixed(1)} s`,
    );
    const top = [...this.byStatement].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, 30);
    for (const [sql, t] of top) console.log(`  ${t.seconds.toFixed(2).padStart(7)} s ${String(t.calls).padStart(7)} × ${sql}`);
  }
}

/** Blocks each table (its indexes and TOAST included) read from outside the server's buffers so far, and the WAL written. */
interface ServerReads {
  tables: Map<string, number>;
  walBytes: number;
  fullPages: number;
}

async function serverReads(db: Queryable): Promise<ServerReads> {
  const tables = await db.query<{ name: string; blocks: number }>(
    `select relname as name, (coalesce(heap_blks_read, 0) + coalesce(idx_blks_read, 0) + coalesce(toast_blks_read, 0) + coalesce(tidx_blks_read, 0))::float8 as blocks
     from pg_statio_user_tables`,
  );
  const [wal] = await db.query<{ bytes: number; fpi: number }>("select wal_bytes::float8 as bytes, wal_fpi::float8 as fpi from pg_stat_wal");
  return { tables: new Map(tables.map((t) => [t.name, t.blocks])), walBytes: wal.bytes, fullPages: wal.fpi };
}

/** The tables that read the most blocks from outside the server's buffers during the run, and the WAL it wrote (server-wide). */
function printServerReads(before: ServerReads, after: ServerReads): void {
  const read = [...after.tables].map(([name, blocks]) => [name, blocks - (before.tables.get(name) ?? 0)] as const).sort((a, b) => b[1] - a[1]);
  const total = read.reduce((sum, [, blocks]) => sum + blocks, 0);
  console.log(
    `  blocks read from outside the server's buffers: ${total} (${read
      .slice(0, 6)
      .map(([name, blocks]) => `${name} ${blocks}`)
      .join(", ")}); WAL written ${((after.walBytes - before.walBytes) / 2 ** 30).toFixed(2)} GB, ${after.fullPages - before.fullPages} full-page images`,
  );
}

/** CPU seconds (user and system) a process has used so far, from /proc; 0 once it is gone. */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = await procStat(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/**
 * CPU seconds of the server sessions on `database` (the indexer's pool) while `work` runs. Each session is read every
 * second, since the pool closes a connection that idles and its figure would go with it.
 */
async function sessionCpu<T>(postgres: string, database: string, work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  const seen = new Map<number, number>();
  const read = async () => {
    const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [database]);
    for (const { pid } of rows) seen.set(pid, Math.max(seen.get(pid) ?? 0, await cpuSeconds(pid)));
  };
  await read();
  const before = new Map(seen);
  const timer = setInterval(() => void read().catch(() => undefined), 1000);
  try {
    const result = await work();
    await read();
    let seconds = 0;
    for (const [pid, cpu] of seen) seconds += cpu - (before.get(pid) ?? 0);
    return { result, seconds };
  } finally {
    clearInterval(timer);
    await admin.end();
  }
}

/** Busy CPU seconds of the whole machine so far (every core; /proc/stat's first line less idle and iowait). */
async function machineBusySeconds(): Promise<number> {
  const [, ...ticks] = (await readFile("/proc/stat", "utf8")).split("\n")[0].trim().split(/\s+/).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
}

/**
 * Makes room for the recording in the generated history (a copy of it): the recording's heights are freed and the
 * cursor removed, so the indexer starts a new index of the recorded chain whose sequence numbers, per-type lists and
 * counters continue after the history's (its addresses are other ones).
 */
async function clearForRecording(db: Queryable): Promise<void> {
  await db.query("delete from blocks where height <= $1", [BLOCKS]);
  await db.query("delete from indexer_state");
}

const txCount = async (db: Queryable) => Number((await db.query<{ txs: number }>("select txs from chain_counters"))[0].txs);

export async function catchupFigures(postgres: string, chain: keyof typeof CATCHUP_CHAINS): Promise<void> {
  const { txsPerBlock } = CATCHUP_CHAINS[chain];
  const database = DATABASE || (ONTO ? ONTO_COPY : CATCHUP_CHAINS[chain].database);
  if (ONTO && database === ONTO) throw new Error(`BENCH_CATCHUP_DATABASE names ${ONTO} itself: the run catches up on a copy of it, dropped after`);
  const file = chainFile(20_000, txsPerBlock);
  const recorded = await access(file).then(
    () => true,
    () => false,
  );
  if (!recorded) await recordChain(20_000, txsPerBlock, (line) => console.log(`  [record] ${line}`));
  const node = await child("bench/replay-node.ts", { BENCH_CHAIN_FILE: file, BENCH_RPC_PORT: String(RPC_PORT) }, /ready:/);
  // The replay node goes with the run, however it ends: left running, it would hold its port against the next run.
  try {
    if (ONTO) await copyOnto(postgres, database);
    else await recreateDatabase(postgres, database);
    const url = Object.assign(new URL(postgres), { pathname: `/${database}` }).toString();
    const db = await openDatabase({ url });
    await migrate(db);
    if (ONTO) await clearForRecording(db);
    const txsBefore = await txCount(db);
    const serverBefore = await serverReads(db);
    const times = new StatementTimes();
    const metrics = new IndexerMetrics(trackPoolUse(db, POOL_SIZE).poolUse);
    // When the last batch was written and the builds of the dropped indexes began: null when none were dropped.
    let blocksDone = null as bigint | null;
    const indexer = new Indexer({
      db: process.env.BENCH_PROFILE ? times.wrap(db) : db,
      metrics,
      rpc: new RpcClient(`http://127.0.0.1:${RPC_PORT}`),
      workers: WORKERS,
      ...tuning,
      // The deferred indexes' drop and builds and the statistics' refresh are part of the figure: always shown.
      log: (line) => {
        if (/caught up; building the dropped indexes again/.test(line)) blocksDone = process.hrtime.bigint();
        if (process.env.BENCH_VERBOSE || /secondary indexes|dropped indexes|built again|tables maintained/.test(line)) console.log(`  ${line}`);
      },
    });
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const nodeBefore = await cpuSeconds(node.pid!);
    const machineBefore = await machineBusySeconds();
    const {
      result: { result: blocks, peakMb },
      seconds: serverCpu,
    } = await sessionCpu(postgres, database, () => peakRss(() => indexer.catchUp(BLOCKS)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpu = (await cpuSeconds(node.pid!)) - nodeBefore;
    const busyCores = ((await machineBusySeconds()) - machineBefore) / seconds;
    const txs = (await txCount(db)) - txsBefore;
    // Read once the indexer's sessions are gone: a session's counters reach the server's totals when it ends.
    await db.close();
    const server = await openDatabase({ url });
    const serverAfter = await serverReads(server);
    await server.close();
    console.log(
      `\nindexer catch-up on PostgreSQL (${database}${txsBefore ? ` holding ${txsBefore} txs before` : ""}, ${WORKERS} worker${WORKERS === 1 ? "" : "s"}${Object.entries(
        tuning,
      )
        .map(([k, v]) => `, ${k} ${v}`)
        .join("")}): ${blocks} blocks, ${txs} txs in ${seconds.toFixed(1)} s: ` +
        `${(blocks / seconds).toFixed(0)} blocks/s, ${(txs / seconds).toFixed(0)} tx/s, indexer peak RSS ${peakMb.toFixed(0)} MB`,
    );
    // Wall time depends on whatever else the shared machine runs; CPU time much less.
    const perThousand = (cpuS: number) => ((cpuS * 1000) / blocks).toFixed(2);
    console.log(
      `  CPU seconds per 1,000 blocks: indexer and its workers ${perThousand((cpu.user + cpu.system) / 1e6)}, PostgreSQL sessions ${perThousand(serverCpu)}, replay node ${perThousand(nodeCpu)}; the machine's cores busy ${busyCores.toFixed(2)} of ${cpus().length}`,
    );
    if (blocksDone !== null) {
      const blocksSeconds = Number(blocksDone - started) / 1e9;
      console.log(
        `  the blocks written in ${blocksSeconds.toFixed(1)} s (${(txs / blocksSeconds).toFixed(0)} tx/s); the dropped indexes built again and the tables vacuumed and analyzed in ${(seconds - blocksSeconds).toFixed(1)} s`,
      );
    }
    const waited = await metrics.waitedSeconds();
    console.log(`  the writer waited ${waited.blocks.toFixed(1)} s for decoded blocks; decoded blocks waited ${waited.write.toFixed(1)} s for the writer`);
    if (process.env.BENCH_PROFILE) {
      printServerReads(serverBefore, serverAfter);
      times.print();
    }
  } finally {
    node.kill("SIGTERM");
    // The copy of the ten million is as large as they are: it goes with its run.
    if (ONTO) await dropDatabase(postgres, database);
  }
}

/** The copy of ONTO a run catches up on, and how long it took to make. */
async function copyOnto(postgres: string, database: string): Promise<void> {
  const started = performance.now();
  await copyDatabase(postgres, ONTO, database);
  console.log(`  ${database}: a copy of ${ONTO} made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
