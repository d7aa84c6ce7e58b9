// The whole explorer started as `npm start` starts it (web build, devnet, indexer, API and web app) on free ports.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("../..", import.meta.url).pathname;

export interface RunningExplorer {
  baseUrl: string;
  /** Folder of this run's web build. */
  webDir: string;
  /** What the explorer has written to its stdout and stderr so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(baseUrl: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}:\n${output()}`);
    const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
    const page = health?.ok ? await fetch(`${baseUrl}/`).catch(() => null) : null;
    if (page?.ok && (await page.text()).includes('id="root"')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the explorer did not become ready:\n${output()}`);
}

/** `npm start` with the built-in devnet (`prebuiltBlocks` built at once, then one every 5 s) in a temporary folder. */
export async function startExplorer(options: { prebuiltBlocks: number; env?: Record<string, string> }): Promise<RunningExplorer> {
  const dir = await mkdtemp(join(tmpdir(), "axm-explorer-"));
  const port = await freePort();
  const devnetPort = await freePort();
  const webDir = join(dir, "web");
  let log = "";
  const app = spawn("npm", ["start", "--silent"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // Vitest sets NODE_ENV=test; the explorer under test is the one users get: a production build of the web app.
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DEVNET_PORT: String(devnetPort),
      DATA_DIR: join(dir, "data"),
      // Built apart from web/dist, so several runs (and a running explorer) do not overwrite each other's build.
      WEB_DIR: webDir,
      DEVNET_PREBUILD: String(options.prebuiltBlocks),
      DEVNET_BLOCK_TIME_MS: "5000",
      RPC_URL: "",
      DATABASE_URL: "",
      // Every browser test is one client (127.0.0.1): per-client limits would throttle the suite, not a visitor.
      RATE_LIMIT: "0",
      SEARCH_RATE_LIMIT: "0",
      AUTH_RATE_LIMIT: "0",
      ...options.env,
    },
  });
  app.stdout!.on("data", (chunk) => (log += chunk));
  app.stderr!.on("data", (chunk) => (log += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (app.exitCode === null) {
      process.kill(-app.pid!, "SIGTERM");
      await new Promise((resolve) => app.once("exit", resolve));
    }
    // npm exits before the explorer under it has closed its database: the folder goes once the whole group is gone.
    await groupGone(app.pid!);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, app, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, webDir, output: () => log, stop };
}

/** Resolves once no process of the group is left (10 s at most). */
async function groupGone(pid: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
