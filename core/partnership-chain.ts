// The AXM chain's own partnership rules (axm-node v2.2.x): status enum, v2.2 status requirements, lines opened, activity and the partner-fee split.
import { MICRO } from "./amount.ts";
import { RULE, type Rule } from "./partnership-conditions.ts";
import { CHAIN_STATUS_NAMES } from "./partnership-status.ts";

/** x/referral Status enum (proto/axiome/referral/v1beta1/types.proto). */
export const CHAIN_STATUS = { UNSPECIFIED: 0, NEW: 1, STARTER: 2, LEADER: 3, GURU: 4, BOSS: 5, PRO: 6, TOP: 7, MEGA: 8, DEPRECATED: 9 } as const;

/** The enum's name as jsonpb prints it ("STATUS_LEADER"). */
export function chainStatusName(status: number): string {
  return CHAIN_STATUS_NAMES[status] ?? CHAIN_STATUS_NAMES[CHAIN_STATUS.UNSPECIFIED];
}

/** x/referral/types/types.go LinesOpened: partner levels a status is paid for; UNSPECIFIED and DEPRECATED open all 14. */
export function linesOpened(status: number): number {
  if (status >= CHAIN_STATUS.NEW && status <= CHAIN_STATUS.MEGA) return (status - 1) * 2;
  return 14;
}

/** keeper.go OnBalanceChanged (v2.2.0): an account is active from 1,000 AXM of its own delegation. */
export const ACTIVE_SELF_DELEGATED = 1_000n * MICRO;

/** types.proto ActiveAggregations. */
export interface ActiveAggregations {
  firstLine: number;
  firstLineBy3: number;
  team0: number;
  team15: number;
  team50: number;
  team100: number;
  team300: number;
}

export const NO_ACTIVE_AGGREGATIONS: Readonly<ActiveAggregations> = { firstLine: 0, firstLineBy3: 0, team0: 0, team15: 0, team50: 0, team100: 0, team300: 0 };

/** keeper.go changeTeamActive: the bucket an active first-line referral counts in, by its active members at levels 1..13. */
export function teamBucket(activeMembers: number): "team0" | "team15" | "team50" | "team100" | "team300" {
  if (activeMembers < 15) return "team0";
  if (activeMembers < 50) return "team15";
  if (activeMembers < 100) return "team50";
  if (activeMembers < 300) return "team100";
  return "team300";
}

/** What status_requirements.go reads of an Info record. */
export interface StatusFigures {
  selfDelegated: bigint;
  teamDelegated: bigint;
  activeCount: ActiveAggregations;
}

export interface ChainCriterion {
  met: boolean;
  rule: Rule;
  target: bigint;
  /** Capped at the target. */
  actual: bigint;
  parameterX: number;
}

export interface StatusCheck {
  overall: boolean;
  criteria: ChainCriterion[];
}

type Requirement =
  | { kind: "none" }
  | { kind: "self"; self: number }
  | { kind: "firstLine"; self: number; team: number; eachWith: 0 | 3 }
  | { kind: "teams"; self: number; team: number; leg: 15 | 50 | 100 | 300 };

/** x/referral/keeper/status_requirements.go as of v2.2.0 (whole AXM), by chain status. */
const REQUIREMENTS: Record<number, Requirement> = {
  [CHAIN_STATUS.UNSPECIFIED]: { kind: "none" },
  [CHAIN_STATUS.NEW]: { kind: "none" },
  [CHAIN_STATUS.STARTER]: { kind: "self", self: 1_000 },
  [CHAIN_STATUS.LEADER]: { kind: "firstLine", self: 10_000, team: 20_000, eachWith: 0 },
  [CHAIN_STATUS.GURU]: { kind: "firstLine", self: 25_000, team: 50_000, eachWith: 3 },
  [CHAIN_STATUS.BOSS]: { kind: "teams", self: 60_000, team: 150_000, leg: 15 },
  [CHAIN_STATUS.PRO]: { kind: "teams", self: 130_000, team: 300_000, leg: 50 },
  [CHAIN_STATUS.TOP]: { kind: "teams", self: 200_000, team: 800_000, leg: 100 },
  [CHAIN_STATUS.MEGA]: { kind: "teams", self: 350_000, team: 2_000_000, leg: 300 },
};

function criterion(rule: Rule, target: number, actual: bigint, parameterX = 0): ChainCriterion {
  const goal = BigInt(target);
  return { rule, target: goal, actual: actual < goal ? actual : goal, parameterX, met: actual >= goal };
}

