// Shapes of API.md's "Operations": an account's operations ledger and the filter's type labels.
import Type, { type Static } from "typebox";
import { OPERATION_LANGUAGES, OPERATION_TYPE_IDS } from "../core/operations.ts";
import { AmountText, IntegerEnum, Nullable, StringEnum } from "./common.ts";

/** One line of an operation's details: label, value, type number (2 an amount in uaxm), note. */
export const OperationField = Type.Object({ l: Type.String(), v: Type.String(), t: Type.Integer(), n: Nullable(Type.String()) });
export type OperationField = Static<typeof OperationField>;

/** GET /operations/{address}: one change to an account, in the language asked for. */
export const Operation = Type.Object({
  type: StringEnum(OPERATION_TYPE_IDS),
  title: Type.String(),
  /** Micro units of `denom`. */
  amount: AmountText,
  /** uaxm, or uret for a partner reward paid in RET (the referral module's uret_mode). */
  denom: Type.String(),
  /** +1 in, -1 out. */
  s: IntegerEnum([1, -1]),
  /** A colour name for the amount. */
  c: Type.String(),
  time: Type.String(),
  error: Nullable(Type.String()),
  fields: Type.Array(OperationField),
  txHash: Nullable(Type.String()),
});
export type Operation = Static<typeof Operation>;

export const Operations = Type.Array(Operation);

/** GET /blockchain/config/opfilter: each operation type's label in the seven languages. */
export const OperationTypes = Type.Unsafe<Record<string, Record<string, string>>>({
  type: "object",
  additionalProperties: Type.Object(Object.fromEntries(OPERATION_LANGUAGES.map((language) => [language, Type.String()]))),
});
export type OperationTypes = Static<typeof OperationTypes>;

export const OperationsQuery = Type.Object(
  {
    type: Type.Optional(
      Type.String({ maxLength: 500, pattern: "^([a-z_]{1,40}(,[a-z_]{1,40}){0,19})?$", description: "Comma list of operation types; empty or absent: all" }),
    ),
    timeFrom: Type.Optional(
      Type.String({
        pattern: "^([0-9]{1,16})?$",
        description: "Milliseconds: operations at or before this moment (the next page asks the last one's time − 1 ms); absent: all",
      }),
    ),
    lastTime: Type.Optional(Type.String({ pattern: "^([0-9]{1,16})?$", description: "Sent empty by the web app; accepted and not used" })),
    perPage: Type.Optional(Type.String({ pattern: "^([1-9]|[1-9][0-9]|100)$", description: "1..100, default 20" })),
    lang: Type.Optional(StringEnum(OPERATION_LANGUAGES, { description: "Language of titles and field labels, default en" })),
  },
  { additionalProperties: false },
);
