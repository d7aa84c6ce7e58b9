// A txsPerBlock range: each block's count drawn from the seed, so two devnets of one seed build the same mostly empty chain.
import { describe, it, expect } from "vitest";
import { createDevnet } from "./index.ts";

async function sizes(seed: string): Promise<number[]> {
  const counts: number[] = [];
  const devnet = createDevnet({ seed, clock: "simulated", txsPerBlock: { min: 0, max: 2 }, onBlock: (block) => counts.push(block.txs) });
  await devnet.prebuild(200);
  await devnet.close();
  return counts;
}

describe("txsPerBlock range", () => {
  it("draws 0 to 2 transactions a block past the scripted start, the same for the same seed", async () => {
    const first = await sizes("block-sizes");
    // The scripted governance and contract story of the first heights comes on top; after it the range alone decides.
    const late = first.slice(100);
    expect(new Set(late)).toEqual(new Set([0, 1, 2]));
    expect(await sizes("block-sizes")).toEqual(first);
    expect(await sizes("other")).not.toEqual(first);
  }, 60_000);
});
