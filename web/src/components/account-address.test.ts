// typedAccountAddress: what the faucet and the sign-in address fields take.
import { describe, expect, it } from "vitest";
import { toBech32 } from "@cosmjs/encoding";
import { typedAccountAddress } from "./account-address.ts";

const ACCOUNT = toBech32("axm", new Uint8Array(20).fill(7));

describe("typedAccountAddress", () => {
  it("takes a trimmed axm account address, upper case too, in lower case", () => {
    expect(typedAccountAddress(`  ${ACCOUNT}\n`)).toBe(ACCOUNT);
    expect(typedAccountAddress(ACCOUNT.toUpperCase())).toBe(ACCOUNT);
  });

  it("refuses what does not decode as bech32 with the prefix axm", () => {
    for (const input of [
      "",
      "axm1",
      "hello",
      `${ACCOUNT.slice(0, -1)}q`,
      toBech32("cosmos", new Uint8Array(20)),
      toBech32("axmvaloper", new Uint8Array(20)),
      `${ACCOUNT.slice(0, 10)}${ACCOUNT.slice(10).toUpperCase()}`,
    ]) {
      expect(typedAccountAddress(input), input).toBeNull();
    }
  });
});
