// Referral (partnership) module: registration, statuses with delayed downgrades, partner rewards, the weekly leader bonus, Premium.
import type { ChainState } from "./state.ts";
import { type EventSink, coins, quoted } from "./events.ts";
import { send, burn } from "./bank.ts";
import { referralAlreadyRegistered, referrerNotRegistered, referralNeedsDelegation } from "./errors.ts";
import { rfc3339Seconds } from "./staking.ts";
import { MICRO } from "../core/amount.ts";
import { CHAIN_STATUS_NAMES, LEADER, MAX_LEVEL, NO_STATUS, chainStatus, partnerRewards, type Status } from "../core/partnership-status.ts";
import { ACTIVE_DELEGATION, qualifiedStatus, type PartnerMeasures } from "../core/partnership-conditions.ts";
import { kpiAmount, kpiLevel } from "../core/partnership-kpi.ts";
import { leaderBonusPayout } from "../core/partnership-bonus.ts";
import { nextPayoutMs } from "../core/partnership-countdown.ts";
import { isPremium, isPremiumPurchase, premiumExpiryAfterPurchase } from "../core/partnership-premium.ts";

export const REGISTRATION_MIN_DELEGATION = MICRO;

const EVENT = "axiome.referral.v1beta1.";
export const REFERRAL_REGISTERED_EVENT = `${EVENT}EventReferralRegistered`;
export const STATUS_UPDATED_EVENT = `${EVENT}EventStatusUpdated`;
export const STATUS_WILL_BE_DOWNGRADED_EVENT = `${EVENT}EventStatusWillBeDowngraded`;
export const STATUS_DOWNGRADE_CANCELED_EVENT = `${EVENT}EventStatusDowngradeCanceled`;
export const LEADER_BONUS_PAID_EVENT = `${EVENT}EventLeaderBonusPaid`;
export const LEADER_BONUS_ROUND_EVENT = `${EVENT}EventLeaderBonusRound`;

export function isRegistered(state: ChainState, address: string, root: string): boolean {
  return address === root || state.referrers.has(address);
}

export function statusOf(state: ChainState, address: string): Status {
  return state.partnerRecords.get(address)?.status ?? NO_STATUS;
}

const selfDelegated = (state: ChainState, address: string) => state.delegatedBy.get(address) ?? 0n;
const isActive = (state: ChainState, address: string) => selfDelegated(state, address) >= ACTIVE_DELEGATION;

export function activeReferrals(state: ChainState, address: string): number {
  return (state.children.get(address) ?? []).filter((child) => isActive(state, child)).length;
}

/** What the status conditions are checked against. */
export function measuresOf(state: ChainState, address: string): PartnerMeasures {
  return {
    selfDelegated: selfDelegated(state, address),
    teamDelegated: state.teamDelegated.get(address) ?? 0n,
    firstLine: (state.children.get(address) ?? []).map((child) => ({
      selfDelegated: selfDelegated(state, child),
      activeReferrals: activeReferrals(state, child),
      teamSize: state.teamSize.get(child) ?? 0,
    })),
  };
}

export function register(state: ChainState, sink: EventSink, root: string, referral: string, referrer: string): void {
  if (isRegistered(state, referral, root)) throw referralAlreadyRegistered(referral);
  if (!isRegistered(state, referrer, root) || referrer === referral) throw referrerNotRegistered(referrer);
  if (selfDelegated(state, referral) < REGISTRATION_MIN_DELEGATION) throw referralNeedsDelegation(referral);
  state.setReferrer(referral, referrer);
  sink.emit(REFERRAL_REGISTERED_EVENT, { referral: quoted(referral), referrer: quoted(referrer) });
}

/**
 * A delegation inside a team pays each of up to 14 ancestors its level's share of the delegated amount from the
 * reward pool (ref_fee); the shares of levels an ancestor's status does not unlock are burned. An empty pool pays
 * nothing rather than failing the delegation. The KPI of each of those 14 ancestors (the programme's depth) counts the
 * delegation in the branch it came through.
 */
export function onDelegated(state: ChainState, sink: EventSink, delegator: string, amount: bigint): void {
  const nearest = state.ancestors(delegator).slice(0, MAX_LEVEL);
  nearest.forEach((ancestor, i) => state.addKpi(ancestor, i === 0 ? delegator : nearest[i - 1], amount));
  const rewards = partnerRewards(amount, nearest.map((a) => statusOf(state, a)));
  const pool = state.referralParams.rewardPool;
  if (rewards.reduce((sum, r) => sum + r.amount, 0n) > state.balance(pool)) return;
  let burned = 0n;
  for (const { level, amount: share, unlocked } of rewards) {
    if (!unlocked) {
      burned += share;
      continue;
    }
    const to = nearest[level - 1];
    send(state, sink, pool, to, share);
    sink.emit("ref_fee", { amount: coins(share), from: delegator, to });
  }
  burn(state, sink, pool, burned);
}

