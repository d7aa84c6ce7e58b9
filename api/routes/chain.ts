// Routes of API.md's "Chain" section: statistics, search, blocks and consensus entries.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { isValidSearch } from "../../core/search.ts";
import { MAXIMAL_SUPPLY } from "../../core/amount.ts";
import { consensusBech32ToHex } from "../../core/address.ts";
import { DEFAULT_BLOCK_TIME_S } from "../../core/format.ts";
import * as blocks from "../../db/queries/blocks.ts";
import { chainStat } from "../../db/queries/stats.ts";
import { messageTypes, transactionsOfBlock } from "../../db/queries/transactions.ts";
import type { ApiContext } from "../context.ts";
import { ResponseCache } from "../response-cache.ts";
import { badRequest, notFound, notReady } from "../errors.ts";
import { formatBlock, formatConsensus, formatEvent, formatTx } from "../format.ts";
import { search, suggest } from "../search.ts";
import { IMMUTABLE, requireAddress, sendAnswer, sendCached, SHORT_CACHE } from "../http.ts";
import { parseHeightOrRange } from "../params.ts";
import { answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/chain.ts";

/**
 * Ranges at the head change with each block; every visitor of a validator page asks the same one meanwhile. They are
 * kept and sent as JSON text: the routes' schema is "one item or a list of them", and choosing between the two would
 * cost the schema serialiser a validation of the list.
 */
const RANGE_TTL_MS = 1000;
/**
 * The statistics and the latest block change with each block, and every visitor of the home page asks them alike: one
 * query serves a second of them (a visitor sees the head at most a second later than uncached).
 */
const HEAD_TTL_MS = 1000;

export function chainRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const ranges = new ResponseCache(RANGE_TTL_MS, 200);
  const head = new ResponseCache(HEAD_TTL_MS, 2);
  const statistics = async () => {
    const s = await chainStat(ctx.db);
    const seconds = s.window_seconds && s.window_seconds > 0 ? s.window_seconds : null;
    const perSecond = (count: number) => (seconds ? Number((count / seconds).toFixed(4)) : 0);
    return {
      totalSupply: s.total_supply,
      maximalSupply: MAXIMAL_SUPPLY.toString(),
      delegatedSupply: s.delegated_supply,
      burnedTotal: s.burned,
      burnedToday: s.today_burned,
      registrations: s.accounts,
      registeredToday: s.today_accounts,
      eventsTotal: s.events,
      eventsPerSecond: perSecond(s.window_events),
      txsTotal: s.txs,
      txsPerSecond: perSecond(s.window_txs),
      blocksPerSecond: perSecond(s.window_blocks),
      blockTime: s.block_time ? Number(s.block_time.toFixed(2)) : DEFAULT_BLOCK_TIME_S,
      mempool: { n_txs: s.mempool_txs },
      countedFrom: s.counted_from === null ? null : Number(s.counted_from),
    };
  };
  const latest = async () => {
    const format = await ctx.format();
    const row = await blocks.latestBlock(ctx.db);
    if (!row) throw notReady("No block indexed yet");
    return formatBlock(format, row);
  };

  app.get("/blockchain/stat", { schema: { tags: ["chain"], summary: "Chain statistics", response: answers(shape.ChainStat) } }, (_request, reply) =>
    sendCached(reply, head, "stat", statistics),
  );

  app.post(
    "/blockchain/search",
    {
      schema: {
        tags: ["chain"],
        summary: "Find a block, transaction, account, contract, token or validator by height, hash, address or name",
        body: shape.SearchBody,
        response: answers(shape.SearchAnswer, 400),
      },
    },
    async (request) => {
      if (!isValidSearch(request.body.query)) throw badRequest("Invalid search format");
      return search(ctx, request.body.query.trim());
    },
  );

  app.get(
    "/blockchain/search/suggest",
    {
      schema: {
        tags: ["chain"],
        summary:
          "Up to 8 hits for the text typed so far: a block, transaction or address it names, then validators, tokens, contracts and nicknames whose name matches",
        querystring: shape.SuggestQuery,
        response: answers(shape.Suggestions, 400),
      },
    },
    async (request, reply) => {
      if (!isValidSearch(request.query.q)) throw badRequest("Invalid search format");
      reply.header("cache-control", SHORT_CACHE);
      return suggest(ctx, request.query.q.trim());
    },
  );

  app.get(
    "/blockchain/config/txfilter",
    { schema: { tags: ["chain"], summary: "Message type URLs seen on the chain", response: answers(shape.MessageTypes) } },
    async (_r, reply) => {
      reply.header("cache-control", SHORT_CACHE);
      return messageTypes(ctx.db);
    },
  );

  app.get("/blocks/latest", { schema: { tags: ["chain"], summary: "The latest indexed block", response: answers(shape.Block, 503) } }, (_request, reply) =>
    sendCached(reply, head, "latest", latest),
  );

  app.get(
    "/blocks/:id",
    {
      schema: {
        tags: ["chain"],
        summary: "A block by height (with txs and evts), or blocks from-to (newest first, at most 200)",
        params: shape.HeightParams,
        response: answers(shape.BlockOrRange, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const { from, to, range } = parseHeightOrRange(request.params.id);
      const format = await ctx.format();
      if (range) {
        const answer = await ranges.answer(`blocks ${from}-${to}`, async () =>
          (await blocks.blockRange(ctx.db, from, to)).map((row) => formatBlock(format, row)),
        );
        return sendAnswer(reply, answer, SHORT_CACHE);
      }
      const row = await blocks.blockByHeight(ctx.db, from);
      if (!row) throw notFound(`Block ${from} not found`);
      const timestamp = row.time.toISOString();
      reply.header("cache-control", IMMUTABLE);
      return {
        ...formatBlock(format, row),
        txs: (await transactionsOfBlock(ctx.db, from)).map((tx) => formatTx(format, tx)),
        evts: (row.events as { type: string; attributes: { key: string; value: string }[] }[]).map((e) => formatEvent(e, from, timestamp, null)),
      };
    },
  );

  app.get(
    "/consensus/latest",
    { schema: { tags: ["chain"], summary: "Signatures of the latest signed block", response: answers(shape.ConsensusEntry, 503) } },
    async (_r, reply) => {
      const row = await blocks.latestCommit(ctx.db);
      if (!row) throw notReady("No commit indexed yet");
      reply.header("cache-control", SHORT_CACHE);
      return formatConsensus(row);
    },
  );

  app.get(
    "/consensus/:id",
    {
      schema: {
        tags: ["chain"],
        summary: "Signatures of a block, or of blocks from-to (newest first, at most 200); with ?validator= only that consensus address is listed",
        params: shape.HeightParams,
        querystring: shape.ConsensusQuery,
        response: answers(shape.ConsensusOrRange, 400, 404),
      },
    },
    async (request, reply) => {
      const { from, to, range } = parseHeightOrRange(request.params.id);
      const only = request.query.validator === undefined ? undefined : parseConsensusAddress(request.query.validator);
      if (!range) {
        const rows = await blocks.commitRange(ctx.db, from, to, only);
        if (rows.length === 0) throw notFound(`No commit for block ${from}`);
        return formatConsensus(rows[0]);
      }
      const answer = await ranges.answer(`consensus ${from}-${to} ${only ?? ""}`, async () =>
        (await blocks.commitRange(ctx.db, from, to, only)).map(formatConsensus),
      );
      return sendAnswer(reply, answer, SHORT_CACHE);
    },
  );
}

/** A consensus address (axmvalcons…) as the hex the index keeps. */
function parseConsensusAddress(text: string): string {
  return consensusBech32ToHex(requireAddress(text, ["consensus"]));
}
