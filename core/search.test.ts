import { describe, expect, it } from "vitest";
import { classifySearch, isValidSearch, mayBeName, nameQuery } from "./search.ts";

const ACCOUNT = "axm1qyqszqgpqyqszqgpqyqszqgpqyqszqgpxm48nm";

describe("search input (SPEC.md §5, with names)", () => {
  it("accepts digits, addresses and letter/digit/-/_ words, trimmed", () => {
    expect(isValidSearch("  12345 ")).toBe(true);
    expect(isValidSearch("ABCDEF0123")).toBe(true);
    expect(isValidSearch("my_nick-1")).toBe(true);
    expect(isValidSearch(`x ${ACCOUNT}`)).toBe(true);
  });

  it("accepts names: spaces, dots, letters of any script with their marks, up to 128 characters", () => {
    for (const name of ["Cobalt Validator", "Kestrel  Markets", "stake.fish", "Élan", "Ёлка", "Doğrulayıcı", "वैलिडेटर", "验证者", "a".repeat(128)]) {
      expect(isValidSearch(name), name).toBe(true);
    }
  });

  it("rejects empty input, punctuation and symbols, tabs and line breaks inside, SQL and overlong text", () => {
    for (const bad of ["", "   ", "a\tb", "a\nb", "1; drop table blocks", "<script>", "{}", "a'b", "50%", "a\u0000b", "😀", "a".repeat(129)]) {
      expect(isValidSearch(bad), bad).toBe(false);
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
    expect(classifySearch(" Cobalt Validator ")).toBe("name");
    expect(classifySearch("axm1 not an address")).toBe(null);
  });

  it("searches names for names and digits, and matches them with single spaces", () => {
    expect(mayBeName(classifySearch("Dune"))).toBe(true);
    expect(mayBeName(classifySearch("2024"))).toBe(true);
    expect(mayBeName(classifySearch(ACCOUNT))).toBe(false);
    expect(mayBeName(classifySearch("ab".repeat(32)))).toBe(false);
    expect(nameQuery("  Cobalt    Validator ")).toBe("Cobalt Validator");
  });
});
