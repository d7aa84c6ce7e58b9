// `npm run index` and `npm start` as an operator starts them: how long each takes to be of use, and the resident memory
// and CPU of what it runs. With BENCH_BEFORE_DIR (an earlier checkout with its node_modules), that checkout's scripts
// too, alternating, for before and after.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDevnet } from "../devnet/index.ts";
import { groupAlive, metricsHeight, npmRun } from "../test/support/processes.ts";
import { recreateDatabase } from "./databases.ts";
import { procStat } from "./load.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR ?? "";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Blocks of 20 transactions the devnet holds, for `npm run index` to catch up on. */
const BLOCKS = Number(process.env.BENCH_START_BLOCKS ?? 500);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = "axm_bench_start";
const RPC_PORT = 36_730;
const METRICS_PORT = 18_131;
const START_PORT = 18_132;
const START_DEVNET_PORT = 36_731;
/** How long `npm start` runs after it answers, its devnet making a block every 5 s, before its memory is read. */
const SETTLE_MS = 20_000;
const CLOCK_TICKS = 100;
const PAGE_KB = 4;

interface Usage {
  /** Resident memory of the group's processes but npm itself (the same on both sides). */
  rssMb: number;
  /** CPU of every process the group has run: the live ones' own and that of the children they have reaped (builds, tsx). */
  cpuSeconds: number;
}

/** What the processes of group `pgid` (npm, its shell and everything they started) hold and have spent. */
async function usage(pgid: number): Promise<Usage> {
  const names = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(names.map(async (name) => ({ pid: Number(name), fields: await procStat(name) })));
  let rssKb = 0;
  let ticks = 0;
  for (const { pid, fields } of stats) {
    if (!fields || Number(fields[2]) !== pgid) continue;
    if (pid !== pgid) rssKb += Number(fields[21]) * PAGE_KB;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return { rssMb: rssKb / 1024, cpuSeconds: ticks / CLOCK_TICKS };
}

/** SIGTERM to the whole group (as a service manager stops it), then waits until none of its processes is left. */
async function stopped(proc: ChildProcess): Promise<void> {
  if (groupAlive(proc.pid!)) process.kill(-proc.pid!, "SIGTERM");
  while (groupAlive(proc.pid!)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Polls `check` every 50 ms while reading the group's memory; resolves with the time it first held, the usage then and the peak RSS. */
async function until(proc: ChildProcess, started: number, check: () => Promise<boolean>): Promise<{ ms: number; at: Usage; peakMb: number }> {
  let peakMb = 0;
  for (;;) {
    const at = await usage(proc.pid!);
    peakMb = Math.max(peakMb, at.rssMb);
    if (await check().catch(() => false)) return { ms: performance.now() - started, at, peakMb };
    if (proc.exitCode !== null) throw new Error(`the process exited with ${proc.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `npm run index` on a new PostgreSQL database until it has caught up with the devnet's BLOCKS blocks. */
async function indexRun(cwd: string) {
  await recreateDatabase(POSTGRES, DATABASE);
  const started = performance.now();
  const proc = npmRun(
    "index",
    {
      RPC_URL: `http://127.0.0.1:${RPC_PORT}`,
      DATABASE_URL: POSTGRES.replace(/\/[^/]*$/, `/${DATABASE}`),
      HOST: "127.0.0.1",
      INDEXER_METRICS_PORT: String(METRICS_PORT),
      LOG_LEVEL: "warn",
    },
    cwd,
  );
  try {
    const serving = await until(proc, started, async () => (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).ok);
    const caughtUp = await until(proc, started, async () => (await metricsHeight(String(METRICS_PORT))) >= BLOCKS);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = await usage(proc.pid!);
    return {
      servingMs: serving.ms,
      caughtUpMs: caughtUp.ms,
      cpuSeconds: idle.cpuSeconds,
      peakMb: Math.max(serving.peakMb, caughtUp.peakMb),
      idleMb: idle.rssMb,
    };
  } finally {
    await stopped(proc);
  }
}

/** `npm start` on a new data folder (its own devnet, PGlite) until `/api/health` shows a block, then SETTLE_MS more. */
async function startRun(cwd: string) {
  const dir = await mkdtemp(join(tmpdir(), "axm-bench-start-"));
  const started = performance.now();
  const proc = npmRun(
    "start",
    {
      PORT: String(START_PORT),
      HOST: "127.0.0.1",
      DEVNET_PORT: String(START_DEVNET_PORT),
      DATA_DIR: join(dir, "data"),
      WEB_DIR: join(dir, "web"),
      DATABASE_URL: "",
      RPC_URL: "",
      LOG_LEVEL: "warn",
    },
    cwd,
  );
  try {
    const answering = await until(proc, started, async () => {
      const health = (await (await fetch(`http://127.0.0.1:${START_PORT}/api/health`)).json()) as { indexedHeight?: number };
      return (health.indexedHeight ?? 0) >= 1;
    });
    const settled = await until(proc, started, async () => performance.now() - started >= answering.ms + SETTLE_MS);
    return { answeringMs: answering.ms, peakMb: Math.max(answering.peakMb, settled.peakMb), settledMb: settled.at.rssMb, cpuSeconds: settled.at.cpuSeconds };
  } finally {
    await stopped(proc);
    await rm(dir, { recursive: true, force: true });
  }
}

export async function processStartFigures(): Promise<void> {
  const devnet = createDevnet({ blockTimeMs: 3_600_000, txsPerBlock: 20 });
  await devnet.prebuild(BLOCKS);
  await devnet.listen(RPC_PORT);
  const checkouts = [...(BEFORE_DIR ? [{ name: "before", dir: BEFORE_DIR }] : []), { name: "this", dir: ROOT }];
  console.log(`\nnpm run index (PostgreSQL, ${BLOCKS} blocks of 20 txs) and npm start (PGlite), ${ROUNDS} rounds`);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { name, dir } of checkouts) {
        const index = await indexRun(dir);
        console.log(
          `  round ${round} ${name}: npm run index: metrics served after ${(index.servingMs / 1000).toFixed(1)} s, caught up after ` +
            `${(index.caughtUpMs / 1000).toFixed(1)} s (CPU ${index.cpuSeconds.toFixed(1)} s 3 s later, npm included), RSS peak ${index.peakMb.toFixed(0)} MB, ` +
            `idle ${index.idleMb.toFixed(0)} MB`,
        );
        const start = await startRun(dir);
        console.log(
          `  round ${round} ${name}: npm start: a block served after ${(start.answeringMs / 1000).toFixed(1)} s, RSS peak ` +
            `${start.peakMb.toFixed(0)} MB; ${SETTLE_MS / 1000} s later ${start.settledMb.toFixed(0)} MB, CPU ${start.cpuSeconds.toFixed(1)} s (npm and the web build included)`,
        );
      }
    }
  } finally {
    devnet.stop();
    await devnet.close();
  }
}
