// Catch-up against a node that is not next door: the recorded chain served directly, 50 ms away, and failing 5 % of requests.
import { access } from "node:fs/promises";
import { RpcClient } from "../chain/rpc.ts";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { Indexer } from "../indexer/indexer.ts";
import { faultNode, type Faults } from "../test/support/fault-node.ts";
import { recreateDatabase } from "./databases.ts";
import { child } from "./load.ts";
import { chainFile, recordChain } from "./record-chain.ts";

const RPC_PORT = 36_710;
const BLOCKS = Number(process.env.BENCH_REMOTE_BLOCKS ?? 2_000);
const TXS_PER_BLOCK = 20;

const CASES: { name: string; faults: Faults | null }[] = [
  { name: "local replay node", faults: null },
  { name: "50 ms away", faults: { delayMs: 50 } },
  { name: "5 % of requests failing", faults: { failRate: 0.05 } },
  { name: "50 ms away, 5 % failing", faults: { delayMs: 50, failRate: 0.05 } },
];

async function catchUp(postgres: string, url: string): Promise<{ seconds: number; retries: number }> {
  await recreateDatabase(postgres, "axm_bench_remote");
  const db = await openDatabase({ url: Object.assign(new URL(postgres), { pathname: "/axm_bench_remote" }).toString() });
  await migrate(db);
  let retries = 0;
  const log = (line: string) => {
    retries += line.includes("node fault") ? 1 : 0;
    if (process.env.BENCH_VERBOSE) console.log(line);
  };
  const indexer = new Indexer({ db, rpc: new RpcClient(url), concurrency: Number(process.env.INDEXER_CONCURRENCY ?? 16), log });
  const started = process.hrtime.bigint();
  await indexer.catchUp(BLOCKS);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await db.close();
  return { seconds, retries };
}

export async function remoteNodeFigures(postgres: string): Promise<void> {
  const file = chainFile(BLOCKS, TXS_PER_BLOCK);
  if (
    !(await access(file).then(
      () => true,
      () => false,
    ))
  )
    await recordChain(BLOCKS, TXS_PER_BLOCK, (line) => console.log(`  [record] ${line}`));
  const node = await child("bench/replay-node.ts", { BENCH_CHAIN_FILE: file, BENCH_RPC_PORT: String(RPC_PORT) }, /ready:/);
  const local = `http://127.0.0.1:${RPC_PORT}`;
  console.log(`\nindexer catch-up on PostgreSQL, ${BLOCKS} blocks of ${TXS_PER_BLOCK} transactions, by distance and health of the node`);
  let base = 0;
  for (const c of CASES) {
    const proxy = c.faults ? await faultNode(local, c.faults) : null;
    const run = await catchUp(postgres, proxy?.url ?? local);
    await proxy?.close();
    const rate = BLOCKS / run.seconds;
    base ||= rate;
    const injected = proxy ? `, ${proxy.injected()} requests failed, ${run.retries} retries logged` : "";
    console.log(
      `  ${c.name.padEnd(28)} ${run.seconds.toFixed(1).padStart(6)} s  ${rate.toFixed(0).padStart(4)} blocks/s  ${((rate / base) * 100).toFixed(0).padStart(3)} % of local${injected}`,
    );
  }
  node.kill("SIGTERM");
}
