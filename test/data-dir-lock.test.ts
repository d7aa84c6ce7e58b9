// One process per embedded database folder: a second process is refused at once with the holder's pid; a stale lock is taken over.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUse, lockDataDir } from "../db/data-dir-lock.ts";
import { INDEX, SERVE, exited, runScript } from "./support/processes.ts";

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "axm-lock-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Output and exit code of a process, or null code if it is still running after `ms`. */
async function outcome(script: string, env: Record<string, string>, ms: number) {
  const child = runScript(script, env, ["ignore", "pipe", "pipe"]);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited(child);
  clearTimeout(timer);
  return { code: child.exitCode, output, pid: child.pid };
}

describe("the embedded database folder", () => {
  it("is refused to a second process while the first holds it, naming the holder's pid", async () => {
    const dir = newDir();
    const holder = runScript(SERVE, {
      DATA_DIR: dir,
      DATABASE_URL: "",
      PORT: "18291",
      HOST: "127.0.0.1",
      AUTH_SECRET: "a lock test secret of 32 characters!",
    });
    try {
      await expect.poll(async () => (await fetch("http://127.0.0.1:18291/api/config").catch(() => null))?.status, { timeout: 30_000, interval: 250 }).toBe(200);
      const second = await outcome(INDEX, { DATA_DIR: dir, DATABASE_URL: "", RPC_URL: "http://127.0.0.1:9" }, 20_000);
      expect(second.code).not.toBe(0);
      expect(second.code).not.toBeNull();
      expect(second.output).toContain(`is in use by process ${holder.pid}`);
    } finally {
      holder.kill("SIGTERM");
      await exited(holder);
    }
  }, 60_000);

  it("is taken over from a process that died without releasing it, and released on close", () => {
    const dir = newDir();
    writeFileSync(join(dir, "explorer.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow();
    release();
    const again = lockDataDir(dir);
    again();
  });

  it("refuses another live process's lock in-process too", () => {
    const dir = newDir();
    writeFileSync(join(dir, "explorer.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
  });
});
