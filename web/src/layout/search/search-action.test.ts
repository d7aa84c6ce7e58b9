import { describe, expect, it } from "vitest";
import type { SearchAnswer, Suggestion } from "../../api/types.ts";
import { searchStep, searchTarget, suggestionTarget } from "./search-action.ts";

/** 32-byte contract (axm1 + 59 characters) and 20-byte account addresses, as CHAIN.md gives them. */
const CONTRACT = "axm15u9l2rjnrns6s96kruh46kmxgh2wsp47eavve30gea4cq3dqjz5qk0j0gh";
const ACCOUNT = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";

describe("searchStep (SPEC.md §5, names allowed)", () => {
  it("does nothing for empty or blank input", () => {
    expect(searchStep("")).toEqual({ kind: "ignore" });
    expect(searchStep("   ")).toEqual({ kind: "ignore" });
  });

  it("asks for the trimmed input when it is valid", () => {
    expect(searchStep("  120 ")).toEqual({ kind: "ask", query: "120" });
    expect(searchStep("my_nick-1")).toEqual({ kind: "ask", query: "my_nick-1" });
    expect(searchStep("axmvaloper1abc")).toEqual({ kind: "ask", query: "axmvaloper1abc" });
  });

  it("asks for names with spaces, dots and letters of any script", () => {
    for (const name of ["Cobalt Validator", "stake.fish", "Ёлка", "é", "名字"]) expect(searchStep(` ${name} `)).toEqual({ kind: "ask", query: name });
  });

  it("rejects anything else", () => {
    for (const input of ["foo bar!", "a;b", "<script>", "{x}", "a\tb"]) expect(searchStep(input)).toEqual({ kind: "invalid" });
  });
});

describe("searchTarget", () => {
  it("leads each kind of answer to its screen", () => {
    expect(searchTarget({ type: "block", data: { _id: 42 } })).toBe("/blocks/42");
    expect(searchTarget({ type: "tx", data: { _id: "AB12" } })).toBe("/transactions/AB12");
    expect(searchTarget({ type: "account", data: { account: { address: "axm1xyz" } } })).toBe("/address/axm1xyz");
    expect(searchTarget({ type: "validator", data: { address: "axmvaloper1xyz" } })).toBe("/validator/axmvaloper1xyz");
    expect(searchTarget({ type: "contract", data: { address: CONTRACT } })).toBe(`/contract/${CONTRACT}`);
    expect(searchTarget({ type: "token", data: { address: CONTRACT } })).toBe(`/token/${CONTRACT}`);
  });

  it("opens an account answer longer than 42 characters as a contract (SPEC.md §3)", () => {
    expect(searchTarget({ type: "account", data: { account: { address: CONTRACT } } })).toBe(`/contract/${CONTRACT}`);
    expect(searchTarget({ type: "account", data: { account: { address: ACCOUNT } } })).toBe(`/address/${ACCOUNT}`);
  });

  it("finds nothing for an unknown type, null data or an answer missing its id", () => {
    expect(searchTarget({ type: "unknown", data: null })).toBeNull();
    expect(searchTarget({ type: "block", data: null } as unknown as SearchAnswer)).toBeNull();
    expect(searchTarget({ type: "tx", data: {} } as unknown as SearchAnswer)).toBeNull();
    expect(searchTarget({ type: "account", data: { account: null } } as unknown as SearchAnswer)).toBeNull();
    expect(searchTarget({ type: "contract", data: {} } as unknown as SearchAnswer)).toBeNull();
    expect(searchTarget({ type: "code", data: { id: 1 } } as unknown as SearchAnswer)).toBeNull();
    expect(searchTarget(null)).toBeNull();
  });
});

describe("suggestionTarget", () => {
  const HASH = "AB".repeat(32);

  it("leads each kind to its screen", () => {
    const target = (kind: Suggestion["kind"], id: string) => suggestionTarget({ kind, id, label: id, detail: null });
    expect(target("block", "42")).toBe("/blocks/42");
    expect(target("transaction", HASH)).toBe(`/transactions/${HASH}`);
    expect(target("account", ACCOUNT)).toBe(`/address/${ACCOUNT}`);
    expect(target("validator", "axmvaloper1xyz")).toBe("/validator/axmvaloper1xyz");
    expect(target("token", CONTRACT)).toBe(`/token/${CONTRACT}`);
    expect(target("contract", CONTRACT)).toBe(`/contract/${CONTRACT}`);
  });
});
