// Decoding of the staking module's Validator answers and of the distribution params that hold every validator's commission.
import { BinaryReader } from "cosmjs-types/binary";
import { QueryValidatorResponse, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";

const LENGTH_DELIMITED = 2;
const DEC_DIGITS = 18;

/**
 * AXM's Validator (proto/axiome/staking/v1beta1/staking.proto) keeps the SDK's fields 1-9 and 11-13 and adds 14 points
 * and 15 emission; it has no commission (field 10) and no tx fee. The SDK decoder reads it, skipping 14 and 15.
 */
export function decodeValidatorsPage(bytes: Uint8Array): { validators: Validator[]; nextKey: Uint8Array } {
  const page = QueryValidatorsResponse.decode(bytes);
  return { validators: page.validators, nextKey: page.pagination?.nextKey ?? new Uint8Array() };
}

/** QueryValidatorResponse {1 validator}; null when the answer carries none. */
export function decodeValidatorAnswer(bytes: Uint8Array): Validator | null {
  return lengthDelimitedField(bytes, 1) ? QueryValidatorResponse.decode(bytes).validator : null;
}

/** The first length-delimited field `wanted` of a message, or null. */
function lengthDelimitedField(bytes: Uint8Array, wanted: number): Uint8Array | null {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === wanted && (tag & 7) === LENGTH_DELIMITED) return reader.bytes();
    reader.skipType(tag & 7);
  }
  return null;
}

/** The distribution params' query path (proto/axiome/distribution/v1beta1/query.proto); the request is empty. */
export const DISTRIBUTION_PARAMS_PATH = "/axiome.distribution.v1beta1.Query/Params";

/**
 * validator_commission_rate of a QueryParamsResponse {1 params: Params {… 6 validator_commission_rate LegacyDec}}
 * (proto/axiome/distribution/v1beta1/distribution.proto): the one commission of every validator, as decimal text; null
 * when the answer has none.
 */
export function decodeCommissionRate(bytes: Uint8Array): string | null {
  const params = lengthDelimitedField(bytes, 1);
  const rate = params && lengthDelimitedField(params, 6);
  return rate ? decimalFromDec(new TextDecoder().decode(rate)) : null;
}

/** A LegacyDec travels as its integer atomics (value × 10^18); JSON answers already hold the decimal. */
export function decimalFromDec(text: string): string {
  if (!/^\d+$/.test(text)) return /^\d+(\.\d+)?$/.test(text) ? text : "0";
  const padded = text.padStart(DEC_DIGITS + 1, "0");
  return `${padded.slice(0, -DEC_DIGITS)}.${padded.slice(-DEC_DIGITS)}`;
}
