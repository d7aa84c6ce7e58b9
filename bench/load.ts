// Processes and load generation shared by the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import autocannon from "autocannon";
import { SERVE, START, buildServer, nodeArgs } from "../test/support/processes.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** How often a process's resident memory is read while a measurement runs. */
const RSS_SAMPLE_MS = 200;
const PACER_SCRIPT = new URL("./pacer.ts", import.meta.url).pathname;

export { SERVE, START };

/**
 * Starts `script` (from the checkout in `cwd`, this one by default) as the npm scripts run it, and resolves once its
 * output matches `ready`.
 */
export function child(script: string, env: Record<string, string>, ready: RegExp, cwd = ROOT): Promise<ChildProcess> {
  // A bundle is built first in that checkout, as the npm scripts build it.
  if (script.endsWith(".mjs")) buildServer(cwd);
  const proc = spawn(process.execPath, nodeArgs(script, cwd), { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    proc.stdout!.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(`  [${script}] ${chunk}`);
      if (ready.test(output)) resolve(proc);
    });
    proc.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export async function stop(proc: ChildProcess): Promise<void> {
  proc.kill("SIGTERM");
  await new Promise((resolve) => proc.once("exit", resolve));
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The longest the paced load's own event loop was held up (ms); absent for autocannon's. */
  pacerDelay?: number;
  /** The paced load's errors by kind ("HTTP 429", "ECONNRESET"); absent for autocannon's. */
  errorKinds?: Record<string, number>;
}

/** How a load at a fixed rate is paced, for the figures' headings. */
export const PACER = process.env.BENCH_PACER === "autocannon" ? "autocannon overallRate" : "Poisson arrivals";

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests per second arriving as visitors' do (pacedLoad); absent: as many as `connections` can make. */
  rate?: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
}

/**
 * Load on one URL: as fast as `connections` allow (autocannon), or at a fixed `rate` of requests per second arriving
 * independently (pacedLoad); `headers` on every request. BENCH_PACER=autocannon paces with autocannon's `overallRate`
 * instead, as the figures before 2026-11-30 were measured.
 */
export async function load(url: string, options: LoadOptions): Promise<LoadFigures> {
  if (options.rate && process.env.BENCH_PACER !== "autocannon") return pacedLoad(url, { ...options, rate: options.rate });
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    overallRate: options.rate,
    headers: options.headers,
    ...(options.method ? { method: options.method, body: options.body } : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** What the paced load saw of itself: how long it was held up, and what its errors were. */
export function pacerNotes(figures: LoadFigures): string {
  const held = figures.pacerDelay === undefined ? "" : `  pacer held ${figures.pacerDelay} ms`;
  const kinds = Object.entries(figures.errorKinds ?? {}).map(([kind, n]) => `${kind} ×${n}`);
  return kinds.length === 0 ? held : `${held}  (errors: ${kinds.join(", ")})`;
}

/**
 * The paced load (bench/pacer.ts), run in a process of its own so that this process's heap and garbage collection do
 * not delay its requests; the bench's processes are started with tsx, and so is the pacer.
 */
export async function pacedLoad(url: string, options: LoadOptions & { rate: number }): Promise<LoadFigures> {
  const pacer = spawn(process.execPath, ["--import", "tsx", PACER_SCRIPT, url, JSON.stringify(options)], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  pacer.stdout!.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => pacer.once("exit", resolve));
  if (code !== 0) throw new Error(`bench/pacer.ts exited with ${String(code)}`);
  return JSON.parse(output) as LoadFigures;
}

/** The fields of /proc/<pid>/stat after the command's name (state, ppid, pgrp, …, utime at 11, stime at 12; proc(5)); null once it is gone. */
export async function procStat(pid: number | string): Promise<string[] | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : null;
}

/** Resident memory of process `pid` in kB (VmRSS of /proc/<pid>/status); 0 once it is gone. */
async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

/** What `during` gives, and the most resident memory (MB) process `pid` held meanwhile, read every 200 ms. */
export async function peakRss<T>(pid: number, during: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = await rssKb(pid);
  const timer = setInterval(() => void rssKb(pid).then((kb) => (peak = Math.max(peak, kb))), RSS_SAMPLE_MS);
  try {
    const result = await during();
    peak = Math.max(peak, await rssKb(pid));
    return { result, peakMb: peak / 1024 };
  } finally {
    clearInterval(timer);
  }
}
