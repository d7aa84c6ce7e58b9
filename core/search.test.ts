import { describe, expect, it } from "vitest";
import { classifySearch, isValidSearch } from "./search.ts";

const ACCOUNT = "axm1qyqszqgpqyqszqgpqyqszqgpqyqszqgpxm48nm";

describe("search input (SPEC.md §5)", () => {
  it("accepts digits, addresses and letter/digit/-/_ words, trimmed", () => {
    expect(isValidSearch("  12345 ")).toBe(true);
    expect(isValidSearch("ABCDEF0123")).toBe(true);
    expect(isValidSearch("my_nick-1")).toBe(true);
    expect(isValidSearch(`x ${ACCOUNT}`)).toBe(true);
  });

  it("rejects empty input, spaces inside words, punctuation and SQL", () => {
    for (const bad of ["", "   ", "a b", "1; drop table blocks", "é", "<script>", "a".repeat(200)]) {
      expect(isValidSearch(bad)).toBe(false);
    }
  });

  it("classifies heights, hashes in any case, and address kinds", () => {
    expect(classifySearch("42")).toBe("height");
    expect(classifySearch("ab".repeat(32))).toBe("hash");
    expect(classifySearch("AB".repeat(32))).toBe("hash");
    expect(classifySearch(ACCOUNT)).toBe("account");
    expect(classifySearch(ACCOUNT.toUpperCase())).toBe("account");
    expect(classifySearch("axm1qyqszqgpqyqszqgpqyqszqgpqyqszqgpxm48nn")).toBe(null);
    expect(classifySearch("nickname")).toBe("name");
  });
});
