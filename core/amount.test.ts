import { describe, expect, it } from "vitest";
import { amountOf, exactDecimal, parseCoins, MAXIMAL_SUPPLY, MICRO } from "./amount.ts";

describe("coins", () => {
  it("parses a coins string as nodes write it in events", () => {
    expect(parseCoins("5000000uaxm,3uret")).toEqual([
      { amount: "5000000", denom: "uaxm" },
      { amount: "3", denom: "uret" },
    ]);
    expect(parseCoins("12ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2")[0].denom).toMatch(/^ibc\//);
    expect(parseCoins("007uaxm")).toEqual([{ amount: "7", denom: "uaxm" }]);
  });

  it("skips malformed parts instead of guessing", () => {
    expect(parseCoins("")).toEqual([]);
    expect(parseCoins("uaxm,12,-5uaxm,1.5uaxm,7uaxm")).toEqual([{ amount: "7", denom: "uaxm" }]);
  });

  it("sums one denom exactly, beyond 2^53", () => {
    expect(amountOf("9007199254740993uaxm,1uaxm,5uret")).toBe(9007199254740994n);
    expect(amountOf([{ denom: "uret", amount: "4" }], "uret")).toBe(4n);
    expect(amountOf("5uret")).toBe(0n);
  });

  it("knows the maximum supply in micro units (CHAIN.md: 1,000,000,000 AXM)", () => {
    expect(MAXIMAL_SUPPLY).toBe(1_000_000_000n * 1_000_000n);
    expect(MICRO).toBe(1_000_000n);
  });
});

describe("exact decimals", () => {
  it("writes micro units as whole units without grouping, rounding or trailing zeros", () => {
    expect(exactDecimal(0n)).toBe("0");
    expect(exactDecimal(1n)).toBe("0.000001");
    expect(exactDecimal(1_500_000n)).toBe("1.5");
    expect(exactDecimal(-1_500_000n)).toBe("-1.5");
    expect(exactDecimal(-7n)).toBe("-0.000007");
    expect(exactDecimal(1_234_000_001n)).toBe("1234.000001");
    expect(exactDecimal(9007199254740993n)).toBe("9007199254.740993");
  });

  it("takes any number of decimals, none included", () => {
    expect(exactDecimal(12345n, 0)).toBe("12345");
    expect(exactDecimal(12345n, 2)).toBe("123.45");
    expect(exactDecimal(5n, 18)).toBe("0.000000000000000005");
  });
});
