// Running the project's entry points as separate processes, as operators do.
import { execFileSync, spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

/** The bundles `npm run serve`, `npm run index` and `npm start` run (built by the node tests' global setup). */
export const SERVE = "dist/serve.mjs";
export const INDEX = "dist/index.mjs";
export const START = "dist/start.mjs";

/** Builds the server's bundles in the checkout at `cwd` (this one by default), as the npm scripts do before they start. */
export function buildServer(cwd = ROOT): void {
  execFileSync("npm", ["run", "build:server", "--silent"], { cwd, stdio: "inherit" });
}

/**
 * Starts `script` with the given extra environment: a bundle (`SERVE`, `INDEX`) with plain Node, as the npm scripts
 * run them, or a TypeScript file with tsx.
 */
export function runScript(script: string, env: Record<string, string>, stdio: StdioOptions = "ignore"): ChildProcess {
  return spawn(process.execPath, nodeArgs(script), { cwd: ROOT, env: { ...process.env, ...env }, stdio });
}

/**
 * Node's arguments for `script`: a bundle with the flags the npm script of the checkout at `cwd` (this one by default)
 * gives it after `exec node`, so that tests and benchmarks run what operators run; a TypeScript file through tsx.
 */
export function nodeArgs(script: string, cwd = ROOT): string[] {
  if (!script.endsWith(".mjs")) return ["--import", "tsx", script];
  const { scripts } = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const command = Object.values(scripts)
    .map((line) => /exec node (.+)$/.exec(line)?.[1])
    .find((args) => args?.endsWith(` ${script}`));
  if (!command) throw new Error(`no npm script runs ${script}`);
  return command.split(" ");
}

/**
 * `npm run <script>` in the checkout at `cwd` (this one by default), as operators run it, in a process group of its own:
 * a signal to the child reaches npm alone, as one to a container's first process does, and the group can be stopped whole.
 */
export function npmRun(script: string, env: Record<string, string>, cwd = ROOT): ChildProcess {
  return spawn("npm", ["run", script, "--silent"], { cwd, env: { ...process.env, ...env }, stdio: "ignore", detached: true });
}

/** Whether any process of group `pgid` (a child spawned `detached`, and all it started) is still running. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the process has ended (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
}

/** The height an indexer process's metrics (INDEXER_METRICS_PORT on 127.0.0.1) report; 0 before they answer. */
export async function metricsHeight(port: string): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
    (r) => r.text(),
    () => "",
  );
  return Number(text.match(/^axm_indexed_height (\d+)$/m)?.[1] ?? 0);
}
