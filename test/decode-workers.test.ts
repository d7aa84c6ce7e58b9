// The decoding workers run ahead of the writer and yield the CPU to it: on Linux their threads run at a lower priority.
import { readdir, readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient } from "../chain/rpc.ts";
import { BlockFetcher } from "../indexer/fetcher.ts";
import { DECODE_PRIORITY_STEP } from "../indexer/defaults.ts";
import { serveDevnet, type ServedDevnet } from "./support/pipeline.ts";

/** A thread's niceness from its stat line (field 19, after the parenthesised name; proc(5)). */
const niceness = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);

/** The niceness of each thread of this process (/proc/self/task/<tid>/stat). */
async function threadNiceness(): Promise<number[]> {
  const tids = await readdir("/proc/self/task");
  const stats = await Promise.all(tids.map((tid) => readFile(`/proc/self/task/${tid}/stat`, "utf8").catch(() => "")));
  return stats.filter(Boolean).map(niceness);
}

describe.runIf(process.platform === "linux")("the decoding workers", () => {
  let chain: ServedDevnet;
  beforeAll(async () => {
    chain = await serveDevnet(3);
  });
  afterAll(async () => {
    await chain.devnet.close();
  });

  it("run at a lower priority than the thread that writes", async () => {
    const own = async () => niceness(await readFile("/proc/thread-self/stat", "utf8"));
    const writer = await own();
    const lower = Math.min(19, writer + DECODE_PRIORITY_STEP);
    expect(await threadNiceness()).not.toContain(lower);
    const fetcher = new BlockFetcher(new RpcClient(chain.url, { timeoutMs: 5000 }), { concurrency: 2, workers: 2, retryBaseMs: 10, retryMaxMs: 20 });
    try {
      const blocks = await Promise.all([fetcher.get(1, 3), fetcher.get(2, 3)]);
      expect(blocks.map((b) => b.height)).toEqual([1, 2]);
      expect((await threadNiceness()).filter((n) => n === lower)).toHaveLength(2);
      expect(await own()).toBe(writer);
    } finally {
      await fetcher.close();
    }
  });
});
