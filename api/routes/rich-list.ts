// The rich list of API.md's "Statistics over time and exports": accounts by total balance (available + delegated +
// unbonding), biggest first, with nicknames, exchange and module labels, paged by an opaque (total, address) cursor.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { moduleOf } from "../../core/module-accounts.ts";
import { richAfter, totalSupply, type RichRow } from "../../db/queries/rich-list.ts";
import type { ApiContext } from "../context.ts";
import { badRequest } from "../errors.ts";
import { imageUrl } from "../format.ts";
import { sendAnswer, SHORT_CACHE } from "../http.ts";
import { ResponseCache } from "../response-cache.ts";
import { answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/rich-list.ts";

/** The first pages every visitor asks alike change at most once a block: one query serves a second of them. */
const PAGE_TTL_MS = 1000;
const PAGE_ENTRIES = 1000;
/** Shares in percent, to 6 decimals. */
const SHARE_SCALE = 1_000_000n;

export function encodeRichCursor(row: { total: string; address: string }): string {
  return Buffer.from(`${row.total}:${row.address}`).toString("base64url");
}

/** The account a cursor names; null for none (the first page), a 400 for one this API did not give. */
export function decodeRichCursor(text: string | undefined): { total: string; address: string } | null {
  if (text === undefined) return null;
  const match = /^([1-9]\d{0,79}):([a-z0-9]{1,100})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match || encodeRichCursor({ total: match[1], address: match[2] }) !== text) throw badRequest("cursor: not one this API gave");
  return { total: match[1], address: match[2] };
}

const sharePercent = (total: string, supply: bigint | null) =>
  supply === null ? null : Number((BigInt(total) * 100n * SHARE_SCALE) / supply) / Number(SHARE_SCALE);

/** Which of the explorer's own wallets an address is, by the settings. */
function serviceOf(address: string, config: ApiContext["config"]): shape.RichService | null {
  if (address === config.faucetAddress) return "faucet";
  if (address === config.leaderBonus.wallet) return "leader_bonus";
  return null;
}

function formatRich(row: RichRow, supply: bigint | null, config: ApiContext["config"]): shape.RichAccount {
  return {
    address: row.address,
    name: row.nickname || null,
    total: row.total,
    available: row.available,
    delegated: row.delegated,
    unbonding: row.undelegating,
    share: sharePercent(row.total, supply),
    exchange: row.exchange,
    module: moduleOf(row.address),
    service: serviceOf(row.address, config),
    img: imageUrl(config.imageBaseUrl, row.avatar),
  };
}

export function richListRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const pages = new ResponseCache(PAGE_TTL_MS, PAGE_ENTRIES);
  app.get(
    "/accounts/rich",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Accounts by total balance (available + delegated + unbonding, uaxm), biggest first, ties by address descending; accounts holding nothing are left out. `share` is the percent of the chain's total supply. Pass nextCursor for the next page (null after the last)",
        querystring: shape.RichListQuery,
        response: answers(shape.RichList, 400),
      },
    },
    async (request, reply) => {
      const after = decodeRichCursor(request.query.cursor);
      const limit = Number(request.query.limit ?? shape.RICH_LIMIT_DEFAULT);
      const answer = await pages.answer(`${limit} ${request.query.cursor ?? ""}`, async () => {
        const [rows, supply] = await Promise.all([richAfter(ctx.db, after, limit), totalSupply(ctx.db)]);
        return {
          accounts: rows.map((row) => formatRich(row, supply, ctx.config)),
          nextCursor: rows.length === limit ? encodeRichCursor(rows[rows.length - 1]) : null,
        };
      });
      return sendAnswer(reply, answer, SHORT_CACHE);
    },
  );
}
