// Live-update benchmark: 1,000 stream clients on one API process (PostgreSQL, LISTEN/NOTIFY); how long each block takes
// from its commit to every client, and how much memory a client costs the API process.
import { fork, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { RpcClient } from "../chain/rpc.ts";
import { openDatabase } from "../db/connection.ts";
import { databaseBus } from "../db/live-notices.ts";
import { migrate } from "../db/migrate.ts";
import { createDevnet } from "../devnet/index.ts";
import { Indexer } from "../indexer/indexer.ts";
import { openSse } from "../test/support/sse-client.ts";
import { recreateDatabase } from "./databases.ts";

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const BLOCKS = Number(process.env.BENCH_LIVE_BLOCKS ?? 30);
const BLOCK_MS = 1000;
const API_PORT = 18_091;

interface Memory {
  rss: number;
  /** V8 heap in use plus memory outside it (socket and stream buffers). */
  heap: number;
}

/** The API process's memory after a full collection. */
async function memoryOf(api: ChildProcess): Promise<Memory> {
  api.send("memory");
  const [memory] = (await once(api, "message")) as [Memory];
  return memory;
}

async function startApi(databaseUrl: string): Promise<ChildProcess> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0", LOG_LEVEL: "warn" };
  const api = fork(new URL("./live-api.ts", import.meta.url), [], { execArgv: ["--import", "tsx", "--expose-gc"], env });
  await once(api, "message");
  return api;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The clients' process, once all its streams are open. */
async function startClients(url: string, count: number): Promise<ChildProcess> {
  const clients = fork(new URL("./live-clients.ts", import.meta.url), [url, String(count)], { execArgv: ["--import", "tsx"] });
  const [{ refused }] = (await once(clients, "message")) as [{ refused: number }];
  if (refused > 0) throw new Error(`${refused} of ${count} streams were refused`);
  return clients;
}

/** For each client, when each block reached it (epoch ms, by height). */
async function arrivals(clients: ChildProcess): Promise<Map<number, number>[]> {
  clients.send("report");
  const [{ arrivals: lists }] = (await once(clients, "message")) as [{ arrivals: [number, number][][] }];
  return lists.map((list) => new Map(list));
}

/** Now in epoch ms, comparable with the clients' process. */
const now = () => performance.timeOrigin + performance.now();

export async function liveFigures(postgresUrl: string): Promise<void> {
  await recreateDatabase(postgresUrl, "axm_bench_live");
  const url = Object.assign(new URL(postgresUrl), { pathname: "/axm_bench_live" }).toString();
  const db = await openDatabase({ url });
  await migrate(db);

  const devnet = createDevnet({ seed: "bench-live", blockTimeMs: BLOCK_MS, txsPerBlock: 20 });
  await devnet.prebuild(5);
  const port = await devnet.listen(0);
  const bus = databaseBus(db);
  const committedAt = new Map<number, number>();
  const indexer = new Indexer({
    db,
    rpc: new RpcClient(`http://127.0.0.1:${port}`),
    pollMs: 50,
    log: () => undefined,
    publish: async (range) => {
      // Called right after the commit: the delay measured is commit → client, as the API serves it.
      for (let h = range.from; h <= range.to; h++) committedAt.set(h, now());
      await bus.publish(range);
    },
  });
  await indexer.catchUp();
  const api = await startApi(url);
  const streamUrl = `http://127.0.0.1:${API_PORT}/api/stream`;

  (await openSse(streamUrl)).close();
  await settle(1000);
  const before = await memoryOf(api);
  const clients = await startClients(streamUrl, CLIENTS);
  await settle(2000);
  const connected = await memoryOf(api);

  const running = indexer.run();
  devnet.start();
  const first = devnet.height() + 1;
  while (devnet.height() < first + BLOCKS) await settle(200);
  devnet.stop();
  await settle(2000);
  const during = await memoryOf(api);
  indexer.stop();
  await running;

  const delays: number[] = [];
  let missing = 0;
  for (const received of await arrivals(clients)) {
    for (let h = first; h < first + BLOCKS; h++) {
      const at = received.get(h);
      const committed = committedAt.get(h);
      if (at === undefined || committed === undefined) missing += 1;
      else delays.push(at - committed);
    }
  }
  api.kill("SIGTERM");
  await once(api, "exit");
  await devnet.close();
  await db.close();

  delays.sort((a, b) => a - b);
  const within = delays.filter((d) => d <= 1000).length;
  console.log(`\nlive updates (${CLIENTS} stream clients on one API process, PostgreSQL LISTEN/NOTIFY, ${BLOCKS} blocks of 20 transactions, one a second)`);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const perClient = (after: Memory, key: keyof Memory) => `${((after[key] - before[key]) / 1024 / CLIENTS).toFixed(1)} KiB`;
  console.log(
    `  API process after a full GC (rss / heap+external): idle ${mib(before.rss)} / ${mib(before.heap)}, clients connected ${mib(connected.rss)} / ${mib(connected.heap)}, after the blocks ${mib(during.rss)} / ${mib(during.heap)}`,
  );
  console.log(
    `  memory per client (rss / heap+external): connected ${perClient(connected, "rss")} / ${perClient(connected, "heap")}, after the blocks ${perClient(during, "rss")} / ${perClient(during, "heap")}`,
  );
  console.log(
    `  commit → client delay: p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${delays.at(-1)?.toFixed(0)} ms`,
  );
  console.log(`  deliveries within 1 s: ${within} of ${CLIENTS * BLOCKS} (${missing} missing)`);
}
