// A real streaming replica: the indexer writes the primary, two API processes read the replica (DATABASE_READ_URL) and write the primary.
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, openReadDatabase, type Database } from "../db/connection.ts";
import { mnemonicAddress } from "../cli/config.ts";
import { DEVNET_MNEMONIC } from "../devnet/keys.ts";
import { clusterToolsMissing, freePort, replicatedPair, type ReplicatedPair } from "./support/postgres-cluster.ts";
import { serveDevnet, waitFor, type ServedDevnet } from "./support/pipeline.ts";
import { INDEX, SERVE, exited, runScript } from "./support/processes.ts";

const missing = clusterToolsMissing();
if (missing) console.log(`skipping the read-replica test: ${missing}`);

/** A GET's status and JSON, or null while the process does not answer yet. */
async function get(port: number, path: string): Promise<{ status: number; body: any } | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: response.status, body: await response.json() };
  } catch {
    return null;
  }
}

describe.skipIf(missing !== null)("a streaming read replica under two API processes", () => {
  let chain: ServedDevnet | undefined;
  let pair: ReplicatedPair | undefined;
  let primary: Database | undefined;
  const children: ChildProcess[] = [];
  let output = "";
  afterAll(async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map(exited));
    await primary?.close();
    await chain?.devnet.close();
    await pair?.remove();
  });

  function start(script: string, env: Record<string, string>): void {
    const child = runScript(script, env, ["ignore", "pipe", "pipe"]);
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    children.push(child);
  }

  /** Waits for `check`, and shows what the processes printed when it never holds. */
  const until = (check: () => Promise<boolean>, timeoutMs: number, what: string) =>
    waitFor(check, timeoutMs, what).catch((error: Error) => {
      throw new Error(`${error.message}\n--- process output ---\n${output.slice(-4000)}`);
    });

  it("serves a block indexed on the primary from both API processes within seconds, and writes only to the primary", async () => {
    chain = await serveDevnet(20);
    pair = await replicatedPair();
    primary = await openDatabase({ url: pair.primary.url, poolSize: 2 });
    const ports = [await freePort(), await freePort()];
    // HEALTH_MAX_LAG 0: one block not yet replayed is already "behind".
    const env = {
      DATABASE_URL: pair.primary.url,
      RPC_URL: chain.url,
      HOST: "127.0.0.1",
      AUTH_SECRET: "a shared secret of the two API processes!",
      LOG_LEVEL: "warn",
      HEALTH_MAX_LAG: "0",
    };
    start(INDEX, env);
    for (const port of ports) start(SERVE, { ...env, DATABASE_READ_URL: pair.replica.url, PORT: String(port) });
    const heights = async () => Promise.all(ports.map(async (port) => (await get(port, "/api/health"))?.body?.indexedHeight));
    await until(async () => (await heights()).every((h) => h === 20), 45_000, "both APIs to read height 20 from the replica");

    await chain.devnet.produceBlock();
    const primaryHeight = async () => (await primary!.query<{ h: number }>("select indexed_height as h from indexer_state"))[0]?.h;
    await until(async () => (await primaryHeight()) === 21, 15_000, "block 21 committed on the primary");
    const committed = Date.now();
    await until(
      async () => (await Promise.all(ports.map((port) => get(port, "/api/blocks/21")))).every((r) => r?.status === 200),
      5_000,
      "block 21 on both APIs within 5 s of its commit",
    );
    console.log(`read replica: block 21 served by both API processes ${Date.now() - committed} ms after its commit on the primary`);
    const [a, b] = await Promise.all(ports.map(async (port) => (await get(port, "/api/blocks/21"))!.body));
    expect(a).toEqual(b);
    expect(a.txCnt).toBe(chain.devnet.state.txs.filter((tx) => tx.height === 21).length);

    for (const port of ports) {
      const health = (await get(port, "/api/health"))!;
      expect(health.status, JSON.stringify(health.body)).toBe(200);
      expect(health.body).toMatchObject({ status: "ok", indexedHeight: 21, replica: { primaryHeight: 21, lagBlocks: 0, replaySeconds: expect.any(Number) } });
    }

    // Replay paused on the replica: the primary has block 22, the APIs (reading the replica) do not, and say so.
    const replica = new pg.Client({ connectionString: pair.replica.url });
    await replica.connect();
    await replica.query("select pg_wal_replay_pause()");
    await chain.devnet.produceBlock();
    await until(async () => (await primaryHeight()) === 22, 15_000, "block 22 committed on the primary");
    for (const port of ports) {
      expect((await get(port, "/api/blocks/22"))!.status).toBe(404);
      const health = (await get(port, "/api/health"))!;
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: "behind", indexedHeight: 21, replica: { primaryHeight: 22, lagBlocks: 1 } });
    }
    await replica.query("select pg_wal_replay_resume()");
    await until(
      async () => (await Promise.all(ports.map((port) => get(port, "/api/health")))).every((r) => r?.status === 200),
      10_000,
      "both APIs healthy once replay resumes",
    );

    // Writes: a sign-in challenge asked of each API process is saved, and found on the primary.
    const address = mnemonicAddress(DEVNET_MNEMONIC);
    const challenges: string[] = [];
    for (const port of ports) {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/challenge`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ address }),
      });
      expect(response.status).toBe(200);
      challenges.push(((await response.json()) as { challenge: string }).challenge);
    }
    const saved = await primary.query<{ challenge: string }>("select challenge from auth_challenges where address = $1", [address]);
    expect(saved.map((r) => r.challenge).sort()).toEqual([...challenges].sort());

    // The replica cannot take a write, and the API's read pool refuses one even when pointed at a primary.
    await expect(replica.query("insert into auth_challenges (challenge, address, expires_at) values ('x', 'y', now())")).rejects.toThrow(
      /read-only transaction/,
    );
    await replica.end();
    const readPool = openReadDatabase(pair.primary.url, 1);
    await expect(readPool.query("insert into auth_challenges (challenge, address, expires_at) values ('x', 'y', now())")).rejects.toThrow(
      /read-only transaction/,
    );
    await readPool.close();
  }, 90_000);
});
