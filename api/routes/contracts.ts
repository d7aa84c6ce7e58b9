// Routes of API.md's "Contracts, codes, tokens": lists and tokens from the index; contract info, history, state and
// CW-20 queries from the node (cached briefly), in wasmd's REST shapes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { addressKind, normalizeAddress } from "../../core/address.ts";
import * as q from "../../db/queries/contracts.ts";
import type { ApiContext } from "../context.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { ResponseCache } from "../response-cache.ts";
import { imageUrl } from "../format.ts";
import { NodeRefusal, pageKey, type PageAsk, type WasmNode } from "../node-wasm.ts";
import { AddressParams, answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/contracts.ts";
import type { TokenPrices } from "../token-prices.ts";

const SHORT_CACHE = "public, max-age=2";
/** Pages every visitor asks alike (the first of a list, a popular token) change at most once a block: one query serves a second of them. */
const PAGE_TTL_MS = 1000;
const PAGE_ENTRIES = 5000;
const NODE_CACHE = "public, max-age=3";
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
const TOKENS_PAGE = 50;
const MAX_OFFSET = 100_000_000;

function listOf(query: { limit?: string; offset?: string }): { limit: number; offset: number } {
  const offset = Number(query.offset ?? 0);
  if (offset > MAX_OFFSET) throw badRequest(`offset: at most ${MAX_OFFSET}`);
  return { limit: Number(query.limit ?? DEFAULT_LIMIT), offset };
}

/** A contract address (bech32 axm, 32 bytes) in canonical lower case, or a 400. */
function contractAddress(text: string): string {
  const address = normalizeAddress(text.trim());
  if (!address || addressKind(address) !== "contract") throw badRequest(`Not a contract address: ${text.slice(0, 100)}`);
  return address;
}

function codeId(text: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(text)) throw badRequest(`Not a code id: ${text.slice(0, 40)}`);
  return Number(text);
}

function formatContract(row: q.ContractRow) {
  return { label: row.label, address: row.address, creator: row.creator, code: Number(row.code_id), initialBlock: Number(row.height), executes: Number(row.executes) };
}

function formatCode(row: q.CodeRow) {
  return {
    id: Number(row.id),
    verified: row.verified,
    checksum: row.checksum,
    creator: row.creator,
    permission: row.permission,
    permissionAddresses: row.permission_addresses,
    contractsCount: row.contracts_count,
  };
}

/** An http(s) address, or null: links with other schemes (javascript:, data:) are not handed out. */
function webUrl(text: string | null): string | null {
  if (!text || !URL.canParse(text)) return null;
  return ["http:", "https:"].includes(new URL(text).protocol) ? text : null;
}

/** A token's logo address: a relative path (the devnet's) is read from IMAGE_BASE_URL, like avatars; http(s) only. */
function logoUrl(imageBase: string, logo: q.TokenRow["logo"]): string | null {
  return logo !== null && typeof logo === "object" ? imageUrl(imageBase, logo.url) : null;
}

const PLATFORMS: [RegExp, string][] = [
  [/(^|\.)(t\.me|telegram\.me|telegram\.org)$/, "telegram"],
  [/(^|\.)(twitter\.com|x\.com)$/, "twitter"],
  [/(^|\.)(discord\.gg|discord\.com)$/, "discord"],
  [/(^|\.)github\.com$/, "github"],
  [/(^|\.)medium\.com$/, "medium"],
];

/** The project's address (cw20 marketing `project`) as a social link, named after its host. */
function projectLinks(project: string | null): { title: string; url: string; platform: string }[] {
  const url = webUrl(project);
  if (!url) return [];
  const host = new URL(url).hostname.toLowerCase();
  return [{ title: host, url, platform: PLATFORMS.find(([pattern]) => pattern.test(host))?.[1] ?? "website" }];
}

function formatToken(t: q.TokenDetailRow, prices: TokenPrices, imageBase: string) {
  return {
    data: {
      name: t.name,
      symbol: t.symbol,
      logo: logoUrl(imageBase, t.logo),
      decimals: t.decimals,
      marketing: { project: t.project, description: t.description, marketing: t.marketing, logo: t.logo },
    },
    details: { creator: t.creator, mint_authority: t.minter, marketing_authority: t.marketing, update_authority: t.admin || null },
    statistics: {
      priceInUsd: prices.priceInUsd(t.contract),
      priceInAxm: prices.priceInAxm(t.contract),
      holders: t.holders,
      marketCapitalization: prices.valueInUsd(t.contract, BigInt(t.total_supply), t.decimals),
      maxSupply: t.cap,
      currentSupply: t.total_supply,
    },
    links: projectLinks(t.project),
    about: t.description?.trim() ? t.description : null,
  };
}