/** MsgBurnPartnerFee: burns the coins; a burn of the Premium price buys or extends Premium (params.premium). */
export function burnPartnerFee(state: ChainState, sink: EventSink, typeUrl: string, from: string, amount: bigint): void {
  burn(state, sink, from, amount);
  if (!isPremiumPurchase(typeUrl, amount, state.referralParams.premium)) return;
  state.setPremiumUntil(from, premiumExpiryAfterPurchase(state.premiumUntil.get(from), state.timeMs, state.referralParams.premium));
}

const statusName = (state: ChainState, status: Status) => quoted(CHAIN_STATUS_NAMES[chainStatus(status, true)]);

function changeStatus(state: ChainState, sink: EventSink, address: string, before: Status, after: Status): void {
  state.setPartnerRecord(address, { status: after });
  sink.emit(STATUS_UPDATED_EVENT, { address: quoted(address), before: statusName(state, before), after: statusName(state, after) });
}

/**
 * Upgrades at once; a status whose conditions stop being met is kept until status_downgrade_at, and the downgrade is
 * cancelled if they are met again before then.
 */
function reviewStatus(state: ChainState, sink: EventSink, address: string): void {
  const record = state.partnerRecords.get(address) ?? { status: NO_STATUS };
  const qualified = qualifiedStatus(measuresOf(state, address));
  if (qualified >= record.status) {
    if (record.downgradeAtMs !== undefined) {
      state.setPartnerRecord(address, { status: record.status });
      sink.emit(STATUS_DOWNGRADE_CANCELED_EVENT, { address: quoted(address) });
    }
    if (qualified > record.status) changeStatus(state, sink, address, record.status, qualified);
  } else if (record.downgradeAtMs === undefined) {
    const downgradeAtMs = state.timeMs + state.referralParams.statusDowngradePeriodMs;
    state.setPartnerRecord(address, { status: record.status, downgradeAtMs });
    sink.emit(STATUS_WILL_BE_DOWNGRADED_EVENT, { address: quoted(address), time: quoted(rfc3339Seconds(downgradeAtMs)) });
  } else if (record.downgradeAtMs <= state.timeMs) {
    changeStatus(state, sink, address, record.status, qualified);
  }
}

/** EndBlock: statuses of the accounts whose team or delegation changed, and downgrades that fall due. */
export function updateStatuses(state: ChainState, sink: EventSink): void {
  const review = new Set([...state.partnersTouched].filter((a) => isRegistered(state, a, state.referralParams.root)));
  state.partnersTouched.clear();
  for (const [address, record] of state.partnerRecords) {
    if (record.downgradeAtMs !== undefined && record.downgradeAtMs <= state.timeMs) review.add(address);
  }
  for (const address of review) reviewStatus(state, sink, address);
}

/** Genesis: every registered account starts at the status its conditions give, without events. */
export function initStatuses(state: ChainState): void {
  for (const address of [state.referralParams.root, ...state.referrers.keys()]) {
    const status = qualifiedStatus(measuresOf(state, address));
    if (status !== NO_STATUS) state.setPartnerRecord(address, { status });
  }
  state.partnersTouched.clear();
}

export function kpiOf(state: ChainState, address: string): bigint {
  return kpiAmount([...(state.kpiBranches.get(address)?.values() ?? [])]);
}

/**
 * BeginBlock of the first block at or after Saturday 09:00 UTC: the leader-bonus wallet pays the week's pool to leaders
 * with Premium by SPEC.md §6's shares, each taking part at the level its KPI completed (not its status), then every
 * KPI starts over.
 */
export function payLeaderBonus(state: ChainState, sink: EventSink): void {
  // The genesis time is only known once the first block is made (README, real clock).
  if (state.nextLeaderBonusMs === 0) state.nextLeaderBonusMs = nextPayoutMs(state.timeMs - 1);
  if (state.timeMs < state.nextLeaderBonusMs) return;
  const { leaderBonusWallet: wallet, leaderBonusWeekly } = state.referralParams;
  const balance = state.balance(wallet);
  const pool = leaderBonusWeekly < balance ? leaderBonusWeekly : balance;
  const leaders = [...state.partnerRecords]
    .filter(([address, record]) => record.status >= LEADER && isPremium(state.premiumUntil.get(address), state.timeMs))
    .map(([address, record]) => ({ address, status: record.status, kpi: kpiOf(state, address) }));
  const candidates = leaders.map((l) => ({ ...l, status: kpiLevel(l.status, l.kpi) })).filter((c) => c.status >= LEADER);
  let total = 0n;
  for (const [address, amount] of leaderBonusPayout(pool, candidates)) {
    send(state, sink, wallet, address, amount);
    const { status, kpi } = leaders.find((l) => l.address === address)!;
    sink.emit(LEADER_BONUS_PAID_EVENT, {
      address: quoted(address),
      amount: quoted(amount.toString()),
      status: statusName(state, status),
      kpi: quoted(kpi.toString()),
    });
    total += amount;
  }
  state.resetKpi();
  state.nextLeaderBonusMs = nextPayoutMs(state.timeMs);
  sink.emit(LEADER_BONUS_ROUND_EVENT, { total: quoted(total.toString()), next_payout: quoted(rfc3339Seconds(state.nextLeaderBonusMs)) });
}
