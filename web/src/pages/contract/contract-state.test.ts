// The storage decoding rules of SPEC.md §5 on keys and values as wasmd's REST answers them for a cw20-base contract.
import { describe, expect, it } from "vitest";
import { decodeStateKey, decodeStateValue } from "./contract-state.ts";

const HOLDER = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
const SPENDER = "axm1sxmr0k8u6trd5c6eu6trzyapzux7090y95q5r5";
const hex = (text: string) => Buffer.from(text, "utf8").toString("hex").toUpperCase();
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("decodeStateKey", () => {
  it("reads an Item's key (its name in hex) as text", () => {
    expect(decodeStateKey("746F6B656E5F696E666F")).toBe("token_info");
    expect(decodeStateKey("6D61726B6574696E675F696E666F")).toBe("marketing_info");
    expect(decodeStateKey("6c6f676f")).toBe("logo");
    expect(decodeStateKey(hex("config v2"))).toBe("config v2");
    expect(decodeStateKey(hex("счётчик"))).toBe("счётчик");
  });

  it("leaves a Map's key raw: its two-byte length prefix is not printable", () => {
    const balance = `000762616C616E6365${hex(HOLDER)}`;
    expect(decodeStateKey(balance)).toBe(balance);
    const allowance = `0009616C6C6F77616E6365${hex(HOLDER)}${hex(SPENDER)}`;
    expect(decodeStateKey(allowance)).toBe(allowance);
  });

  it("leaves raw what is not even-length hex or not UTF-8 text", () => {
    expect(decodeStateKey("746F6B656E5F696E666")).toBe("746F6B656E5F696E666");
    expect(decodeStateKey("token_info")).toBe("token_info");
    expect(decodeStateKey("FF00")).toBe("FF00");
    expect(decodeStateKey("C328")).toBe("C328");
    expect(decodeStateKey("7465737409")).toBe("7465737409");
    expect(decodeStateKey("")).toBe("");
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
