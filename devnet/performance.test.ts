// Prebuild speed: prints blocks per second for 1000 blocks of 20 transactions (a figure, not a gate).
import { describe, it, expect } from "vitest";
import { createDevnet } from "./index.ts";

describe("prebuild", () => {
  it("builds 1000 blocks of 20 transactions", async () => {
    const devnet = createDevnet({ seed: "performance", clock: "simulated", txsPerBlock: 20 });
    const started = performance.now();
    await devnet.prebuild(1000);
    const seconds = (performance.now() - started) / 1000;
    const heapMb = process.memoryUsage().heapUsed / 1e6;
    console.log(`devnet prebuild: 1000 blocks × 20 txs in ${seconds.toFixed(1)} s = ${(1000 / seconds).toFixed(0)} blocks/s, heap ${heapMb.toFixed(0)} MB`);
    expect(devnet.height()).toBe(1000);
    // The scripted governance story (governance-workload.ts) comes on top of the 20 workload transactions per block.
    const governance = devnet.state.txs.filter((tx) => tx.types.every((type) => type.startsWith("/axiome.vote.v1beta1."))).length;
    expect(governance).toBeGreaterThan(0);
    expect(devnet.state.counts.txs - governance).toBe(20_000);
  }, 300_000);
});