function formatHolder(t: q.TokenRow, row: q.HolderRow, prices: TokenPrices) {
  const quantity = BigInt(row.balance);
  return {
    address: row.holder,
    quantity: row.balance,
    value: prices.valueInUsd(t.contract, quantity, t.decimals),
    valueInAxm: prices.valueInUaxm(t.contract, quantity, t.decimals),
    percentage: percentage(quantity, BigInt(t.total_supply)),
  };
}

/** Holder cursors carry the last row's balance and address, base64url-encoded. */
function encodeHolderCursor(row: q.HolderRow): string {
  return Buffer.from(`${row.balance}:${row.holder}`).toString("base64url");
}

function decodeHolderCursor(text: string | undefined): { balance: string; holder: string } | null {
  if (!text) return null;
  const match = /^(\d{1,80}):([a-z0-9]{1,100})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match) throw badRequest("cursor: not one this API gave");
  return { balance: match[1], holder: match[2] };
}

/** Share of the supply in percent, to 6 decimals. */
function percentage(balance: bigint, supply: bigint): number {
  return supply > 0n ? Number((balance * 100_000_000n) / supply) / 1_000_000 : 0;
}

function sendJson(reply: FastifyReply, json: string, cache: string): FastifyReply {
  return reply.header("cache-control", cache).type("application/json; charset=utf-8").send(json);
}

/** Asks the node: a refusal is a 404 (the node does not know it), an unreachable node a 503 (logged). */
async function fromNode(node: WasmNode | null, request: FastifyRequest, ask: (node: WasmNode) => Promise<string>): Promise<string> {
  if (!node) throw new ApiError(503, "node_unavailable", "No node is configured for contract queries");
  try {
    return await ask(node);
  } catch (error) {
    if (error instanceof NodeRefusal) throw notFound(error.message);
    request.log.warn({ err: error }, "contract query: the node did not answer");
    throw new ApiError(503, "node_unavailable", "The node did not answer");
  }
}

function nodePage(query: Record<string, string | undefined>): PageAsk {
  const key = pageKey(query["pagination.key"]);
  if (!key) throw badRequest("pagination.key: not base64");
  return { key, limit: Number(query["pagination.limit"] ?? DEFAULT_LIMIT) };
}

export function contractRoutes(server: FastifyInstance, ctx: ApiContext, node: WasmNode | null, prices: TokenPrices): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const knownContract = async (text: string) => {
    const address = contractAddress(text);
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
  const cached = async (reply: FastifyReply, key: string, produce: () => Promise<unknown>) => sendJson(reply, await pages.get(key, produce), SHORT_CACHE);

  app.get(
    "/contracts",
    { schema: { tags: ["contracts"], summary: "Contracts, newest first", querystring: shape.ListQuery, response: answers(shape.ContractPage, 400) } },
    async (request, reply) => {
      const { limit, offset } = listOf(request.query);
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
      const { limit, offset } = listOf(request.query);
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
      const id = codeId(request.params.id);
      const row = await q.codeById(ctx.db, id);
      if (!row) throw notFound(`Code ${id} not found`);
      return reply.header("cache-control", SHORT_CACHE).send(formatCode(row));
    },
  );

  app.get(
    "/codes/:id/contracts",
    {
      schema: { tags: ["contracts"], summary: "Contracts running a code, newest first", params: shape.CodeParams, querystring: shape.ListQuery, response: answers(shape.ContractPage, 400, 404) },
    },
    async (request, reply) => {
      const id = codeId(request.params.id);
      const { limit, offset } = listOf(request.query);
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
      const info = JSON.parse(await fromNode(node, request, (n) => n.contractInfo(row.address)));
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
      const page = nodePage(request.query);
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
      const page = nodePage(request.query);
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
    { schema: { tags: ["tokens"], summary: "A CW-20 token: information, authorities, market figures, links and description", params: AddressParams, response: answers(shape.Token, 400, 404) } },
    async (request, reply) => {
      const address = contractAddress(request.params.address);
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
      const address = contractAddress(request.params.address);
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
        const t = await knownToken(contractAddress(request.params.address));
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
      const holder = normalizeAddress(request.params.address.trim());
      const kind = holder === null ? null : addressKind(holder);
      if (kind !== "account" && kind !== "contract") throw badRequest(`Not an account or contract address: ${request.params.address.slice(0, 100)}`);
      const asked = request.query.contracts ? [...new Set(request.query.contracts.split(",").map(contractAddress))] : null;
      if (asked && asked.length > shape.MAX_CONTRACTS_ASKED) throw badRequest(`contracts: at most ${shape.MAX_CONTRACTS_ASKED}`);
      const held = new Map((await q.balancesOf(ctx.db, holder as string, asked)).map((b) => [b.contract, b.balance]));
      const balances = asked ? asked.map((contract) => ({ contract, balance: held.get(contract) ?? "0" })) : [...held].map(([contract, balance]) => ({ contract, balance }));
      return reply.header("cache-control", SHORT_CACHE).send({ data: { balances } });
    },
  );
}
