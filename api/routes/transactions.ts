// Routes of API.md's "Transactions and events" section.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { PAGE_SIZES } from "../../core/page-sizes.ts";
import { countAddressEvents, pageAddressEvents } from "../../db/queries/events.ts";
import { countTransactions, pageTransactions, transactionByHash, type TxFilter } from "../../db/queries/transactions.ts";
import type { ApiContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { ResponseCache } from "../response-cache.ts";
import { formatAddressEvent, formatTx, formatTxDetail } from "../format.ts";
import { IMMUTABLE, sendCached, SHORT_CACHE } from "../http.ts";
import { pageOf, parseAddress, parseTxFilter } from "../params.ts";
import { AddressQuery, answers, PageParams, TotalRecords } from "../../shapes/common.ts";
import * as shape from "../../shapes/transactions.ts";

const EVENTS_PAGE = 30;

/**
 * The first page of the whole list (each size) and its count change with each block, and every visitor of the home and
 * transactions pages asks them alike: one query serves a second of them. Filtered and deeper pages are asked apart and
 * read each time.
 */
export const FIRST_PAGE_TTL_MS = 1000;

/** No filter at all: every transaction of the index. */
const isWholeList = (filter: TxFilter) => filter.types.length === 0 && filter.status === 2 && filter.time === null && filter.address === null;

export function transactionRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const firstPages = new ResponseCache(FIRST_PAGE_TTL_MS, PAGE_SIZES.length + 1);
  app.get(
    "/transactions/paginate/records_count",
    {
      schema: {
        tags: ["transactions"],
        summary: "Number of transactions matching the filters",
        querystring: shape.TxFilterQuery,
        response: answers(TotalRecords, 400),
      },
    },
    async (request, reply) => {
      const filter = parseTxFilter(request.query);
      const count = async () => ({ totalRecords: await countTransactions(ctx.db, filter) });
      if (isWholeList(filter)) return sendCached(reply, firstPages, "count", count);
      reply.header("cache-control", SHORT_CACHE);
      return count();
    },
  );

  app.get(
    "/transactions/paginate/:pageSize/:page",
    {
      schema: {
        tags: ["transactions"],
        summary: "A page of transactions, newest first",
        params: PageParams([...PAGE_SIZES]),
        querystring: shape.TxFilterQuery,
        response: answers(shape.TxPage, 400, 503),
      },
    },
    async (request, reply) => {
      const { pageSize, page } = pageOf(request.params);
      const filter = parseTxFilter(request.query);
      const answer = async () => {
        const format = await ctx.format();
        const rows = await pageTransactions(ctx.db, filter, pageSize, page);
        return { data: rows.map((row) => formatTx(format, row)), page };
      };
      if (page === 1 && isWholeList(filter)) return sendCached(reply, firstPages, `page ${pageSize}`, answer);
      reply.header("cache-control", SHORT_CACHE);
      return answer();
    },
  );

  app.get(
    "/transactions/:hash",
    {
      schema: {
        tags: ["transactions"],
        summary: "A transaction by hash (any letter case)",
        params: shape.TxHashParams,
        response: answers(shape.TxDetail, 400, 404, 503),
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

  app.get(
    "/events/paginate/records_count",
    { schema: { tags: ["transactions"], summary: "Number of events naming an address", querystring: AddressQuery, response: answers(TotalRecords, 400) } },
    async (request, reply) => {
      reply.header("cache-control", SHORT_CACHE);
      return { totalRecords: await countAddressEvents(ctx.db, parseAddress(request.query.address)) };
    },
  );

  app.get(
    "/events/paginate/:pageSize/:page",
    {
      schema: {
        tags: ["transactions"],
        summary: "A page of events naming an address, newest first",
        params: PageParams([EVENTS_PAGE]),
        querystring: AddressQuery,
        response: answers(shape.EventsPage, 400),
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