const wholeAxm = (uaxm: bigint) => uaxm / MICRO;

/** "Teams of X people": active first-line referrals in the buckets of X and above. */
function teamsOf(c: ActiveAggregations, leg: 15 | 50 | 100 | 300): number {
  if (leg === 15) return c.team15 + c.team50 + c.team100 + c.team300;
  if (leg === 50) return c.team50 + c.team100 + c.team300;
  if (leg === 100) return c.team100 + c.team300;
  return c.team300;
}

function criteriaOf(req: Requirement, f: StatusFigures): ChainCriterion[] {
  if (req.kind === "none") return [];
  const self = criterion(RULE.SELF_STAKE, req.self, wholeAxm(f.selfDelegated));
  if (req.kind === "self") return [self];
  const team = criterion(RULE.N_COINS_IN_STRUCTURE, req.team, wholeAxm(f.teamDelegated));
  const by3 = criterion(RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, 3, BigInt(f.activeCount.firstLineBy3), 3);
  if (req.kind === "teams") return [team, self, criterion(RULE.N_TEAMS_OF_X_PEOPLE_EACH, 3, BigInt(teamsOf(f.activeCount, req.leg)), req.leg), by3];
  const firstLine = req.eachWith === 0 ? criterion(RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, 3, BigInt(f.activeCount.firstLine), 0) : by3;
  return [team, self, firstLine];
}

/** checkStatusRequirements: the status's criteria in the chain's order (team coins, self stake, then the referral rules). */
export function checkChainStatus(status: number, figures: StatusFigures): StatusCheck {
  const req = REQUIREMENTS[status];
  if (!req) throw new Error(`there is no such status: ${status}`);
  const criteria = criteriaOf(req, figures);
  return { overall: criteria.every((c) => c.met), criteria };
}

/** bunch_updater.go: from a met status, up one status at a time while the next one's requirements are met. */
export function highestReachableStatus(current: number, figures: StatusFigures): number {
  let status = current;
  while (status < CHAIN_STATUS.MEGA && checkChainStatus(status + 1, figures).overall) status++;
  return status;
}

/** util.Fraction as params hold it, unreduced. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const fraction = (num: number, den: number): Fraction => ({ num: BigInt(num), den: BigInt(den) });

/** params delegating_award.network: what each of the 14 levels gets of a delegation (15% in all). */
export const DELEGATING_AWARD: readonly Fraction[] = [
  ...[5, 1, 2, 1, 1, 1, 1, 1].map((p) => fraction(p, 100)),
  ...[7, 5, 3, 2, 2, 1].map((p) => fraction(p, 1000)),
];

/** util.Fraction's text: "5%" when the denominator is 100, "7/1000" otherwise. */
export function fractionText(f: Fraction): string {
  return f.den === 100n ? `${f.num}%` : `${f.num}/${f.den}`;
}

export interface PartnerFee {
  /** 1 = the referrer. */
  level: number;
  amount: bigint;
}

export interface PartnerFeeSplit {
  fees: PartnerFee[];
  /** What the delegator burns in non-uret mode: the shares of missing ancestors and of levels their status leaves closed. */
  burn: bigint;
  /** What is bonded in non-uret mode: amount − burn − fees. */
  remain: bigint;
}

/**
 * keeper.go getReferralFeesCore + PayUpFees: level i+1 pays its ancestor floor(ratio × amount) when the ancestor's
 * status opens more than i lines; missing ancestors' and closed levels' ratios add up to the burned excess.
 * `ancestors` are the statuses of the referrer and up (undefined: no such ancestor).
 */
export function partnerFeeSplit(amount: bigint, ancestors: readonly (number | undefined)[]): PartnerFeeSplit {
  const fees: PartnerFee[] = [];
  let excess: Fraction = { num: 0n, den: 1n };
  DELEGATING_AWARD.forEach((ratio, i) => {
    const status = ancestors[i];
    if (status === undefined || i >= linesOpened(status)) {
      excess = { num: excess.num * ratio.den + ratio.num * excess.den, den: excess.den * ratio.den };
      return;
    }
    const fee = (ratio.num * amount) / ratio.den;
    if (fee > 0n) fees.push({ level: i + 1, amount: fee });
  });
  const burn = (excess.num * amount) / excess.den;
  const remain = amount - burn - fees.reduce((sum, f) => sum + f.amount, 0n);
  return { fees, burn, remain };
}
