// Compression figures on a devnet index in PGlite: bytes on the wire of the biggest API answers (identity, gzip, brotli),
// and req/s of the hot routes with a browser's Accept-Encoding; with BENCH_BEFORE_DIR (a checkout of an earlier commit,
// with its node_modules) the same load on it, alternating with this checkout's, for before/after.
import { access, cp, rm } from "node:fs/promises";
import { request } from "node:http";
import type { ChildProcess } from "node:child_process";
import { RpcClient } from "../chain/rpc.ts";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { createDevnet } from "../devnet/index.ts";
import { Indexer } from "../indexer/indexer.ts";
import { SERVE, child, load, stop, type LoadFigures } from "./load.ts";

const BLOCKS = Number(process.env.BENCH_COMPRESSION_BLOCKS ?? 400);
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR ?? "";
const PORTS = { after: 18_095, before: 18_096 };
/** What Chromium and Firefox send over HTTPS. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

const dataDir = (name: string) => new URL(`../.bench/compression-${BLOCKS}x${TXS_PER_BLOCK}${name}`, import.meta.url).pathname;

/** A devnet of BLOCKS blocks indexed into a PGlite folder, made once and kept for later runs. */
async function indexedDevnet(): Promise<string> {
  const dir = dataDir("");
  if (
    await access(dir).then(
      () => true,
      () => false,
    )
  )
    return dir;
  const devnet = createDevnet({ seed: "bench", clock: "simulated", txsPerBlock: TXS_PER_BLOCK });
  await devnet.prebuild(BLOCKS);
  const port = await devnet.listen(0);
  const db = await openDatabase({ dataDir: dir });
  await migrate(db);
  await new Indexer({ db, rpc: new RpcClient(`http://127.0.0.1:${port}`), log: () => undefined }).catchUp(BLOCKS);
  await db.close();
  await devnet.close();
  return dir;
}

/** Body bytes as they travel (no decoding), and the encoding the server chose. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ bytes, encoding: String(response.headers["content-encoding"] ?? "identity") }));
    })
      .on("error", reject)
      .end();
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function compressionFigures(): Promise<void> {
  const dir = await indexedDevnet();
  const window = `${BLOCKS - 169}-${BLOCKS}`;
  const routes = [
    `/api/consensus/${window}`,
    `/api/blocks/${window}`,
    "/api/transactions/paginate/100/1",
    "/api/validators/all",
    "/api/blockchain/stat",
    "/api/blocks/latest",
  ];
  const servers: Partial<Record<keyof typeof PORTS, ChildProcess>> = {};
  const env = (port: number, folder: string) => ({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: folder,
    DATABASE_URL: "",
    RATE_LIMIT: "0",
    LOG_LEVEL: "warn",
    WEB_DIR: "/nonexistent",
  });
  servers.after = await child(SERVE, env(PORTS.after, dir), /listening/);
  if (BEFORE_DIR) {
    // PGlite is one process per folder: the earlier checkout serves a copy.
    await rm(dataDir("-before"), { recursive: true, force: true });
    await cp(dir, dataDir("-before"), { recursive: true, filter: (path) => !path.endsWith(".lock") });
    servers.before = await child("cli/serve.ts", env(PORTS.before, dataDir("-before")), /listening/, BEFORE_DIR);
  }
  try {
    console.log(`\ncompression: bytes on the wire (${BLOCKS} devnet blocks of ${TXS_PER_BLOCK} transactions, PGlite)`);
    for (const route of routes) {
      const url = `http://127.0.0.1:${PORTS.after}${route}`;
      const [raw, gzip, br] = [await wireBytes(url, "identity"), await wireBytes(url, "gzip"), await wireBytes(url, "br, gzip")];
      console.log(
        `  ${route.padEnd(36)} identity ${kb(raw.bytes).padStart(9)}  ${gzip.encoding} ${kb(gzip.bytes).padStart(9)}  ${br.encoding} ${kb(br.bytes).padStart(9)}`,
      );
    }
    console.log(
      `\ncompression: req/s with "accept-encoding: ${BROWSER["accept-encoding"]}" (autocannon, ${CONNECTIONS} connections, ${SECONDS} s, median of ${ROUNDS} alternating rounds)`,
    );
    for (const route of ["/api/blocks/latest", `/api/consensus/${window}`]) {
      const runs: Record<string, LoadFigures[]> = { before: [], after: [] };
      // A short load first, so neither process is measured while its code is still being compiled.
      for (const name of ["before", "after"] as const) {
        if (servers[name]) await load(`http://127.0.0.1:${PORTS[name]}${route}`, { connections: CONNECTIONS, seconds: 3, headers: BROWSER });
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of ["before", "after"] as const) {
          if (servers[name])
            runs[name].push(await load(`http://127.0.0.1:${PORTS[name]}${route}`, { connections: CONNECTIONS, seconds: SECONDS, headers: BROWSER }));
        }
      }
      for (const name of ["before", "after"] as const) {
        if (runs[name].length === 0) continue;
        const rps = median(runs[name].map((r) => r.rps));
        const p99 = median(runs[name].map((r) => r.p99));
        console.log(
          `  ${name.padEnd(6)} ${route.padEnd(36)} ${rps.toFixed(0).padStart(6)} req/s (rounds ${runs[name].map((r) => r.rps.toFixed(0)).join(", ")})  p99 ${p99} ms  errors ${runs[name].reduce((n, r) => n + r.errors, 0)}`,
        );
      }
    }
  } finally {
    for (const server of Object.values(servers)) await stop(server);
  }
}
