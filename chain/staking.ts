// Decoding of the staking module's Validator answers, with the chain's own field for the validator's tx fee.
import { BinaryReader } from "cosmjs-types/binary";
import { QueryValidatorResponse, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";

/**
 * AXM's Validator carries the validator's commission on transaction fees as field 101, a LegacyDec.
 * CHAIN.md does not give the field: this is the devnet's layout, to be checked against the chain's proto.
 */
const TX_FEE_RATE_FIELD = 101;
const LENGTH_DELIMITED = 2;
const DEC_DIGITS = 18;

export interface DecodedValidator {
  validator: Validator;
  /** Decimal fraction text ("0.050000000000000000"), null when the chain does not send it. */
  txFeeRate: string | null;
}

/** Field numbers of a message's top-level length-delimited fields, with their bytes. */
function lengthDelimitedFields(bytes: Uint8Array, wanted: number): Uint8Array[] {
  const reader = new BinaryReader(bytes);
  const found: Uint8Array[] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === wanted && (tag & 7) === LENGTH_DELIMITED) found.push(reader.bytes());
    else reader.skipType(tag & 7);
  }
  return found;
}

function decodeOne(bytes: Uint8Array): DecodedValidator {
  const txFee = lengthDelimitedFields(bytes, TX_FEE_RATE_FIELD)[0];
  return { validator: Validator.decode(bytes), txFeeRate: txFee ? decimalFromDec(new TextDecoder().decode(txFee)) : null };
}

/** QueryValidatorsResponse: every validator of the page and the key of the next one. */
export function decodeValidatorsPage(bytes: Uint8Array): { validators: DecodedValidator[]; nextKey: Uint8Array } {
  const validators = lengthDelimitedFields(bytes, 1).map(decodeOne);
  return { validators, nextKey: QueryValidatorsResponse.decode(bytes).pagination?.nextKey ?? new Uint8Array() };
}

export function decodeValidatorAnswer(bytes: Uint8Array): DecodedValidator | null {
  const inner = lengthDelimitedFields(bytes, 1)[0];
  return inner && QueryValidatorResponse.decode(bytes).validator ? decodeOne(inner) : null;
}

/** A LegacyDec travels as its integer atomics (value × 10^18); JSON answers already hold the decimal. */
export function decimalFromDec(text: string): string {
  if (!/^\d+$/.test(text)) return /^\d+(\.\d+)?$/.test(text) ? text : "0";
  const padded = text.padStart(DEC_DIGITS + 1, "0");
  return `${padded.slice(0, -DEC_DIGITS)}.${padded.slice(-DEC_DIGITS)}`;
}
