// `npm run bench`: indexer catch-up on PGlite and PostgreSQL, API load on each index, the validator, account and contract routes, catch-up from a remote node, compression, live updates, then the web app. Prints figures; passes or fails nothing.
import { access, rm } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { RpcClient } from "../chain/rpc.ts";
import { openDatabase, type Database } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { Indexer } from "../indexer/indexer.ts";
import { chainFile, recordChain } from "./record-chain.ts";
import { webFigures } from "./web.ts";
import { recreateDatabase } from "./databases.ts";
import { SERVE, child, load, peakRss, stop } from "./load.ts";
import { validatorFigures } from "./validators.ts";
import { accountFigures } from "./accounts.ts";
import { contractFigures } from "./contracts.ts";
import { remoteNodeFigures } from "./remote-node.ts";
import { compressionFigures } from "./compression.ts";
import { liveFigures } from "./live.ts";
import { searchFigures } from "./search.ts";
import { exportFigures } from "./export.ts";
import { chartFigures } from "./charts.ts";
import { scaleFigures } from "./scale.ts";
import { embeddedFigures, embeddedWriteProfile } from "./embedded.ts";
import { pgliteUpkeepFigures, serverEndOfCatchupFigures } from "./upkeep.ts";
import { processStartFigures } from "./process-start.ts";
import { hotFigures } from "./hot.ts";
import { CATCHUP_CHAINS, catchupFigures } from "./catchup.ts";

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20_000);
const TXS_PER_BLOCK = Number(process.env.BENCH_TXS ?? 20);
const RPC_PORT = 36_700;
const API_PORT = 18_090;
const POSTGRES = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const WORKERS = Number(process.env.INDEXER_WORKERS ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** `api` measures the API on the indexes a previous run left, skipping the catch-up; `web` measures only the web app. */
const ONLY_API = process.env.BENCH_ONLY === "api";
const ONLY_WEB = process.env.BENCH_ONLY === "web";
/** `validators` measures only the validator routes, on generated data (150 validators, 1 million blocks). */
const ONLY_VALIDATORS = process.env.BENCH_ONLY === "validators";
/** `accounts` measures only the account and team routes, on generated data (1 million accounts, 14 levels). */
const ONLY_ACCOUNTS = process.env.BENCH_ONLY === "accounts";
/** `contracts` measures only the contract and token routes, on generated data (10,000 contracts, a token with 100,000 holders). */
const ONLY_CONTRACTS = process.env.BENCH_ONLY === "contracts";
/** `remote` measures only catch-up against a node 50 ms away and one failing 5 % of requests, against a local one. */
const ONLY_REMOTE = process.env.BENCH_ONLY === "remote";
/** `compression` measures only bytes on the wire and req/s with compressed answers, on a devnet index (BENCH_BEFORE_DIR: an earlier checkout to compare). */
const ONLY_COMPRESSION = process.env.BENCH_ONLY === "compression";
/** `live` measures only the live-update stream: 1,000 clients on one API process over PostgreSQL. */
const ONLY_LIVE = process.env.BENCH_ONLY === "live";
/** `search` measures only the global search's name queries on generated data (500,000 nicknames), on both engines. */
const ONLY_SEARCH = process.env.BENCH_ONLY === "search";
/** `export` times only one CSV export of 10,000 transactions on generated data, on PostgreSQL. */
const ONLY_EXPORT = process.env.BENCH_ONLY === "export";
/** `scale` measures only the list, detail and search routes on 10 million generated transactions, on PostgreSQL. */
const ONLY_SCALE = process.env.BENCH_ONLY === "scale";
/** `embedded` measures only `npm start`'s one process (PGlite) under page loads while its devnet makes a full block a second. */
const ONLY_EMBEDDED = process.env.BENCH_ONLY === "embedded";
/** `start` measures only `npm run index` and `npm start` as processes: time to be of use, memory and CPU (BENCH_BEFORE_DIR: an earlier checkout to compare). */
const ONLY_START = process.env.BENCH_ONLY === "start";
/** `charts` measures only a year of each chart series read through the API, on generated days in PostgreSQL. */
const ONLY_CHARTS = process.env.BENCH_ONLY === "charts";
/** `hot` measures only the hot pages at 3,000 req/s on one API process over BENCH_HOT_DATABASE_URL (default: the axm_bench index a full run leaves). */
const ONLY_HOT = process.env.BENCH_ONLY === "hot";
/** `upkeep` times ANALYZE and VACUUM (ANALYZE) of every table of the PGlite folder a full run leaves. */
const ONLY_UPKEEP = process.env.BENCH_ONLY === "upkeep";
/** `upkeep-server` is only the end of the 400,000-transaction catch-up on PostgreSQL (bench/upkeep.ts). */
const ONLY_UPKEEP_SERVER = process.env.BENCH_ONLY === "upkeep-server";
/** `catchup` is only the PostgreSQL catch-up of the 400,000-transaction chain; `catchup-empty` of 20,000 blocks of 0 to 2 transactions. */
const ONLY_CATCHUP = Object.keys(CATCHUP_CHAINS).find((chain) => chain === process.env.BENCH_ONLY) as keyof typeof CATCHUP_CHAINS | undefined;

async function indexInto(name: string, db: Database): Promise<{ seconds: number; blocks: number; txs: number }> {
  await migrate(db);
  const indexer = new Indexer({ db, rpc: new RpcClient(`http://127.0.0.1:${RPC_PORT}`), workers: WORKERS, log: (line) => console.log(`  [${name}] ${line}`) });
  const started = process.hrtime.bigint();
  const blocks = await indexer.catchUp(BLOCKS);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const txs = (await db.query<{ txs: number }>("select txs from chain_counters"))[0].txs;
  return { seconds, blocks, txs };
}

async function apiFigures(env: Record<string, string>, hash: string, type: string) {
  // One load generator is one client: the per-client limit would measure itself.
  const api = await child(SERVE, { ...env, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0" }, /listening/);
  const routes = ["/api/blocks/latest", "/api/transactions/paginate/10/1", `/api/transactions/${hash}`, `/api/transactions/paginate/10/500?type=${type}`];
  const rows = [];
  for (const route of routes) {
    const { result, peakMb } = await peakRss(api.pid!, () => load(`http://127.0.0.1:${API_PORT}${route}`, { connections: CONNECTIONS, seconds: SECONDS }));
    rows.push({ route, ...result, peakMb });
  }
  await stop(api);
  return rows;
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
console.log(`machine: ${machine}`);
const pgliteDir = new URL(`../.bench/pglite-${BLOCKS}x${TXS_PER_BLOCK}`, import.meta.url).pathname;
const benchUrl = Object.assign(new URL(POSTGRES), { pathname: "/axm_bench" }).toString();
const hotUrl = process.env.BENCH_HOT_DATABASE_URL ?? benchUrl;

if (ONLY_UPKEEP) {
  await pgliteUpkeepFigures(pgliteDir);
  process.exit(0);
}
if (ONLY_UPKEEP_SERVER) {
  await serverEndOfCatchupFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_CATCHUP) {
  await catchupFigures(POSTGRES, ONLY_CATCHUP);
  process.exit(0);
}
if (ONLY_WEB) {
  await webFigures();
  process.exit(0);
}
if (ONLY_SCALE) {
  await scaleFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_EMBEDDED) {
  if (process.env.BENCH_PROFILE) await embeddedWriteProfile();
  else await embeddedFigures();
  process.exit(0);
}
if (ONLY_START) {
  await processStartFigures();
  process.exit(0);
}
if (ONLY_HOT) {
  await hotFigures(hotUrl);
  process.exit(0);
}
if (ONLY_CHARTS) {
  await chartFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_VALIDATORS) {
  await validatorFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_ACCOUNTS) {
  await accountFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_CONTRACTS) {
  await contractFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_REMOTE) {
  await remoteNodeFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_COMPRESSION) {
  await compressionFigures();
  process.exit(0);
}
if (ONLY_LIVE) {
  await liveFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_SEARCH) {
  await searchFigures(POSTGRES);
  process.exit(0);
}
if (ONLY_EXPORT) {
  await exportFigures(POSTGRES);
  process.exit(0);
}
console.log(`chain: ${BLOCKS} devnet blocks of ${TXS_PER_BLOCK} transactions`);

if (!ONLY_API) {
  const file = chainFile(BLOCKS, TXS_PER_BLOCK);
  const recorded = await access(file).then(
    () => true,
    () => false,
  );
  if (!recorded) await recordChain(BLOCKS, TXS_PER_BLOCK, (line) => console.log(`  [record] ${line}`));
  const node = await child("bench/replay-node.ts", { BENCH_CHAIN_FILE: file, BENCH_RPC_PORT: String(RPC_PORT) }, /ready:/);

  await rm(pgliteDir, { recursive: true, force: true });
  const embedded = await openDatabase({ dataDir: pgliteDir });
  const pgliteRun = await indexInto("pglite", embedded);
  await embedded.close();

  await recreateDatabase(POSTGRES, "axm_bench");
  const server = await openDatabase({ url: benchUrl });
  const postgresRun = await indexInto("postgres", server);
  await server.close();
  node.kill("SIGTERM");

  const rate = (r: { seconds: number; blocks: number; txs: number }) =>
    `${r.blocks} blocks, ${r.txs} txs in ${r.seconds.toFixed(1)} s: ${(r.blocks / r.seconds).toFixed(0)} blocks/s, ${(r.txs / r.seconds).toFixed(0)} txs/s`;
  console.log(`\nindexer catch-up\n  PGlite:     ${rate(pgliteRun)}\n  PostgreSQL: ${rate(postgresRun)}`);
}

const probe = await openDatabase({ url: benchUrl });
const hash = (await probe.query<{ hash: string }>("select hash from transactions where seq = (select txs / 2 from chain_counters)"))[0].hash;
const type = (await probe.query<{ type: string }>("select type from tx_types order by tx_count desc limit 1"))[0].type;
await probe.close();
const apiPostgres = await apiFigures({ DATABASE_URL: benchUrl }, hash, type);
const apiPglite = await apiFigures({ DATA_DIR: pgliteDir, DATABASE_URL: "" }, hash, type);
for (const [name, rows] of [
  ["PostgreSQL", apiPostgres],
  ["PGlite", apiPglite],
] as const) {
  console.log(`\nAPI on ${name} (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per route)`);
  for (const r of rows)
    console.log(
      `  ${r.route.padEnd(90)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  peak RSS ${r.peakMb.toFixed(0)} MB`,
    );
}
await hotFigures(hotUrl);
await validatorFigures(POSTGRES);
await chartFigures(POSTGRES);
await accountFigures(POSTGRES);
await contractFigures(POSTGRES);
await remoteNodeFigures(POSTGRES);
await compressionFigures();
await liveFigures(POSTGRES);
await searchFigures(POSTGRES);
await webFigures();
