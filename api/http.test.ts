import { describe, expect, it } from "vitest";
import { toBech32 } from "@cosmjs/encoding";
import { ACCOUNT_PREFIX, VALOPER_PREFIX } from "../core/address.ts";
import { ApiError } from "./errors.ts";
import { requireAddress } from "./http.ts";

const ACCOUNT = toBech32(ACCOUNT_PREFIX, new Uint8Array(20).fill(1));
const CONTRACT = toBech32(ACCOUNT_PREFIX, new Uint8Array(32).fill(2));
const VALIDATOR = toBech32(VALOPER_PREFIX, new Uint8Array(20).fill(3));

/** The API error a parse throws; the test fails if it throws none. */
function refusal(parse: () => string): ApiError {
  try {
    parse();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the address was taken");
}

describe("requireAddress", () => {
  it("gives an address of an allowed kind trimmed and in lower case", () => {
    expect(requireAddress(` ${ACCOUNT.toUpperCase()} `, ["account"])).toBe(ACCOUNT);
    expect(requireAddress(CONTRACT, ["account", "contract"])).toBe(CONTRACT);
  });

  it("answers 400 naming the kinds it wanted, or with the message given", () => {
    expect(refusal(() => requireAddress(CONTRACT, ["account"]))).toMatchObject({
      status: 400,
      code: "bad_request",
      message: `Not an account address: ${CONTRACT}`,
    });
    expect(refusal(() => requireAddress(VALIDATOR, ["contract"])).message).toBe(`Not a contract address: ${VALIDATOR}`);
    expect(refusal(() => requireAddress(VALIDATOR, ["account", "contract"])).message).toBe(`Not an account or contract address: ${VALIDATOR}`);
    expect(refusal(() => requireAddress("axm1nothing", ["account", "contract", "validator"])).message).toBe(
      "Not an account, contract or validator address: axm1nothing",
    );
    expect(refusal(() => requireAddress(ACCOUNT.slice(0, 10) + ACCOUNT.slice(10).toUpperCase(), ["account"], "Invalid address format.")).message).toBe(
      "Invalid address format.",
    );
    expect(refusal(() => requireAddress("x".repeat(300), ["validator"])).message).toBe(`Not a validator address: ${"x".repeat(100)}`);
  });
});
