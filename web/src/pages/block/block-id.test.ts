// @vitest-environment node
// Which block numbers the Block screen accepts.
import { describe, expect, it } from "vitest";
import { parseBlockHeight } from "./block-id.ts";

describe("block id", () => {
  it("accepts positive whole numbers only", () => {
    expect(parseBlockHeight("50")).toBe(50);
    expect(parseBlockHeight("1")).toBe(1);
    for (const bad of [undefined, "", "0", "-1", "abc", "1.5", "01", "1e3", " 5", "99999999999999999999"])
      expect(parseBlockHeight(bad), String(bad)).toBeNull();
  });
});
