// How the Operations tab reads an operation (SPEC.md §2): signed amounts, field values that link or divide, and paging by time.
import { formatCoins, formatUtcDateTime } from "../../../../core/format.ts";
import { FIELD_TYPES, type OperationColour } from "../../../../core/operations.ts";
import { OPERATIONS_PER_LOAD } from "../../api/client.ts";
import type { Operation, OperationField } from "../../api/types.ts";

const ADDRESS_IN_TEXT = /axm1[02-9ac-hj-np-z]+/;
const VALIDATOR = /^axmvaloper1[02-9ac-hj-np-z]+$/;

export type FieldValue =
  | { kind: "address"; text: string; address: string }
  | { kind: "validator"; text: string }
  | { kind: "amount"; text: string }
  | { kind: "transaction"; text: string }
  | { kind: "block"; text: string }
  | { kind: "status"; status: number }
  | { kind: "text"; text: string };

/**
 * SPEC.md §2: a value naming an axm1 address links to that address; an amount (type 2) is divided by 1,000,000. The
 * ledger's other types (core/operations.ts FIELD_TYPES) link a validator, a transaction or a block, and name a status.
 */
export function fieldValue(field: OperationField): FieldValue {
  const address = ADDRESS_IN_TEXT.exec(field.v)?.[0];
  if (address) return { kind: "address", text: field.v, address };
  switch (field.t) {
    case FIELD_TYPES.amount:
      return { kind: "amount", text: formatCoins(field.v) };
    case FIELD_TYPES.address:
      return VALIDATOR.test(field.v) ? { kind: "validator", text: field.v } : { kind: "text", text: field.v };
    case FIELD_TYPES.transaction:
      return /^[0-9A-Fa-f]{64}$/.test(field.v) ? { kind: "transaction", text: field.v } : { kind: "text", text: field.v };
    case FIELD_TYPES.block:
      return /^\d+$/.test(field.v) ? { kind: "block", text: field.v } : { kind: "text", text: field.v };
    case FIELD_TYPES.date:
      return { kind: "text", text: formatUtcDateTime(field.v) };
    case FIELD_TYPES.status:
      return /^-?\d$/.test(field.v) ? { kind: "status", status: Number(field.v) } : { kind: "text", text: field.v };
    default:
      return { kind: "text", text: field.v };
  }
}

/** "+12,5" or "−3": the amount in AXM after its sign (a true minus sign, not a hyphen). */
export function signedAmount(operation: Pick<Operation, "amount" | "s">): string {
  return `${operation.s < 0 ? "\u2212" : "+"}${formatCoins(operation.amount)}`;
}

const COLOURS: readonly OperationColour[] = ["green", "red", "blue", "orange", "purple", "teal", "cyan", "gold", "grey", "violet", "lime"];

/** The ledger's colour name, or null for one the screen has no shade for (the amount keeps the text colour). */
export function amountColour(colour: string): OperationColour | null {
  return COLOURS.find((c) => c === colour) ?? null;
}

/**
 * SPEC.md §7: the next load asks for operations older than the last one loaded, less 1 ms; none after a load shorter than
 * a full one (then there are no more).
 */
export function nextTimeFrom(loaded: readonly Operation[]): number | undefined {
  if (loaded.length < OPERATIONS_PER_LOAD) return undefined;
  const time = Date.parse(loaded[loaded.length - 1].time);
  return Number.isNaN(time) ? undefined : time - 1;
}
