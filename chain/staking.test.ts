// Validator answers in axm-node's layout (no commission, points and emission added) and the distribution params holding the commission.
import { describe, expect, it } from "vitest";
import { BinaryWriter } from "cosmjs-types/binary";
import { QueryValidatorResponse, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { decimalFromDec, decodeCommissionRate, decodeValidatorAnswer, decodeValidatorsPage } from "./staking.ts";

/** A Validator as axm-node encodes it (proto/axiome/staking/v1beta1/staking.proto): fields 1-9, 11-15, no commission 10. */
function axmValidator(operator: string, tokens: string): Uint8Array {
  const w = BinaryWriter.create();
  w.uint32(10).string(operator);
  w.uint32(24).bool(false);
  w.uint32(32).int32(3);
  w.uint32(42).string(tokens);
  w.uint32(50).string(`${tokens}000000000000000000`);
  w.uint32(58).bytes(Description.encode({ moniker: "m", identity: "", website: "", securityContact: "", details: "" }).finish());
  w.uint32(90).string("1");
  w.uint32(112).uint64(42n);
  w.uint32(122).string("250000000000000000");
  return w.finish();
}

function page(validators: Uint8Array[], nextKey: Uint8Array): Uint8Array {
  const writer = BinaryWriter.create();
  for (const bytes of validators) writer.uint32(10).bytes(bytes);
  writer.uint32(18).fork().uint32(10).bytes(nextKey).ldelim();
  return writer.finish();
}

describe("staking answers", () => {
  it("reads axm-node's Validator, skipping its points and emission", () => {
    const decoded = decodeValidatorsPage(page([axmValidator("axmvaloper1a", "5"), axmValidator("axmvaloper1b", "7")], new Uint8Array([7])));
    expect(decoded.validators.map((v) => [v.operatorAddress, v.tokens, v.status, v.description.moniker, v.minSelfDelegation])).toEqual([
      ["axmvaloper1a", "5", 3, "m", "1"],
      ["axmvaloper1b", "7", 3, "m", "1"],
    ]);
    expect([...decoded.nextKey]).toEqual([7]);
    const empty = QueryValidatorsResponse.encode({ validators: [], pagination: undefined }).finish();
    expect(decodeValidatorsPage(empty)).toEqual({ validators: [], nextKey: new Uint8Array() });
  });

  it("decodes a single validator answer, and none when it is empty", () => {
    expect(decodeValidatorAnswer(BinaryWriter.create().uint32(10).bytes(axmValidator("axmvaloper1a", "9")).finish())?.tokens).toBe("9");
    expect(decodeValidatorAnswer(QueryValidatorResponse.encode({ validator: undefined as never }).finish())).toBeNull();
  });

  it("reads validator_commission_rate (Params field 6) of the distribution params answer", () => {
    const params = BinaryWriter.create()
      .uint32(10)
      .string("20000000000000000")
      .uint32(32)
      .bool(true)
      .uint32(42)
      .string("300000000000000000")
      .uint32(50)
      .string("100000000000000000")
      .finish();
    expect(decodeCommissionRate(BinaryWriter.create().uint32(10).bytes(params).finish())).toBe("0.100000000000000000");
    const withoutRate = BinaryWriter.create().uint32(10).string("20000000000000000").finish();
    expect(decodeCommissionRate(BinaryWriter.create().uint32(10).bytes(withoutRate).finish())).toBeNull();
    expect(decodeCommissionRate(new Uint8Array())).toBeNull();
  });

  it("turns LegacyDec atomics into decimal text and keeps decimal text", () => {
    expect(decimalFromDec("50000000000000000")).toBe("0.050000000000000000");
    expect(decimalFromDec("1000000000000000000")).toBe("1.000000000000000000");
    expect(decimalFromDec("0.25")).toBe("0.25");
    expect(decimalFromDec("x")).toBe("0");
  });
});
