// Routes of API.md's "Contracts, codes, tokens": lists and tokens from the index; contract info, history, state and
// CW-20 queries from the node (cached briefly), in wasmd's REST shapes.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import * as q from "../../db/queries/contracts.ts";
import type { ApiContext } from "../context.ts";
import { formatCode, formatContract, formatHolder, formatToken, logoUrl } from "../contract-format.ts";
import { fromNode, nodePage } from "../contract-node.ts";
import { badRequest, notFound } from "../errors.ts";
import { decodeHolderCursor, encodeHolderCursor } from "../holder-cursor.ts";
import { NODE_CACHE, requireAddress, sendAnswer, sendJson, SHORT_CACHE } from "../http.ts";
import type { WasmNode } from "../node-wasm.ts";
import { parseCodeId, parseListPage } from "../params.ts";
import { ResponseCache } from "../response-cache.ts";
import { AddressParams, answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/contracts.ts";
import type { TokenPrices } from "../token-prices.ts";

/** Pages every visitor asks alike (the first of a list, a popular token) change at most once a block: one query serves a second of them. */
const PAGE_TTL_MS = 1000;
const PAGE_ENTRIES = 5000;
const DEFAULT_LIMIT = 10;
const TOKENS_PAGE = 50;
export function contractRoutes(server: FastifyInstance, ctx: ApiContext, node: WasmNode | null, prices: TokenPrices): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const knownContract = async (text: string) => {
    const address = requireAddress(text, ["contract"]);
    const row = await q.contractByAddress(ctx.db, address);
    if (!row) throw notFound(`Contract ${address} not found`);
    return row;
  };
  const knownToken = async (address: string) => {
    const token = await q.tokenByContract(ctx.db, address);
    if (!token) throw notFound(`No CW-20 token at ${address}`);
    return token;
  };
  const pages = new ResponseCache(PAGE_TTL_MS, PAGE_ENTRIES);
  const cached = async (reply: FastifyReply, key: string, produce: () => Promise<unknown>) => sendAnswer(reply, await pages.answer(key, produce), SHORT_CACHE);

  app.get(
    "/contracts",
    { schema: { tags: ["contracts"], summary: "Contracts, newest first", querystring: shape.ListQuery, response: answers(shape.ContractPage, 400) } },
    async (request, reply) => {
      const { limit, offset } = parseListPage(request.query, DEFAULT_LIMIT);
      return cached(reply, `contracts ${limit} ${offset}`, async () => {
        const total = await q.contractCount(ctx.db);
        const rows = await q.contractsPage(ctx.db, total, limit, offset);
        return { contracts: rows.map(formatContract), pagination: { total } };
      });
    },
  );

  app.get(
    "/codes",
    { schema: { tags: ["contracts"], summary: "Uploaded codes, newest first", querystring: shape.ListQuery, response: answers(shape.CodePage, 400) } },
    async (request, reply) => {
      const { limit, offset } = parseListPage(request.query, DEFAULT_LIMIT);
      return cached(reply, `codes ${limit} ${offset}`, async () => {
        const [rows, total] = await Promise.all([q.codesPage(ctx.db, limit, offset), q.codeCount(ctx.db)]);
        return { codes: rows.map(formatCode), pagination: { total } };
      });
    },
  );

  app.get(
    "/codes/:id",
    { schema: { tags: ["contracts"], summary: "An uploaded code", params: shape.CodeParams, response: answers(shape.Code, 400, 404) } },
    async (request, reply) => {
      const id = parseCodeId(request.params.id);
      const row = await q.codeById(ctx.db, id);
      if (!row) throw notFound(`Code ${id} not found`);
      return reply.header("cache-control", SHORT_CACHE).send(formatCode(row));
    },
  );

  app.get(
    "/codes/:id/contracts",
    {
      schema: {
        tags: ["contracts"],
        summary: "Contracts running a code, newest first",
        params: shape.CodeParams,
        querystring: shape.ListQuery,
        response: answers(shape.ContractPage, 400, 404),
      },
    },
    async (request, reply) => {
      const id = parseCodeId(request.params.id);
      const { limit, offset } = parseListPage(request.query, DEFAULT_LIMIT);
      return cached(reply, `code ${id} ${limit} ${offset}`, async () => {
        const code = await q.codeById(ctx.db, id);
        if (!code) throw notFound(`Code ${id} not found`);
        const rows = await q.codeContractsPage(ctx.db, id, limit, offset);
        return { contracts: rows.map(formatContract), pagination: { total: code.contracts_count } };
      });
    },
  );

  app.get(
    "/cosmwasm/wasm/v1/contract/:address",
    {
      schema: {
        tags: ["contracts"],
        summary: "A contract's info as the node's REST gives it, with its code's checksum from the index",
        params: AddressParams,
        response: answers(shape.ContractInfoAnswer, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const row = await knownContract(request.params.address);
      const info = JSON.parse(await fromNode(node, request, (n) => n.contractInfo(row.address))) as object;
      return reply.header("cache-control", NODE_CACHE).send({ ...info, codeChecksum: row.checksum });
    },
  );

  app.get(
    "/cosmwasm/wasm/v1/contract/:address/history",
    {
      schema: {
        tags: ["contracts"],
        summary: "A contract's code history from the node; pagination.key is the previous page's next_key",
        params: AddressParams,
        querystring: shape.NodePageQuery,
        response: answers(shape.ContractHistoryPage, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const page = nodePage(request.query, DEFAULT_LIMIT);
      const row = await knownContract(request.params.address);
      return sendJson(reply, await fromNode(node, request, (n) => n.history(row.address, page)), NODE_CACHE);
    },
  );

  app.get(
    "/cosmwasm/wasm/v1/contract/:address/state",
    {
      schema: {
        tags: ["contracts"],
        summary: "A contract's raw state from the node (keys in hex, values in base64); pagination.key is the previous page's next_key",
        params: AddressParams,
        querystring: shape.NodePageQuery,
        response: answers(shape.ContractStatePage, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const page = nodePage(request.query, DEFAULT_LIMIT);
      const row = await knownContract(request.params.address);
      return sendJson(reply, await fromNode(node, request, (n) => n.state(row.address, page)), NODE_CACHE);
    },
  );

  app.get(
    "/cw20/tokens",
    {
      schema: {
        tags: ["tokens"],
        summary: "CW-20 tokens in order of creation; pass the answer's cursor for the next page (null after the last)",
        querystring: shape.TokenListQuery,
        response: answers(shape.TokenListPage, 400),
      },
    },
    async (request, reply) => {
      const limit = Number(request.query.limit ?? TOKENS_PAGE);
      const after = Number(request.query.cursor || 0);
      return cached(reply, `tokens ${after} ${limit}`, async () => {
        const rows = await q.tokensAfter(ctx.db, after, limit);
        return {
          tokens: rows.map((t) => ({ id: t.contract, symbol: t.symbol, name: t.name, logo: logoUrl(ctx.config.imageBaseUrl, t.logo), decimals: t.decimals })),
          cursor: rows.length === limit ? String(rows[rows.length - 1].seq) : null,
        };
      });
    },
  );

  app.get(
    "/cw20/token/:address",
    {
      schema: {
        tags: ["tokens"],
        summary: "A CW-20 token: information, authorities, market figures, links and description",
        params: AddressParams,
        response: answers(shape.Token, 400, 404),
      },
    },
    async (request, reply) => {
      const address = requireAddress(request.params.address, ["contract"]);
      return cached(reply, `token ${address}`, async () => formatToken(await knownToken(address), prices, ctx.config.imageBaseUrl));
    },
  );

  app.get(
    "/cw20/:address/holders",
    {
      schema: {
        tags: ["tokens"],
        summary: "A token's holders, biggest first; pass nextCursor for the next page (null after the last)",
        params: AddressParams,
        querystring: shape.HoldersQuery,
        response: answers(shape.TokenHoldersPage, 400, 404),
      },
    },
    async (request, reply) => {
      const after = decodeHolderCursor(request.query.cursor);
      const limit = Number(request.query.limit ?? DEFAULT_LIMIT);
      const address = requireAddress(request.params.address, ["contract"]);
      return cached(reply, `holders ${address} ${limit} ${after ? `${after.balance}:${after.holder}` : ""}`, async () => {
        const t = await knownToken(address);
        const rows = await q.holdersAfter(ctx.db, t.contract, after, limit);
        return { holders: rows.map((r) => formatHolder(t, r, prices)), nextCursor: rows.length === limit ? encodeHolderCursor(rows[rows.length - 1]) : null };
      });
    },
  );

  for (const [path, query, summary] of [
    ["marketing", { marketing_info: {} }, "The token's cw20 marketing_info answer, from the node"],
    ["info", { token_info: {} }, "The token's cw20 token_info answer, from the node"],
  ] as const) {
    app.get(
      `/cw20/:address/${path}`,
      { schema: { tags: ["tokens"], summary, params: AddressParams, response: answers(shape.ContractAnswer, 400, 404, 503) } },
      async (request, reply) => {
        const t = await knownToken(requireAddress(request.params.address, ["contract"]));
        return sendJson(reply, await fromNode(node, request, (n) => n.smart(t.contract, query)), NODE_CACHE);
      },
    );
  }

  app.get(
    "/multichain/assets/balances/:address",
    {
      schema: {
        tags: ["tokens"],
        summary: "An address's balances (raw integers) of the listed tokens, or of every token it holds when none are listed",
        params: AddressParams,
        querystring: shape.AssetBalancesQuery,
        response: answers(shape.AssetBalances, 400),
      },
    },
    async (request, reply) => {
      const holder = requireAddress(request.params.address, ["account", "contract"]);
      const asked = request.query.contracts ? [...new Set(request.query.contracts.split(",").map((text) => requireAddress(text, ["contract"])))] : null;
      if (asked && asked.length > shape.MAX_CONTRACTS_ASKED) throw badRequest(`contracts: at most ${shape.MAX_CONTRACTS_ASKED}`);
      const held = new Map((await q.balancesOf(ctx.db, holder, asked)).map((b) => [b.contract, b.balance]));
      const balances = asked
        ? asked.map((contract) => ({ contract, balance: held.get(contract) ?? "0" }))
        : [...held].map(([contract, balance]) => ({ contract, balance }));
      return reply.header("cache-control", SHORT_CACHE).send({ data: { balances } });
    },
  );
}
