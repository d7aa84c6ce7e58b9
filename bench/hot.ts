// Hot pages (issue 17): the answers every visitor asks alike (the latest block, page 1 of the transactions list, the
// statistics) at a paced 3,000 req/s on one API process over a PostgreSQL index, with the process's peak RSS; with
// BENCH_BEFORE_DIR (a checkout of an earlier commit, with its node_modules) the same load on it, alternating with this
// checkout's, for before/after.
import type { ChildProcess } from "node:child_process";
import { PACER, SERVE, child, load, pacerNotes, peakRss, stop, type LoadFigures } from "./load.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_HOT_RATE ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_HOT_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR ?? "";
/** BENCH_HOT_BROWSER=1 sends what browsers send, `accept-encoding: gzip, deflate, br, zstd`: answers over 1 KB go compressed. */
const HEADERS: Record<string, string> = process.env.BENCH_HOT_BROWSER === "1" ? { "accept-encoding": "gzip, deflate, br, zstd" } : {};
const PORTS = { after: 18_097, before: 18_098 };
const ROUTES = ["/api/blocks/latest", "/api/transactions/paginate/10/1", "/api/blockchain/stat"];

type Run = LoadFigures & { peakMb: number };

const line = (name: string, route: string, r: Run) =>
  `  ${name.padEnd(6)} ${route.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${String(r.p99).padStart(3)} ms  errors ${r.errors}  peak RSS ${r.peakMb.toFixed(0)} MB${pacerNotes(r)}`;

/** The three hot routes at RATE req/s on one API process over `databaseUrl` (the index the main bench leaves by default). */
export async function hotFigures(databaseUrl: string): Promise<void> {
  const env = (port: number) => ({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    RATE_LIMIT: "0",
    LOG_LEVEL: "warn",
    WEB_DIR: "/nonexistent",
  });
  const servers: Partial<Record<keyof typeof PORTS, ChildProcess>> = {};
  servers.after = await child(SERVE, env(PORTS.after), /listening/);
  if (BEFORE_DIR) servers.before = await child(SERVE, env(PORTS.before), /listening/, BEFORE_DIR);
  const names = (["before", "after"] as const).filter((name) => servers[name]);
  try {
    // A short load first, so no process is measured while its code is still being compiled.
    for (const name of names)
      for (const route of ROUTES) await load(`http://127.0.0.1:${PORTS[name]}${route}`, { connections: CONNECTIONS, seconds: 2, rate: RATE, headers: HEADERS });
    const encoding = HEADERS["accept-encoding"] ? `accept-encoding ${HEADERS["accept-encoding"]}` : "no accept-encoding";
    console.log(`\nhot pages at ${RATE} req/s (${PACER}, ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} alternating rounds, ${encoding}; PostgreSQL)`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of ROUTES) {
        for (const name of names) {
          const pid = servers[name]!.pid!;
          const url = `http://127.0.0.1:${PORTS[name]}${route}`;
          const { result, peakMb } = await peakRss(pid, () => load(url, { connections: CONNECTIONS, seconds: SECONDS, rate: RATE, headers: HEADERS }));
          console.log(`${line(name, route, { ...result, peakMb })}  (round ${round})`);
        }
      }
    }
  } finally {
    for (const server of Object.values(servers)) await stop(server);
  }
}
