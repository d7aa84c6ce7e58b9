// Shapes of API.md's exports ("Statistics over time and exports"): the CSV routes' parameters, and their answers as OpenAPI documents them.
import Type, { type TSchema } from "typebox";
import { ErrorBody } from "./common.ts";

/** Milliseconds since 1970 (UTC), as the transaction list's `time` filter takes them; empty or absent: no bound. */
const Millis = (description: string) => Type.Optional(Type.String({ pattern: "^([0-9]{1,13})?$", description }));

/** `?from=&to=` of the transaction and operation exports: both ends included. */
export const ExportRangeQuery = Type.Object(
  {
    from: Millis("Milliseconds: rows at or after this moment; absent: from the first"),
    to: Millis("Milliseconds: rows at or before this moment; absent: up to the latest"),
  },
  { additionalProperties: false },
);

/** `?from=&to=&type=` of the operation export: the range, and the ledger's type filter. */
export const ExportOperationsQuery = Type.Object(
  {
    ...ExportRangeQuery.properties,
    type: Type.Optional(
      Type.String({ maxLength: 500, pattern: "^([a-z_]{1,40}(,[a-z_]{1,40}){0,19})?$", description: "Comma list of operation types; empty or absent: all" }),
    ),
  },
  { additionalProperties: false },
);

/** The team export takes the team list's filters (`q`, `level`, `status`), none of its order: the file is in level order. */
export { TeamFilterQuery as TeamExportQuery } from "./accounts.ts";

export const NoQuery = Type.Object({}, { additionalProperties: false });

/** A CSV file (text/csv, UTF-8 with a byte-order mark), and the JSON error body for the statuses given. */
export function csvAnswers(description: string, ...errors: number[]): Record<number, TSchema | object> {
  return {
    200: { description, content: { "text/csv": { schema: Type.String({ description: "RFC 4180, CRLF, a header row" }) } } },
    ...Object.fromEntries(errors.map((status) => [status, ErrorBody])),
  };
}
