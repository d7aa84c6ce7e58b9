// Routes of the operations ledger (SPEC.md §2 Operations tab, API.md): an address's operations in the language asked for, and the filter's type labels.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { BASE_DENOM } from "../../core/amount.ts";
import {
  FIELD_TYPES,
  fieldType,
  isOperationType,
  operationColour,
  type OperationLanguage,
  type OperationType,
  type StoredField,
} from "../../core/operations.ts";
import { addressNames, operationsPage, type OperationRow } from "../../db/queries/operations.ts";
import { accountAddress } from "../account-address.ts";
import { fieldLabel, operationTitle, operationTypeLabels } from "../operation-labels.ts";
import type { ApiContext } from "../context.ts";
import { badRequest } from "../errors.ts";
import { PRIVATE_SHORT_CACHE } from "../http.ts";
import { AddressParams, answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/operations.ts";

const LABELS_CACHE = "public, max-age=3600";
const DEFAULT_PER_PAGE = 20;
/** The latest moment a JavaScript date holds. */
const MAX_TIME_MS = 8_640_000_000_000_000;

export function parseTypes(text: string | undefined): OperationType[] {
  const types = new Set(text ? text.split(",") : []);
  for (const type of types) if (!isOperationType(type)) throw badRequest(`Unknown operation type: ${type}`);
  return [...types] as OperationType[];
}

function parseTimeFrom(text: string | undefined): Date | null {
  if (!text) return null;
  const ms = Number(text);
  if (ms > MAX_TIME_MS) throw badRequest("timeFrom: out of range");
  return new Date(ms);
}

/** The row's fields, then its transaction and block, which every operation links to. */
function storedFields(row: OperationRow): StoredField[] {
  return [...row.fields, ...(row.tx_hash ? [{ k: "transaction" as const, v: row.tx_hash }] : []), { k: "block", v: String(row.height) }];
}

/** An address field's note is the account's nickname or the validator's name, when it has one. */
function formatOperation(row: OperationRow, language: OperationLanguage, names: Map<string, string>) {
  const type = row.type as OperationType;
  return {
    type,
    title: operationTitle(type, language),
    amount: row.amount,
    denom: row.denom ?? BASE_DENOM,
    s: row.s,
    c: operationColour(type),
    time: row.time.toISOString(),
    error: row.error,
    fields: storedFields(row).map((f) => {
      const t = fieldType(f.k);
      return { l: fieldLabel(f.k, language), v: f.v, t, n: t === FIELD_TYPES.address ? (names.get(f.v) ?? null) : null };
    }),
    txHash: row.tx_hash,
  };
}

function namedAddresses(rows: OperationRow[]): string[] {
  const addresses = new Set<string>();
  for (const row of rows) for (const f of row.fields) if (fieldType(f.k) === FIELD_TYPES.address) addresses.add(f.v);
  return [...addresses];
}

export function operationRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/operations/:address",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "An account's operations at or before timeFrom, newest first: perPage of them, and every further one sharing the last one's time, so that asking again from that time − 1 ms misses none",
        params: AddressParams,
        querystring: shape.OperationsQuery,
        response: answers(shape.Operations, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      const types = parseTypes(request.query.type);
      const until = parseTimeFrom(request.query.timeFrom);
      await ctx.format();
      const perPage = request.query.perPage ? Number(request.query.perPage) : DEFAULT_PER_PAGE;
      const rows = await operationsPage(ctx.db, { address, types, until, perPage });
      const names = await addressNames(ctx.db, namedAddresses(rows));
      const language = request.query.lang ?? "en";
      return reply.header("cache-control", PRIVATE_SHORT_CACHE).send(rows.map((row) => formatOperation(row, language, names)));
    },
  );

  app.get(
    "/blockchain/config/opfilter",
    { schema: { tags: ["accounts"], summary: "Every operation type with its label in the seven languages", response: answers(shape.OperationTypes) } },
    async (_request, reply) => reply.header("cache-control", LABELS_CACHE).send(operationTypeLabels()),
  );
}
