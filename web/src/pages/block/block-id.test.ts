// @vitest-environment node
// Which block numbers the Block screen accepts, and its emission rate as a percent.
import { describe, expect, it } from "vitest";
import { emissionPercent, parseBlockHeight } from "./block-id.ts";

describe("block id", () => {
  it("accepts positive whole numbers only", () => {
    expect(parseBlockHeight("50")).toBe(50);
    expect(parseBlockHeight("1")).toBe(1);
    for (const bad of [undefined, "", "0", "-1", "abc", "1.5", "01", "1e3", " 5", "99999999999999999999"]) expect(parseBlockHeight(bad), String(bad)).toBeNull();
  });

  it("reads the emission rate as a percent, 20 when absent", () => {
    expect(emissionPercent(0.18210197131954073)).toBeCloseTo(18.21, 2);
    expect(emissionPercent(undefined)).toBe(20);
    expect(emissionPercent(null)).toBe(20);
  });
});
