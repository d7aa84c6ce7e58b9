// Processes and load generation shared by the benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import autocannon from "autocannon";

const ROOT = new URL("..", import.meta.url).pathname;

/** Starts `script` with tsx (from the checkout in `cwd`, this one by default) and resolves once its output matches `ready`. */
export function child(script: string, env: Record<string, string>, ready: RegExp, cwd = ROOT): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", script], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
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

/** Load on one URL: as fast as `connections` allow, or at a fixed `rate` of requests per second; `headers` on every request. */
export async function load(
  url: string,
  options: { connections: number; seconds: number; rate?: number; headers?: Record<string, string>; method?: "GET" | "POST"; body?: string },
): Promise<LoadFigures> {
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

/** The highest resident memory (bytes) of process `pid` while `during` runs, read from /proc every 200 ms. */
export async function peakRss(pid: number, during: () => Promise<void>): Promise<number> {
  let peak = 0;
  const sample = async () => {
    const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb * 1024);
  };
  const timer = setInterval(() => void sample(), 200);
  try {
    await during();
  } finally {
    clearInterval(timer);
    await sample();
  }
  return peak;
}
