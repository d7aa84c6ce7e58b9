// Processes and load generation shared by the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";
import autocannon from "autocannon";
import { SERVE, START, buildServer, nodeArgs } from "../test/support/processes.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** How often a process's resident memory is read while a measurement runs. */
const RSS_SAMPLE_MS = 200;

export { SERVE, START };

/**
 * Starts `script` (from the checkout in `cwd`, this one by default) as the npm scripts run it, and resolves once its
 * output matches `ready`.
 */
export function child(script: string, env: Record<string, string>, ready: RegExp, cwd = ROOT): Promise<ChildProcess> {
  // A bundle is built first in that checkout, as the npm scripts build it.
  if (script.endsWith(".mjs")) buildServer(cwd);
  const proc = spawn(process.execPath, nodeArgs(script), { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
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

/**
 * `rate` requests a second for `seconds`, each sent at its own time whether or not the ones before it have been
 * answered (an open loop): the times are a Poisson process, as independent visitors arrive. autocannon's `overallRate`
 * instead gives each connection a quota per second, which it sends back to back at the start of the second and then
 * waits, so every second began with a burst of all connections at once. A request's latency runs from the time it was
 * due, so time spent waiting for one of the `connections` counts too. Figures in ms, to a tenth.
 */
export async function pacedLoad(url: string, options: LoadOptions & { rate: number }): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const due: number[] = [];
  for (let at = 0; at < options.seconds * 1000; at += (-Math.log(1 - Math.random()) * 1000) / options.rate) due.push(at);
  const latencies: number[] = [];
  let errors = 0;
  const send = (start: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(url, { agent, method: options.method ?? "GET", headers: options.headers }, (response) => {
        if (response.statusCode! >= 300) errors++;
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - start);
          resolve();
        });
      });
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end(options.body);
    });
  const began = performance.now();
  const answers: Promise<void>[] = [];
  for (let next = 0; next < due.length;) {
    const now = performance.now() - began;
    while (next < due.length && due[next] <= now) answers.push(send(began + due[next++]));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(1, (due[next] ?? now) - now))));
  }
  await Promise.all(answers);
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
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
