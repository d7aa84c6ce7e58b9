// Building blocks of the API shapes (TypeBox): nullable and enum fields as JSON schema writes them, coins, the error body, pages.
import Type, { type Static, type TSchema } from "typebox";

/** A field that may be null, written `type: [t, "null"]` so the serialiser and OpenAPI read it as before. */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, "null"] });
}

/** A string from a fixed list. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

/** An integer from a fixed list. */
export function IntegerEnum<const T extends readonly number[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: "integer", enum: [...values] });
}

/** An amount in the smallest unit, as decimal text (negative for a debit). */
export const AmountText = Type.String({ pattern: "^-?\\d+$" });

export const NullableAmountText = Type.Union([AmountText, Type.Null()]);

export const Coin = Type.Object({ denom: Type.String(), amount: Type.String() });
export type Coin = Static<typeof Coin>;

export const ErrorBody = Type.Object({ error: Type.Object({ code: Type.String(), message: Type.String() }) });
export type ErrorBody = Static<typeof ErrorBody>;

/** Response schemas of a route: its answer, and the error body for the statuses it can give. */
export function answers<T extends TSchema>(ok: T, ...errors: number[]): { 200: T } & Record<number, TSchema> {
  return Object.fromEntries([[200, ok], ...errors.map((status) => [status, ErrorBody])]) as { 200: T } & Record<number, TSchema>;
}

/** `{ totalRecords }`: how many rows a list's filters keep. */
export const TotalRecords = Type.Object({ totalRecords: Type.Integer() });
export type TotalRecords = Static<typeof TotalRecords>;

/** The highest page number a list accepts, plus one: the last page of 10 of a billion transactions fits. */
const MAX_PAGE = 100_000_000;

/** Page numbers are plain decimal digits: no signs, exponents or spaces that number coercion would let through. */
const PageNumber = Type.String({ pattern: `^[1-9][0-9]{0,${String(MAX_PAGE).length - 2}}$` });

/** `:pageSize/:page` path parameters with the sizes a list offers, and the path's other parameters. */
export function PageParams<const P extends Record<string, TSchema> = Record<never, TSchema>>(pageSizes: readonly number[], other: P = {} as P) {
  return Type.Object({ ...other, pageSize: StringEnum(pageSizes.map(String)), page: PageNumber });
}

/** A path's `:address`, checked by the route itself. */
export const AddressParams = Type.Object({ address: Type.String({ minLength: 1, maxLength: 200 }) });

/** `?address=` of the event lists. */
export const AddressQuery = Type.Object({ address: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

/** `{ address }` of a POST body: any string gets through, so that every malformed address has the route's one message. */
export const AddressBody = Type.Object({ address: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });
