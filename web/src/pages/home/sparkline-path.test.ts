import { describe, expect, it } from "vitest";
import { sparklinePath } from "./sparkline-path.ts";

describe("sparklinePath", () => {
  it("spreads the values over the width from 0 to the highest, breaking the line at unknown days", () => {
    expect(sparklinePath([0, 10, null, 5], 32, 12, 2)).toBe("M2.0 10.0L11.3 2.0M30.0 6.0");
  });

  it("draws nothing when every day is unknown", () => {
    expect(sparklinePath([null, null], 80, 28)).toBeNull();
  });
});
