import { describe, expect, it } from "vitest";
import { closesOnSwipe } from "./swipe-to-close.ts";

describe("closesOnSwipe", () => {
  it("closes from a quarter of the layer's height down", () => {
    expect(closesOnSwipe(100, 400)).toBe(true);
    expect(closesOnSwipe(250, 400)).toBe(true);
    expect(closesOnSwipe(99, 400)).toBe(false);
    expect(closesOnSwipe(0, 400)).toBe(false);
  });

  it("never closes a layer that has no height", () => {
    expect(closesOnSwipe(50, 0)).toBe(false);
  });
});
