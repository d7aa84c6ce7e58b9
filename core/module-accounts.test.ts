// The module addresses as the SDK derives them, checked against the well-known addresses of every Cosmos chain.
import { describe, expect, it } from "vitest";
import { fromBech32 } from "@cosmjs/encoding";
import { moduleAddress, moduleOf } from "./module-accounts.ts";

const bytes = (address: string) => fromBech32(address, 90).data;

describe("module accounts", () => {
  it("derives the bonded pool's address as every Cosmos SDK chain has it (cosmos1fl48vsnmsdzcv85q5d2q4z5ajdha8yu34mf0eh)", () => {
    expect(bytes(moduleAddress("bonded_tokens_pool"))).toEqual(bytes("cosmos1fl48vsnmsdzcv85q5d2q4z5ajdha8yu34mf0eh"));
    expect(bytes(moduleAddress("fee_collector"))).toEqual(bytes("cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta"));
  });

  it("names a module's address and nothing else", () => {
    expect(moduleOf(moduleAddress("distribution"))).toBe("distribution");
    expect(moduleOf(moduleAddress("not_bonded_tokens_pool"))).toBe("not_bonded_tokens_pool");
    expect(moduleOf("axm1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqjdzp0h")).toBeNull();
  });
});
