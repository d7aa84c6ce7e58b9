// Routes of API.md's "Transactions and events" section.
import type { FastifyInstance } from "fastify";
import { PAGE_SIZES } from "../../core/page-sizes.ts";
import { countAddressEvents, pageAddressEvents } from "../../db/queries/events.ts";
import { countTransactions, pageTransactions, transactionByHash } from "../../db/queries/transactions.ts";
import type { ApiContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { formatAddressEvent, formatTx, formatTxDetail } from "../format.ts";
import { IMMUTABLE, SHORT_CACHE } from "../http.ts";
import { parseAddress, parseTxFilter } from "../params.ts";
import { addressQuery, pageOf, pageParams, txFilterQuery } from "../schemas.ts";
import * as schema from "../response-schemas.ts";

type TxQuery = { type?: string; status?: string; time?: string; address?: string };
type Page = { pageSize: string; page: string };

const EVENTS_PAGE = 30;

export function transactionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Querystring: TxQuery }>(
    "/transactions/paginate/records_count",
    { schema: { tags: ["transactions"], summary: "Number of transactions matching the filters", querystring: txFilterQuery, response: schema.answers(schema.totalRecords, 400) } },
    async (request, reply) => {
      reply.header("cache-control", SHORT_CACHE);
      return { totalRecords: await countTransactions(ctx.db, parseTxFilter(request.query)) };
    },
  );

  app.get<{ Querystring: TxQuery; Params: Page }>(
    "/transactions/paginate/:pageSize/:page",
    {
      schema: {
        tags: ["transactions"],
        summary: "A page of transactions, newest first",
        params: pageParams([...PAGE_SIZES]),
        querystring: txFilterQuery,
        response: schema.answers({ type: "object", required: ["data", "page"], properties: { data: { type: "array", items: schema.tx }, page: { type: "integer" } } }, 400, 503),
      },
    },
    async (request, reply) => {
      const format = await ctx.format();
      const { pageSize, page } = pageOf(request.params);
      const rows = await pageTransactions(ctx.db, parseTxFilter(request.query), pageSize, page);
      reply.header("cache-control", SHORT_CACHE);
      return { data: rows.map((row) => formatTx(format, row)), page };
    },
  );

  app.get<{ Params: { hash: string } }>(
    "/transactions/:hash",
    {
      schema: {
        tags: ["transactions"],
        summary: "A transaction by hash (any letter case)",
        params: { type: "object", required: ["hash"], properties: { hash: { type: "string", pattern: "^[0-9A-Fa-f]{64}$" } } },
        response: schema.answers(schema.txDetail, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const format = await ctx.format();
      const row = await transactionByHash(ctx.db, request.params.hash);
      if (!row) throw notFound(`Transaction ${request.params.hash} not found`);
      reply.header("cache-control", IMMUTABLE);
      return formatTxDetail(format, row);
    },
  );

  app.get<{ Querystring: { address: string } }>(
    "/events/paginate/records_count",
    { schema: { tags: ["transactions"], summary: "Number of events naming an address", querystring: addressQuery, response: schema.answers(schema.totalRecords, 400) } },
    async (request, reply) => {
      reply.header("cache-control", SHORT_CACHE);
      return { totalRecords: await countAddressEvents(ctx.db, parseAddress(request.query.address)) };
    },
  );

  app.get<{ Querystring: { address: string }; Params: Page }>(
    "/events/paginate/:pageSize/:page",
    {
      schema: {
        tags: ["transactions"],
        summary: "A page of events naming an address, newest first",
        params: pageParams([EVENTS_PAGE]),
        querystring: addressQuery,
        response: schema.answers({ type: "object", required: ["data"], properties: { data: { type: "array", items: schema.event } } }, 400),
      },
    },
    async (request, reply) => {
      const { pageSize, page } = pageOf(request.params);
      const rows = await pageAddressEvents(ctx.db, parseAddress(request.query.address), pageSize, page);
      reply.header("cache-control", SHORT_CACHE);
      return { data: rows.map(formatAddressEvent) };
    },
  );
}
