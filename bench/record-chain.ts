// Records a pre-built devnet's RPC answers (block, block_results, node-state queries) to a file the replay node serves.
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { Indexer } from "../indexer/indexer.ts";
import { createDevnet } from "../devnet/index.ts";
import type { TxsPerBlock } from "../devnet/workload.ts";
import { RpcClient } from "../chain/rpc.ts";
import { readSupply, readValidators } from "../indexer/node-state.ts";

export interface RecordedAnswer {
  /** Path and query of the request, as the indexer's RPC client sends it. */
  url: string;
  /** The whole JSON-RPC answer body. */
  body: string;
}

/** `.bench/chain-20000x20.ndjson` for 20 transactions a block, `chain-20000x0-2.ndjson` for 0 to 2. */
export function chainFile(blocks: number, txsPerBlock: TxsPerBlock): string {
  const size = typeof txsPerBlock === "number" ? txsPerBlock : `${txsPerBlock.min}-${txsPerBlock.max}`;
  return new URL(`../.bench/chain-${blocks}x${size}.ndjson`, import.meta.url).pathname;
}

export async function recordChain(blocks: number, txsPerBlock: TxsPerBlock, log: (line: string) => void): Promise<string> {
  const devnet = createDevnet({ seed: "bench", clock: "simulated", txsPerBlock });
  const started = Date.now();
  await devnet.prebuild(blocks, (done) => done % 2000 === 0 && log(`prebuilt ${done}/${blocks}`));
  log(`prebuilt ${blocks} blocks (${devnet.state.counts.txs} transactions) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const port = await devnet.listen(0);
  const base = `http://127.0.0.1:${port}`;
  const file = chainFile(blocks, txsPerBlock);
  await mkdir(new URL("../.bench/", import.meta.url), { recursive: true });
  const out = createWriteStream(file);
  const record = async (path: string) => {
    const body = await (await fetch(`${base}${path}`)).text();
    out.write(`${JSON.stringify({ url: path, body } satisfies RecordedAnswer)}\n`);
  };
  for (let height = 1; height <= blocks; height++) {
    await record(`/block?height=${height}`);
    await record(`/block_results?height=${height}`);
    if (height % 2000 === 0) log(`recorded ${height}/${blocks}`);
  }
  await record("/status");
  await record("/num_unconfirmed_txs");
  // What the indexer asks besides blocks (genesis, validator sets, module queries), recorded by letting an indexer
  // create its index on a throwaway database and read the node's state through a client that notes the URLs.
  const realFetch = globalThis.fetch;
  const queried = new Set<string>();
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!/^\/(block|block_results|status|num_unconfirmed_txs)$/.test(url.pathname)) queried.add(url.pathname + url.search);
    return realFetch(input, init);
  };
  const rpc = new RpcClient(base);
  const dataDir = await mkdtemp(join(tmpdir(), "axm-record-"));
  const db = await openDatabase({ dataDir });
  await migrate(db);
  await new Indexer({ db, rpc, log: () => undefined }).cursor();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  await readSupply(rpc);
  await readValidators(rpc);
  globalThis.fetch = realFetch;
  for (const path of queried) await record(path);
  await new Promise((resolve) => out.end(resolve));
  await devnet.close();
  return file;
}
