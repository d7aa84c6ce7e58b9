// Status conditions (SPEC.md §9) as data, each status's criteria in the chain's rule shapes, and the progress percentage (SPEC.md §4).
import { MICRO } from "./amount.ts";
import { NO_STATUS, type Status } from "./partnership-status.ts";

/** The chain's criterion rules (CHAIN.md). */
export const RULE = {
  N_REFERRALS_WITH_X_REFERRALS_EACH: 1,
  N_COINS_IN_STRUCTURE: 2,
  N_TEAMS_OF_X_PEOPLE_EACH: 3,
  PARTICIPATE_IN_REFERRAL_PROGRAM: 4,
  SELF_STAKE: 5,
} as const;
export type Rule = (typeof RULE)[keyof typeof RULE];

export const RULE_NAMES: Record<Rule, string> = {
  1: "RULE_N_REFERRALS_WITH_X_REFERRALS_EACH",
  2: "RULE_N_COINS_IN_STRUCTURE",
  3: "RULE_N_TEAMS_OF_X_PEOPLE_EACH",
  4: "RULE_PARTICIPATE_IN_REFERRAL_PROGRAM",
  5: "RULE_SELF_STAKE",
};

export interface StatusConditions {
  status: Status;
  /** uaxm the account delegates itself. */
  selfDelegation: bigint;
  /** uaxm its whole team delegates (0: no team rule, Starter). */
  teamDelegation: bigint;
  /** N active first-line referrals with X active referrals each (absent: no such rule). */
  firstLine?: { referrals: number; eachWith: number };
  /** N first-line branches of X people each (absent: no such rule). */
  teams?: { count: number; people: number };
}

const axm = (n: number) => BigInt(n) * MICRO;

/** A referral is active when it delegates what Starter needs ("each delegating 100 AXM"). */
export const ACTIVE_DELEGATION = axm(100);

/** SPEC.md §9, Starter to Mega; Boss and above also keep the 3x3 first-line rule (CHAIN.md rule shapes). */
export const STATUS_CONDITIONS: readonly StatusConditions[] = [
  { status: 1, selfDelegation: axm(100), teamDelegation: 0n },
  { status: 2, selfDelegation: axm(250), teamDelegation: axm(20_000), firstLine: { referrals: 3, eachWith: 0 } },
  { status: 3, selfDelegation: axm(600), teamDelegation: axm(50_000), firstLine: { referrals: 3, eachWith: 3 } },
  { status: 4, selfDelegation: axm(1_500), teamDelegation: axm(150_000), teams: { count: 3, people: 15 }, firstLine: { referrals: 3, eachWith: 3 } },
  { status: 5, selfDelegation: axm(4_000), teamDelegation: axm(300_000), teams: { count: 3, people: 50 }, firstLine: { referrals: 3, eachWith: 3 } },
  { status: 6, selfDelegation: axm(10_000), teamDelegation: axm(800_000), teams: { count: 3, people: 100 }, firstLine: { referrals: 3, eachWith: 3 } },
  { status: 7, selfDelegation: axm(30_000), teamDelegation: axm(2_000_000), teams: { count: 3, people: 300 }, firstLine: { referrals: 3, eachWith: 3 } },
];

/** One first-line referral as the rules see it. */
export interface FirstLineReferral {
  /** uaxm it delegates itself. */
  selfDelegated: bigint;
  /** Its own first-line referrals that are active. */
  activeReferrals: number;
  /** People in its team, itself not included. */
  teamSize: number;
}

export interface PartnerMeasures {
  selfDelegated: bigint;
  teamDelegated: bigint;
  firstLine: readonly FirstLineReferral[];
}

export interface Criterion {
  rule: Rule;
  /** Team coins in whole AXM (CHAIN.md), self stake in uaxm, rules on people in counts. */
  target: bigint;
  /** Capped at the target. */
  actual: bigint;
  parameterX: number;
  met: boolean;
}

const isActive = (r: FirstLineReferral) => r.selfDelegated >= ACTIVE_DELEGATION;

/** Active first-line referrals with at least x active referrals each. */
export function referralsWithReferrals(firstLine: readonly FirstLineReferral[], x: number): number {
  return firstLine.filter((r) => isActive(r) && r.activeReferrals >= x).length;
}

/** First-line branches (the referral and its team) of at least x people. */
export function teamsOfPeople(firstLine: readonly FirstLineReferral[], x: number): number {
  return firstLine.filter((r) => r.teamSize + 1 >= x).length;
}

function criterion(rule: Rule, target: bigint, actual: bigint, parameterX = 0): Criterion {
  const capped = actual < target ? actual : target;
  return { rule, target, actual: capped, parameterX, met: capped >= target };
}

export function conditionsOf(status: Status): StatusConditions {
  const found = STATUS_CONDITIONS.find((c) => c.status === status);
  if (!found) throw new Error(`no conditions for status ${status}`);
  return found;
}

/** A status's criteria in CHAIN.md's order: team coins, self stake, teams of X people, referrals with X referrals. */
export function criteriaFor(status: Status, m: PartnerMeasures): Criterion[] {
  const c = conditionsOf(status);
  const list: Criterion[] = [];
  if (c.teamDelegation > 0n) list.push(criterion(RULE.N_COINS_IN_STRUCTURE, c.teamDelegation / MICRO, m.teamDelegated / MICRO));
  list.push(criterion(RULE.SELF_STAKE, c.selfDelegation, m.selfDelegated));
  if (c.teams) list.push(criterion(RULE.N_TEAMS_OF_X_PEOPLE_EACH, BigInt(c.teams.count), BigInt(teamsOfPeople(m.firstLine, c.teams.people)), c.teams.people));
  if (c.firstLine) {
    const { referrals, eachWith } = c.firstLine;
    list.push(criterion(RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, BigInt(referrals), BigInt(referralsWithReferrals(m.firstLine, eachWith)), eachWith));
  }
  return list;
}

/** The highest status whose criteria are all met (No Status when even Starter's are not). */
export function qualifiedStatus(m: PartnerMeasures): Status {
  let best: Status = NO_STATUS;
  for (const { status } of STATUS_CONDITIONS) {
    if (criteriaFor(status, m).every((c) => c.met)) best = status;
  }
  return best;
}

/**
 * SPEC.md §4: the sum of actual/target over the criteria, divided by 1 with one criterion and by 3 otherwise;
 * with 4 or more criteria the referrals-with-referrals rule is left out. Rounded to 2 decimals.
 */
export function progressPercent(criteria: readonly Criterion[]): number {
  const counted = criteria.length >= 4 ? criteria.filter((c) => c.rule !== RULE.N_REFERRALS_WITH_X_REFERRALS_EACH) : criteria;
  const parts = BigInt(counted.length === 1 ? 1 : 3);
  // Each ratio in millionths, so BigInt coin amounts never pass through floating point.
  const millionths = counted.reduce((sum, c) => sum + (c.target === 0n ? 1_000_000n : (c.actual * 1_000_000n) / c.target), 0n);
  return Math.round(Number((millionths * 100n) / parts) / 10_000) / 100;
}

/** 100% reads "Got", anything less "In process". */
export function isGot(percent: number): boolean {
  return percent >= 100;
}
