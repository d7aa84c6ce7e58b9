// Routes of API.md's partnership calls: status progress, the weekly KPI with its rating, and the leader-bonus table.
import type { FastifyInstance } from "fastify";
import { ACTIVE_DELEGATION, criteriaFor, RULE_NAMES, STATUS_CONDITIONS, type Criterion, type PartnerMeasures } from "../../core/partnership-conditions.ts";
import { kpiAmount, kpiLevel, kpiTarget, KPI_STATUSES } from "../../core/partnership-kpi.ts";
import { LEADER_BONUS_SHARE_PERCENT } from "../../core/partnership-bonus.ts";
import { nextPayoutMs } from "../../core/partnership-countdown.ts";
import { isPremium } from "../../core/partnership-premium.ts";
import { LEADER, type Status } from "../../core/partnership-status.ts";
import { firstLine, kpiBranches, leaderBonusState, leadersWithKpi, premiumLeaders, progressRow, type LeaderBonusRow, type LeaderRow } from "../../db/queries/partnership.ts";
import { accountAddress } from "../account-address.ts";
import type { ApiContext } from "../context.ts";
import { imageUrl } from "../format.ts";
import * as schema from "../response-schemas.ts";

const SHORT_CACHE = "public, max-age=2";
const RATING_SIZE = 10;

const addressParams = { type: "object", required: ["address"], properties: { address: { type: "string", minLength: 1, maxLength: 200 } } };

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
 * Each status's share of the pool split equally among the Premium leaders whose KPI completed that level or a higher
 * one; what one leader of a level gets is the sum of those splits up to its level.
 */
function bonusTable(premium: LeaderRow[], state: LeaderBonusRow) {
  const weekly = BigInt(state.weekly ?? 0);
  const balance = BigInt(state.wallet_balance);
  const pool = weekly < balance ? weekly : balance;
  const levels = premium.map((r) => kpiLevel(r.status as Status, kpiOf(r)));
  let forOne = 0n;
  const bonuses = KPI_STATUSES.map((status) => {
    const share = LEADER_BONUS_SHARE_PERCENT[status] ?? 0n;
    const usersCount = levels.filter((level) => level >= status).length;
    if (usersCount > 0) forOne += (pool * share) / 100n / BigInt(usersCount);
    return { status, share: Number(share), usersCount, amountForOneWithOtherLevels: forOne.toString() };
  });
  return { bonuses, pool: pool.toString(), nextPayoutAt: nextPayoutAt(state) };
}

export function partnershipRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { address: string } }>(
    "/accounts/status-progress-full/:address",
    {
      schema: {
        tags: ["accounts"],
        summary: "Each status's criteria (1 Starter .. 7 Mega) measured on the account: self stake in uaxm, team coins in whole AXM (levels 1..14)",
        params: addressParams,
        response: schema.answers(schema.statusProgress, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      await ctx.format();
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
      const answer = Object.fromEntries(STATUS_CONDITIONS.map(({ status }) => [String(status), criteriaFor(status, measures).map(formatCriterion)]));
      return reply.header("cache-control", SHORT_CACHE).send(answer);
    },
  );

  app.get<{ Params: { address: string } }>(
    "/accounts/status-kpi-full/:address",
    {
      schema: {
        tags: ["accounts"],
        summary: "KPI targets per status (uaxm a week), the account's KPI since the last payout with the cards it completed, the top 10 leaders by KPI, and the next payout",
        params: addressParams,
        response: schema.answers(schema.statusKpi, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      await ctx.format();
      const row = await progressRow(ctx.db, address);
      const amount = kpiAmount(await kpiBranches(ctx.db, address));
      const state = await leaderBonusState(ctx.db);
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
        summary: "The leader-bonus table: per status its share of the pool, the Premium leaders whose KPI completed it, and what one of them gets with the levels below",
        response: schema.answers(schema.leaderBonusTable, 503),
      },
    },
    async (_request, reply) => {
      await ctx.format();
      const state = await leaderBonusState(ctx.db);
      const table = bonusTable(await premiumLeaders(ctx.db, LEADER, new Date(chainNow(state))), state);
      return reply.header("cache-control", SHORT_CACHE).send(table);
    },
  );
}
