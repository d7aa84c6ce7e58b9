// Throw-away PostgreSQL clusters for tests: a primary made with initdb and a streaming replica of it made with pg_basebackup -R.
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { appendFile, chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Where a PostgreSQL program is: on PATH, else in Debian's /usr/lib/postgresql/<version>/bin (newest first); null when absent. */
export function postgresProgram(name: string): string | null {
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  const folders = [...(process.env.PATH ?? "").split(delimiter), ...versions.map((v) => `/usr/lib/postgresql/${v}/bin`)];
  return folders.map((folder) => join(folder, name)).find((path) => existsSync(path)) ?? null;
}

const PROGRAMS = ["initdb", "pg_ctl", "pg_basebackup"] as const;

/** Why clusters cannot be made here (a program missing), or null when they can. */
export function clusterToolsMissing(): string | null {
  const missing = PROGRAMS.filter((name) => postgresProgram(name) === null);
  return missing.length > 0 ? `${missing.join(", ")} not found on PATH or in /usr/lib/postgresql/*/bin` : null;
}

/** The server refuses to run as root: as root, the programs run as the `postgres` OS user (runuser), who owns the folders. */
const AS_ROOT = process.getuid?.() === 0;

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all(["-u", "-g"].map(async (flag) => Number((await run("id", [flag, "postgres"])).stdout.trim())));
  return { uid, gid };
}

async function pg(name: (typeof PROGRAMS)[number], args: string[]): Promise<void> {
  const program = postgresProgram(name)!;
  const [command, commandArgs] = AS_ROOT ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  try {
    await run(command, commandArgs, { timeout: 60_000 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${name} ${args.join(" ")} failed: ${stderr || stdout || (error as Error).message}`);
  }
}

/** A loopback port free at the time of asking. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dir: string;
}

/** Starts the cluster in `dir` on `port`, listening on loopback only, its socket in its own folder. */
async function start(dir: string, port: number): Promise<Cluster> {
  await pg("pg_ctl", ["-D", dir, "-l", join(dir, "server.log"), "-w", "-t", "30", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"]);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir };
}

/** A folder under the system's temporary one that the server's user owns. */
async function ownedFolder(parent: string, name: string): Promise<string> {
  const dir = join(parent, name);
  await mkdir(dir, { mode: 0o700 });
  if (AS_ROOT) {
    const { uid, gid } = await postgresUser();
    await chown(dir, uid, gid);
  }
  return dir;
}

export interface ReplicatedPair {
  primary: Cluster;
  replica: Cluster;
  /** Stops both servers at once and removes their folders. */
  remove(): Promise<void>;
}

/**
 * A new primary (trust authentication on loopback, replication allowed, durability off: it is thrown away) and a hot
 * standby streaming from it, each in its own folder under one temporary one.
 */
export async function replicatedPair(): Promise<ReplicatedPair> {
  const root = await mkdtemp(join(tmpdir(), "axm-pg-"));
  if (AS_ROOT) {
    const { uid, gid } = await postgresUser();
    await chown(root, uid, gid);
  }
  const started: Cluster[] = [];
  const remove = async () => {
    await Promise.all(started.map((c) => pg("pg_ctl", ["-D", c.dir, "-m", "immediate", "-w", "stop"]).catch(() => undefined)));
    await rm(root, { recursive: true, force: true });
  };
  try {
    const primaryDir = await ownedFolder(root, "primary");
    await pg("initdb", ["-D", primaryDir, "-U", "postgres", "-A", "trust", "--no-sync", "--no-instructions"]);
    await appendFile(
      join(primaryDir, "postgresql.conf"),
      "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nwal_level = replica\nmax_wal_senders = 4\n",
    );
    const primary = await start(primaryDir, await freePort());
    started.push(primary);
    const replicaDir = await ownedFolder(root, "replica");
    await pg("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primary.port),
      "-U",
      "postgres",
      "-D",
      replicaDir,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    const replica = await start(replicaDir, await freePort());
    started.push(replica);
    return { primary, replica, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
