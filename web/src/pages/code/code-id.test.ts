import { describe, expect, it } from "vitest";
import { parseCodeId } from "./code-id.ts";

describe("parseCodeId", () => {
  it("takes whole numbers from 1", () => {
    expect(parseCodeId("1")).toBe(1);
    expect(parseCodeId("42")).toBe(42);
    expect(parseCodeId("9007199254740991")).toBe(9007199254740991);
  });

  it("refuses anything else", () => {
    for (const text of ["", "0", "01", "-1", "1.5", "abc", "1e3", " 1", "9007199254740992", "99999999999999999"]) expect(parseCodeId(text), text).toBeNull();
  });
});
