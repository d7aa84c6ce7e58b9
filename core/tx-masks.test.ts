import { describe, expect, it } from "vitest";
import { FAILED, OTHER_TYPE, SUCCEEDED, TYPE_BITS, statusBit, txMask } from "./tx-masks.ts";

const bits: Record<string, number | null> = { send: 0, delegate: 7, last: TYPE_BITS - 1, late: null };
const bitOf = (type: string) => bits[type] ?? null;

describe("txMask", () => {
  it("sets each type's bit and the result's", () => {
    expect(txMask(["send", "delegate"], 0, bitOf)).toBe(SUCCEEDED | 1n | (1n << 7n));
    expect(txMask(["last"], 5, bitOf)).toBe(FAILED | (1n << 59n));
  });

  it("gives a type without a bit the shared bit, and a transaction without a result no result bit", () => {
    expect(txMask(["late", "send", "send"], null, bitOf)).toBe(OTHER_TYPE | 1n);
    expect(txMask([], null, bitOf)).toBe(0n);
  });

  it("stays a positive 64-bit integer, as int8 holds it", () => {
    const all = txMask(["send", "delegate", "last", "late"], 1, bitOf);
    expect(all).toBeLessThan(1n << 63n);
    expect(all & SUCCEEDED).toBe(0n);
  });
});

describe("statusBit", () => {
  it("names the bit of a status filter", () => {
    expect([statusBit(0), statusBit(1), statusBit(2)]).toEqual([SUCCEEDED, FAILED, null]);
  });
});
