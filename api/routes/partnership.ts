// Routes of API.md's partnership calls: status progress, the weekly KPI with its rating, and the leader-bonus table.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ACTIVE_DELEGATION, criteriaFor, RULE_NAMES, STATUS_CONDITIONS, type Criterion, type PartnerMeasures } from "../../core/partnership-conditions.ts";
import { kpiAmount, kpiLevel, kpiTarget, KPI_STATUSES } from "../../core/partnership-kpi.ts";
import { LEADER_BONUS_SHARE_PERCENT } from "../../core/partnership-bonus.ts";
import { nextPayoutMs } from "../../core/partnership-countdown.ts";
import { isPremium } from "../../core/partnership-premium.ts";
import { LEADER, type Status } from "../../core/partnership-status.ts";
import {
  firstLine,
  kpiBranches,
  leaderBonusState,
  leadersWithKpi,
  premiumLeaders,
  progressRow,
  type LeaderBonusRow,
  type LeaderRow,
} from "../../db/queries/partnership.ts";
import { accountAddress } from "../account-address.ts";
import type { ApiConfig, ApiContext } from "../context.ts";
import type { StatusChecks } from "../status-checks.ts";
import { imageUrl } from "../format.ts";
import { SHORT_CACHE } from "../http.ts";
import { AddressParams, answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/accounts.ts";

const RATING_SIZE = 10;

function formatCriterion(c: Criterion) {
  return { rule: RULE_NAMES[c.rule], actual_value: c.actual.toString(), target_value: c.target.toString(), parameter_x: c.parameterX };
}

/** The chain's "now" (its latest indexed block): Premium and the payout moment are the chain's, as when it pays. */
const chainNow = (state: LeaderBonusRow) => state.chain_time?.getTime() ?? Date.now();

function nextPayoutAt(state: LeaderBonusRow): string {
  return new Date(state.next_payout?.getTime() ?? nextPayoutMs(chainNow(state))).toISOString();
}

/** kpi_branches keeps a leader's sum and largest branch: the largest-branch rule needs nothing else. */
const kpiOf = (l: LeaderRow) => kpiAmount([BigInt(l.kpi_largest), BigInt(l.kpi_total) - BigInt(l.kpi_largest)]);

function rating(rows: LeaderRow[], now: number, imageBase: string) {
  return rows
    .map((row) => ({ row, kpi: kpiOf(row) }))
    .filter((l) => l.kpi > 0n)
    .sort((a, b) => (a.kpi === b.kpi ? (a.row.address < b.row.address ? -1 : 1) : a.kpi > b.kpi ? -1 : 1))
    .slice(0, RATING_SIZE)
    .map(({ row, kpi }) => ({
      _id: row.address,
      name: row.nickname || null,
      img: imageUrl(imageBase, row.avatar),
      premium: isPremium(row.premium_exp?.getTime(), now),
      status: row.status,
      lbDelegated: kpi.toString(),
    }));
}

/**
 * The week's pool: the configured weekly amount, at most what the configured wallet holds (the chain pays no leader
 * bonus: the programme's payouts are ordinary transfers from its wallet). Unknown without a configured amount.
 */
function weeklyPool(settings: ApiConfig["leaderBonus"], state: LeaderBonusRow): bigint | null {
  if (!settings.weekly) return null;
  const weekly = BigInt(settings.weekly);
  if (!settings.wallet) return weekly;
  const balance = BigInt(state.wallet_balance);
  return weekly < balance ? weekly : balance;
}

/**
 * Each status's share of the pool split equally among the Premium leaders whose KPI completed that level or a higher
 * one; what one leader of a level gets is the sum of those splits up to its level (null while the pool is unknown).
 */
function bonusTable(premium: LeaderRow[], state: LeaderBonusRow, pool: bigint | null) {
  const levels = premium.map((r) => kpiLevel(r.status as Status, kpiOf(r)));
  let forOne = 0n;
  const bonuses = KPI_STATUSES.map((status) => {
    const share = LEADER_BONUS_SHARE_PERCENT[status] ?? 0n;
    const usersCount = levels.filter((level) => level >= status).length;
    if (pool !== null && usersCount > 0) forOne += (pool * share) / 100n / BigInt(usersCount);
    return { status, share: Number(share), usersCount, amountForOneWithOtherLevels: pool === null ? null : forOne.toString() };
  });
  return { bonuses, pool: pool === null ? null : pool.toString(), nextPayoutAt: nextPayoutAt(state) };
}

/** SPEC.md §9's conditions measured on the index: what progress shows when the node cannot give its own targets. */
async function indexedCriteria(ctx: ApiContext, address: string): Promise<Map<Status, Criterion[]>> {
  const row = await progressRow(ctx.db, address);
  const measures: PartnerMeasures = {
    selfDelegated: BigInt(row.delegated),
    teamDelegated: BigInt(row.team_delegated),
    firstLine: (await firstLine(ctx.db, address, ACTIVE_DELEGATION)).map((r) => ({
      selfDelegated: BigInt(r.delegated),
      activeReferrals: r.active_referrals,
      teamSize: r.team_size,
    })),
  };
  return new Map(STATUS_CONDITIONS.map(({ status }) => [status, criteriaFor(status, measures)]));
}

/**
 * The chain's own criteria when the node answers CheckStatus (its live targets: thresholds moved with chain upgrade
 * v2.2.0), else the configured ones measured on the index (logged).
 */
async function statusCriteria(ctx: ApiContext, checks: StatusChecks | null, address: string, request: FastifyRequest): Promise<Map<Status, Criterion[]>> {
  if (checks) {
    try {
      return await checks.criteria(address);
    } catch (error) {
      request.log.warn({ err: error, address }, "status progress: the node did not answer CheckStatus; using the configured conditions");
    }
  }
  return indexedCriteria(ctx, address);
}

/** `checks` asks the node for the chain's status criteria; absent (no node) or failing, the index answers. */
export function partnershipRoutes(server: FastifyInstance, ctx: ApiContext, checks: StatusChecks | null): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/accounts/status-progress-full/:address",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Each status's criteria (1 Starter .. 7 Mega): the chain's own (CheckStatus) when the node answers, else the configured conditions measured on the index; self stake in uaxm, team coins in whole AXM",
        params: AddressParams,
        response: answers(shape.StatusProgress, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      await ctx.format();
      const criteria = await statusCriteria(ctx, checks, address, request);
      const answer = Object.fromEntries([...criteria].map(([status, list]) => [String(status), list.map(formatCriterion)]));
      return reply.header("cache-control", SHORT_CACHE).send(answer);
    },
  );

  app.get(
    "/accounts/status-kpi-full/:address",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "KPI targets per status (uaxm a week), the account's KPI since the last payout with the cards it completed, the top 10 leaders by KPI, and the next payout",
        params: AddressParams,
        response: answers(shape.StatusKpi, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      await ctx.format();
      const row = await progressRow(ctx.db, address);
      const amount = kpiAmount(await kpiBranches(ctx.db, address));
      const state = await leaderBonusState(ctx.db, ctx.config.leaderBonus.wallet);
      return reply.header("cache-control", SHORT_CACHE).send({
        kpi: Object.fromEntries(KPI_STATUSES.map((status) => [String(status), kpiTarget(status).toString()])),
        completed: { amount: amount.toString(), cards: kpiLevel(row.status as Status, amount) },
        rating: rating(await leadersWithKpi(ctx.db, LEADER), chainNow(state), ctx.config.imageBaseUrl),
        nextPayoutAt: nextPayoutAt(state),
      });
    },
  );

  app.get(
    "/promo/leader_bonus/v2",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "The leader-bonus table: per status its share of the pool, the Premium leaders whose KPI completed it, and what one of them gets with the levels below (pool and amounts null when no weekly amount is configured)",
        response: answers(shape.LeaderBonusTable, 503),
      },
    },
    async (_request, reply) => {
      await ctx.format();
      const state = await leaderBonusState(ctx.db, ctx.config.leaderBonus.wallet);
      const table = bonusTable(await premiumLeaders(ctx.db, LEADER, new Date(chainNow(state))), state, weeklyPool(ctx.config.leaderBonus, state));
      return reply.header("cache-control", SHORT_CACHE).send(table);
    },
  );
}
