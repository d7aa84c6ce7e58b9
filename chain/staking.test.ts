import { describe, expect, it } from "vitest";
import { BinaryWriter } from "cosmjs-types/binary";
import { QueryValidatorResponse, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { decimalFromDec, decodeValidatorAnswer, decodeValidatorsPage } from "./staking.ts";

const base = Validator.fromPartial({ operatorAddress: "axmvaloper1a", tokens: "5", commission: { commissionRates: { rate: "50000000000000000" } } });

/** A Validator with AXM's tx fee rate appended as field 101. */
function withTxFee(validator: Validator, atomics: string): Uint8Array {
  const extra = BinaryWriter.create().uint32((101 << 3) | 2).string(atomics).finish();
  return new Uint8Array([...Validator.encode(validator).finish(), ...extra]);
}

function page(validators: Uint8Array[], nextKey: Uint8Array): Uint8Array {
  const writer = BinaryWriter.create();
  for (const bytes of validators) writer.uint32(10).bytes(bytes);
  writer.uint32(18).fork().uint32(10).bytes(nextKey).ldelim();
  return writer.finish();
}

describe("staking answers", () => {
  it("reads the tx fee rate of field 101 next to the SDK fields, and null where a chain has none", () => {
    const other = Validator.encode({ ...base, operatorAddress: "axmvaloper1b" }).finish();
    const decoded = decodeValidatorsPage(page([withTxFee(base, "120000000000000000"), other], new Uint8Array([7])));
    expect(decoded.validators.map((v) => [v.validator.operatorAddress, v.validator.tokens, v.txFeeRate])).toEqual([
      ["axmvaloper1a", "5", "0.120000000000000000"],
      ["axmvaloper1b", "5", null],
    ]);
    expect([...decoded.nextKey]).toEqual([7]);
    const empty = QueryValidatorsResponse.encode({ validators: [], pagination: undefined }).finish();
    expect(decodeValidatorsPage(empty)).toEqual({ validators: [], nextKey: new Uint8Array() });
  });

  it("decodes a single validator answer, and none when it is empty", () => {
    const writer = BinaryWriter.create();
    writer.uint32(10).bytes(withTxFee(base, "1"));
    expect(decodeValidatorAnswer(writer.finish())?.txFeeRate).toBe("0.000000000000000001");
    expect(decodeValidatorAnswer(QueryValidatorResponse.encode({ validator: undefined as never }).finish())).toBeNull();
  });

  it("turns LegacyDec atomics into decimal text and keeps decimal text", () => {
    expect(decimalFromDec("50000000000000000")).toBe("0.050000000000000000");
    expect(decimalFromDec("1000000000000000000")).toBe("1.000000000000000000");
    expect(decimalFromDec("0.25")).toBe("0.25");
    expect(decimalFromDec("x")).toBe("0");
  });
});
