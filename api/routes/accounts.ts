// Routes of API.md's "Accounts and the partnership programme": account info, its delegations per validator, and the team list with its count.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  accountRow,
  premiumExpiry,
  teamCount,
  teamPage,
  unbondingEntries,
  type AccountRow,
  type TeamFilter,
  type TeamMemberRow,
} from "../../db/queries/accounts.ts";
import { accountAddress, holderAddress } from "../account-address.ts";
import { accountDelegations } from "../../db/queries/validators.ts";
import { NodeRestingError, type ClaimableRewards, type DelegatorRewards } from "../claimable-rewards.ts";
import type { ApiContext } from "../context.ts";
import { pageOf } from "../params.ts";
import { imageUrl, logoUrl } from "../format.ts";
import { PRIVATE_SHORT_CACHE, SHORT_CACHE } from "../http.ts";
import { AddressParams, answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/accounts.ts";
import { canSeeTelegram } from "../visitor.ts";

export function teamFilter(query: { q?: string; level?: string; status?: string }): TeamFilter {
  const q = query.q?.trim() ?? "";
  return { q: q === "" ? null : q, level: query.level ? Number(query.level) : null, status: query.status ? Number(query.status) : null };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const isPremium = (expiry: Date | null, now: number) => expiry !== null && expiry.getTime() > now;

/** Whether this request may see partners' telegram handles: a signed-in visitor with unexpired Premium. */
async function telegramVisible(ctx: ApiContext, request: FastifyRequest): Promise<boolean> {
  if (!request.visitor) return false;
  return canSeeTelegram(request.visitor, await premiumExpiry(ctx.db, request.visitor.address));
}

function formatReferral(address: string, row: AccountRow, showTelegram: boolean, now: number, imageBase: string) {
  return {
    _id: address,
    name: row.nickname || null,
    img: imageUrl(imageBase, row.avatar),
    telegram: showTelegram ? row.telegram || null : null,
    status: row.status,
    referrer: row.referrer,
    teamSize: row.team_size,
    teamSizeDaily: row.team_size_daily,
    teamBalance: row.team_balance,
    teamDelegated: row.team_delegated,
    teamUndelegating: row.team_undelegating,
    totalRewards: row.total_rewards,
    totalRewardsRet: row.total_rewards_ret,
    confirmed_account: row.confirmed,
    premium: isPremium(row.premium_exp, now),
    premiumExp: iso(row.premium_exp),
  };
}

/** The node's answer, or null (logged) when there is no node or it fails: the other fields are answered all the same. */
async function nodeRewards(claimable: ClaimableRewards | null, address: string, request: FastifyRequest): Promise<DelegatorRewards | null> {
  if (!claimable) return null;
  try {
    return await claimable.rewards(address);
  } catch (error) {
    if (!(error instanceof NodeRestingError)) request.log.warn({ err: error, address }, "claimable rewards: the node did not answer");
    return null;
  }
}

function formatMember(row: TeamMemberRow, showTelegram: boolean, now: number, imageBase: string) {
  return {
    _id: row.address,
    name: row.nickname || null,
    img: imageUrl(imageBase, row.avatar),
    status: row.status,
    level: row.depth,
    delegated: row.delegated,
    unbonding: row.undelegating,
    teamSize: row.team_size,
    teamSizeDaily: row.team_size_daily,
    activeTeam: row.active_team,
    referrer: row.referrer,
    premium: isPremium(row.premium_exp, now),
    telegram: showTelegram ? row.telegram || null : null,
  };
}

/** `claimable` reads the node; absent (no node configured) or failing, the answer leaves it out. */
export function accountRoutes(server: FastifyInstance, ctx: ApiContext, claimable: ClaimableRewards | null): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/accounts/info/:address",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "An account's balances and partnership record (only the fields asked for; all when none). `claimable` comes from the node and is left out when the node does not answer.",
        params: AddressParams,
        querystring: shape.AccountInfoQuery,
        response: answers(shape.AccountInfo, 400, 503),
      },
    },
    async (request, reply) => {
      const address = holderAddress(request.params.address);
      await ctx.format();
      const fields = new Set<shape.AccountInfoField>(request.query.fields ? (request.query.fields.split(",") as shape.AccountInfoField[]) : shape.INFO_FIELDS);
      // Asked together: on PGlite's one connection a query asked after another can wait for a whole block's write again.
      const [row, rewards, unbonding, showTelegram] = await Promise.all([
        accountRow(ctx.db, address),
        fields.has("claimable") ? nodeRewards(claimable, address, request) : null,
        fields.has("unbounding") ? unbondingEntries(ctx.db, address) : [],
        fields.has("referral") ? telegramVisible(ctx, request) : false,
      ]);
      const answer: Record<string, unknown> = {};
      if (fields.has("balance"))
        answer.balance = [
          { denom: "uaxm", amount: row.available },
          { denom: "uaxmd", amount: row.delegated },
        ];
      if (rewards) answer.claimable = { total: rewards.total };
      if (fields.has("unbounding")) answer.unbounding = unbonding.map((u) => ({ balance: u.amount, completion_time: u.completion_time.toISOString() }));
      if (fields.has("claimed_total")) {
        answer.claimedTotal = row.claimed;
        answer.referralClaimedTotal = row.total_rewards;
      }
      if (fields.has("ref_info"))
        answer.refInfo = { self_delegated: row.delegated, team_delegated: row.team_delegated, status_downgrade_at: iso(row.status_downgrade_at) };
      if (fields.has("referral")) answer.referral = formatReferral(address, row, showTelegram, Date.now(), ctx.config.imageBaseUrl);
      return reply.header("cache-control", PRIVATE_SHORT_CACHE).send(answer);
    },
  );

  app.get(
    "/accounts/delegations/:address",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "An account's delegations, one per validator, biggest first, each with the rewards claiming it pays now (from the node; null when it does not answer). The per-validator rewards add up to `rewardsTotal`, the account info's `claimable.total`.",
        params: AddressParams,
        response: answers(shape.AccountDelegations, 400, 503),
      },
    },
    async (request, reply) => {
      const address = holderAddress(request.params.address);
      const format = await ctx.format();
      const rewards = await nodeRewards(claimable, address, request);
      const rows = await accountDelegations(ctx.db, address, rewards?.byValidator.map((entry) => entry.validator) ?? []);
      const byValidator = new Map(rewards?.byValidator.map((entry) => [entry.validator, entry.rewards]));
      return reply.header("cache-control", SHORT_CACHE).send({
        delegations: rows.map((row) => ({
          validator: { address: row.validator, name: row.moniker ?? "", logoUrl: logoUrl(format, row.identity) },
          amount: row.amount,
          rewards: rewards ? (byValidator.get(row.validator) ?? []) : null,
        })),
        rewardsTotal: rewards?.total ?? null,
      });
    },
  );

  app.get(
    "/accounts/team/:address/paginate/records_count",
    {
      schema: {
        tags: ["accounts"],
        summary: "How many team members (levels 1..14) the filters keep",
        params: AddressParams,
        querystring: shape.TeamFilterQuery,
        response: answers(shape.TeamCount, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      await ctx.format();
      return reply.header("cache-control", PRIVATE_SHORT_CACHE).send({ total_records: await teamCount(ctx.db, address, teamFilter(request.query)) });
    },
  );

  app.get(
    "/accounts/team/:address/paginate/:pageSize/:page",
    {
      schema: {
        tags: ["accounts"],
        summary: "A page of the team, level counted from the address; names maps referrers to nicknames",
        params: shape.TeamPageParams,
        querystring: shape.TeamPageQuery,
        response: answers(shape.TeamPage, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      await ctx.format();
      const { pageSize, page } = pageOf(request.params);
      const order = request.query.order || "level";
      const rows = await teamPage(ctx.db, address, teamFilter(request.query), order, request.query.direction === "desc", pageSize, page);
      const showTelegram = await telegramVisible(ctx, request);
      const now = Date.now();
      const names = Object.fromEntries(rows.flatMap((r) => (r.referrer !== null && r.referrer_nickname !== null ? [[r.referrer, r.referrer_nickname]] : [])));
      return reply
        .header("cache-control", PRIVATE_SHORT_CACHE)
        .send({ data: rows.map((r) => formatMember(r, showTelegram, now, ctx.config.imageBaseUrl)), names });
    },
  );
}
