// Starts the explorer as `npm start` does (web build, devnet, indexer, API and web app) once for every browser test.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

const ROOT = new URL("../..", import.meta.url).pathname;
/** Blocks the devnet builds before it produces them in real time, so lists have several pages at once. */
const PREBUILT_BLOCKS = 120;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), "axm-e2e-"));
  const port = await freePort();
  const devnetPort = await freePort();
  let log = "";
  const app = spawn("npm", ["start", "--silent"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEVNET_PORT: String(devnetPort),
      DATA_DIR: join(dataDir, "data"),
      // Built apart from web/dist, so several test runs (and a running explorer) do not overwrite each other's build.
      WEB_DIR: join(dataDir, "web"),
      DEVNET_PREBUILD: String(PREBUILT_BLOCKS),
      DEVNET_BLOCK_TIME_MS: "5000",
      RPC_URL: "",
      DATABASE_URL: "",
      RATE_LIMIT: "0",
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
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, app, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  return stop;
}
