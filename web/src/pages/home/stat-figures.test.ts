import { describe, expect, it } from "vitest";
import type { ChainStat } from "../../api/types.ts";
import { statFigures } from "./stat-figures.ts";

const stat: ChainStat = {
  totalSupply: "68108979858532",
  maximalSupply: "1000000000000000",
  delegatedSupply: "12180002329735",
  burnedTotal: "1971549798",
  burnedToday: "1971549798",
  registrations: 1381,
  registeredToday: 12,
  eventsTotal: 19933,
  eventsPerSecond: 29.9257,
  txsTotal: 1046,
  txsPerSecond: 1.5704,
  blocksPerSecond: 0.1967,
  blockTime: 5.16,
  mempool: { n_txs: 0 },
  countedFrom: null,
};

describe("statFigures", () => {
  it("formats the six cards' figures with Russian grouping and decimal comma", () => {
    expect(statFigures(stat)).toEqual({
      minedSupply: "68\u00a0108\u00a0979",
      maximalSupply: "1\u00a0000\u00a0000\u00a0000",
      minedPercent: "6,81",
      txsTotal: "1\u00a0046",
      txsPerSecond: "1,57",
      registrations: "1\u00a0381",
      registeredToday: "12",
      lockedSupply: "12\u00a0180\u00a0002",
      lockedPercent: "17,88",
      burnedTotal: "1\u00a0971,54",
      burnedToday: "1\u00a0971,54",
      blockTime: "5,16",
    });
  });

  it("shows a 5 s block time when there is none", () => {
    expect(statFigures({ ...stat, blockTime: undefined as unknown as number }).blockTime).toBe("5");
    expect(statFigures({ ...stat, blockTime: 0 }).blockTime).toBe("5");
  });

  it("shows n/d for a missing figure instead of failing", () => {
    expect(statFigures({ ...stat, totalSupply: undefined as unknown as string }).minedSupply).toBe("n/d");
  });
});
