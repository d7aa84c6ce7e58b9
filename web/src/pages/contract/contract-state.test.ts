// The storage decoding rules of SPEC.md §5 on keys and values as wasmd's REST answers them, keys laid out as cw-storage-plus
// writes them for cw20-base, cw3 and cw721 contracts.
import { describe, expect, it } from "vitest";
import { decodeStateKey, decodeStateValue, stateKeyText } from "./contract-state.ts";

const HOLDER = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
const SPENDER = "axm1sxmr0k8u6trd5c6eu6trzyapzux7090y95q5r5";
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex").toUpperCase();
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("decodeStateKey", () => {
  const text = (value: string) => ({ text: value, hex: false });
  const bytes = (value: string) => ({ text: value, hex: true });

  it("reads an Item's key (its name in hex) as text", () => {
    expect(decodeStateKey("746F6B656E5F696E666F")).toEqual({ kind: "text", text: "token_info" });
    expect(decodeStateKey("6D61726B6574696E675F696E666F")).toEqual({ kind: "text", text: "marketing_info" });
    expect(decodeStateKey("6c6f676f")).toEqual({ kind: "text", text: "logo" });
    expect(decodeStateKey(hex("config v2"))).toEqual({ kind: "text", text: "config v2" });
    expect(decodeStateKey(hex("счётчик"))).toEqual({ kind: "text", text: "счётчик" });
  });

  it('reads a Map\'s key as its namespace and key: cw20-base BALANCES, Map<&Addr, Uint128> under "balance"', () => {
    // 0x0007 = len("balance"), then the holder's address bytes as the key.
    expect(decodeStateKey(`000762616C616E6365${hex(HOLDER)}`)).toEqual({ kind: "map", namespaces: [text("balance")], key: text(HOLDER) });
  });

  it('reads a tuple key\'s leading parts as nested namespaces: cw20-base ALLOWANCES, Map<(&Addr, &Addr), _> under "allowance"', () => {
    // 0x0009 = len("allowance"), 0x002A = len(owner) (42), then the spender as it is.
    const key = `0009616C6C6F77616E6365002A${hex(HOLDER)}${hex(SPENDER)}`;
    expect(decodeStateKey(key)).toEqual({ kind: "map", namespaces: [text("allowance"), text(HOLDER)], key: text(SPENDER) });
    expect(stateKeyText(decodeStateKey(key))).toBe(`allowance / ${HOLDER} / ${SPENDER}`);
  });

  it('writes a number\'s bytes in hex: cw3 PROPOSALS, Map<u64, _> under "proposals", and BALLOTS, Map<(u64, &Addr), _> under "votes"', () => {
    expect(decodeStateKey(`000970726F706F73616C730000000000000007`)).toEqual({
      kind: "map",
      namespaces: [text("proposals")],
      key: bytes("0000000000000007"),
    });
    expect(decodeStateKey(`0005766F74657300080000000000000007${hex(SPENDER)}`)).toEqual({
      kind: "map",
      namespaces: [text("votes"), bytes("0000000000000007")],
      key: text(SPENDER),
    });
  });

  it('reads a string key: cw721-base TOKENS, IndexedMap<&str, _> under "tokens"', () => {
    expect(decodeStateKey(`0006746F6B656E73${hex("gold-bar-1")}`)).toEqual({ kind: "map", namespaces: [text("tokens")], key: text("gold-bar-1") });
  });

  it("leaves raw what is not even-length hex, not a namespace's layout, or a namespace that is not text", () => {
    for (const key of ["746F6B656E5F696E666", "token_info", "FF00", "C328", "7465737409", "", "00", "0000ABCD", "0009616C6C6F77", "0002FFFE41"]) {
      expect(decodeStateKey(key), key).toEqual({ kind: "raw", text: key });
    }
  });
});

describe("decodeStateValue", () => {
  it("reads JSON bytes as JSON", () => {
    const info = { name: "Axiome Gold", symbol: "AXG", decimals: 6, total_supply: "1000000000000", mint: { minter: HOLDER, cap: null } };
    expect(decodeStateValue(base64(JSON.stringify(info)))).toEqual({ kind: "json", json: info });
    // cw-storage-plus keeps a balance (Uint128) as a JSON string.
    expect(decodeStateValue(base64('"250000000"'))).toEqual({ kind: "json", json: "250000000" });
    expect(decodeStateValue(base64("42"))).toEqual({ kind: "json", json: 42 });
  });

  it("keeps the value as it came when it is not base64 JSON", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString("base64");
    expect(decodeStateValue(png)).toEqual({ kind: "raw", text: png });
    expect(decodeStateValue(base64("not json"))).toEqual({ kind: "raw", text: base64("not json") });
    expect(decodeStateValue("%%%")).toEqual({ kind: "raw", text: "%%%" });
    expect(decodeStateValue("abc")).toEqual({ kind: "raw", text: "abc" });
    expect(decodeStateValue("")).toEqual({ kind: "raw", text: "" });
  });
});
