// Routes of API.md's CSV exports: an address's transactions, operations and team, and a token's holders, streamed from the database.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { tokenByContract } from "../../db/queries/contracts.ts";
import { accountAddress } from "../account-address.ts";
import type { ApiContext } from "../context.ts";
import { csvStream, CSV_CONTENT_TYPE, type CsvLimits, type CsvSource } from "../csv.ts";
import { badRequest, notFound } from "../errors.ts";
import { holdersSource, operationsSource, teamSource, transactionsSource } from "../export-sources.ts";
import { requireAddress } from "../http.ts";
import { parseAddress } from "../params.ts";
import { teamFilter } from "./accounts.ts";
import { parseTypes } from "./operations.ts";
import { AddressParams } from "../../shapes/common.ts";
import { csvAnswers, ExportOperationsQuery, ExportRangeQuery, NoQuery, TeamExportQuery } from "../../shapes/export.ts";

/** The latest moment the transaction list's time filter takes (api/params.ts), and so the exports. */
const MAX_TIME_MS = 8_640_000_000_000;

/** No automatic HEAD route: it would read the whole file to discard it, outside the export limit. */
const NO_HEAD = false;

interface Range {
  from: Date | null;
  to: Date | null;
}

function parseRange(query: { from?: string; to?: string }): Range {
  const ms = (text: string | undefined, name: string) => {
    if (!text) return null;
    const value = Number(text);
    if (value > MAX_TIME_MS) throw badRequest(`${name}: out of range`);
    return new Date(value);
  };
  const range = { from: ms(query.from, "from"), to: ms(query.to, "to") };
  if (range.from && range.to && range.from > range.to) throw badRequest("from: after to");
  return range;
}

/** 20250131T235959Z: a moment in a file name. */
const stamp = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, "");

/** address-what.csv, with the range when one was asked for (start or now for an open end). */
function fileName(address: string, what: string, range?: Range): string {
  const bounded = range && (range.from || range.to);
  return `${address}-${what}${bounded ? `-${range.from ? stamp(range.from) : "start"}-${range.to ? stamp(range.to) : "now"}` : ""}.csv`;
}

async function sendCsv<R>(reply: FastifyReply, name: string, source: CsvSource<R>, limits: CsvLimits): Promise<FastifyReply> {
  // Fastify destroys the stream when the client goes away (through the compressor too), which stops the reading.
  const stream = await csvStream(source, limits);
  return reply.type(CSV_CONTENT_TYPE).header("content-disposition", `attachment; filename="${name}"`).header("cache-control", "no-store").send(stream);
}

export function exportRoutes(server: FastifyInstance, ctx: ApiContext, limits: CsvLimits): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { maxRows } = limits;

  app.get(
    "/export/:address/transactions.csv",
    {
      exposeHeadRoute: NO_HEAD,
      schema: {
        tags: ["exports"],
        summary: `An address's transactions in [from, to], newest first: time, height, hash, status, types, direction, amount (AXM), fee (AXM), memo; at most ${maxRows} rows`,
        params: AddressParams,
        querystring: ExportRangeQuery,
        response: csvAnswers("The transactions as CSV", 400, 429, 503),
      },
    },
    async (request, reply) => {
      const address = parseAddress(request.params.address);
      const range = parseRange(request.query);
      const time = range.from || range.to ? { from: range.from ?? new Date(0), to: range.to ?? new Date(MAX_TIME_MS) } : null;
      return sendCsv(reply, fileName(address, "transactions", range), transactionsSource(ctx.db, address, time), limits);
    },
  );

  app.get(
    "/export/:address/operations.csv",
    {
      exposeHeadRoute: NO_HEAD,
      schema: {
        tags: ["exports"],
        summary: `An account's operations in [from, to] of the types asked for (all by default), newest first: time, type, amount (signed), currency, counterparty, tx hash; at most ${maxRows} rows`,
        params: AddressParams,
        querystring: ExportOperationsQuery,
        response: csvAnswers("The operations as CSV", 400, 429, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      const range = parseRange(request.query);
      const types = parseTypes(request.query.type);
      return sendCsv(reply, fileName(address, "operations", range), operationsSource(ctx.db, address, { ...range, types }), limits);
    },
  );

  app.get(
    "/export/:address/team.csv",
    {
      exposeHeadRoute: NO_HEAD,
      schema: {
        tags: ["exports"],
        summary: `An account's team (levels 1..14) in level order, with the team list's filters: address, nickname, level, status, delegated (AXM), team size; at most ${maxRows} rows`,
        params: AddressParams,
        querystring: TeamExportQuery,
        response: csvAnswers("The team as CSV", 400, 429, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      return sendCsv(reply, fileName(address, "team"), teamSource(ctx.db, address, teamFilter(request.query)), limits);
    },
  );

  app.get(
    "/export/token/:address/holders.csv",
    {
      exposeHeadRoute: NO_HEAD,
      schema: {
        tags: ["exports"],
        summary: `A CW-20 token's holders, biggest first: address, nickname, quantity (in the token's decimals), percentage of the supply; at most ${maxRows} rows`,
        params: AddressParams,
        querystring: NoQuery,
        response: csvAnswers("The holders as CSV", 400, 404, 429, 503),
      },
    },
    async (request, reply) => {
      const address = requireAddress(request.params.address, ["contract"]);
      const token = await tokenByContract(ctx.db, address);
      if (!token) throw notFound(`No CW-20 token at ${address}`);
      return sendCsv(reply, fileName(address, "holders"), holdersSource(ctx.db, token), limits);
    },
  );
}
