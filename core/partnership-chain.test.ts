// The chain's own partnership rules (axm-node v2.2.x): requirements in the chain's order, lines opened and the partner-fee split.
import { explorerStatus } from "./partnership-status.ts";
import { describe, it, expect } from "vitest";
import { MICRO } from "./amount.ts";
import { RULE } from "./partnership-conditions.ts";
import {
  CHAIN_STATUS,
  DELEGATING_AWARD,
  NO_ACTIVE_AGGREGATIONS,
  checkChainStatus,
  chainStatusName,
  fractionText,
  highestReachableStatus,
  linesOpened,
  partnerFeeSplit,
  teamBucket,
  type StatusFigures,
} from "./partnership-chain.ts";

const axm = (n: number) => BigInt(n) * MICRO;
const figures = (self: number, team: number, count: Partial<StatusFigures["activeCount"]> = {}): StatusFigures => ({
  selfDelegated: axm(self),
  teamDelegated: axm(team),
  activeCount: { ...NO_ACTIVE_AGGREGATIONS, ...count },
});

describe("the chain's status enum", () => {
  it("names statuses as jsonpb does and maps them to the explorer's 0..7, DEPRECATED to No status", () => {
    expect([0, 1, 3, 9].map(chainStatusName)).toEqual(["STATUS_UNSPECIFIED", "STATUS_NEW", "STATUS_LEADER", "STATUS_DEPRECATED"]);
    expect([0, 1, 2, 5, 8, 9, 10].map(explorerStatus)).toEqual([0, 0, 1, 4, 7, 0, 0]);
  });

  it("opens 0 lines for NEW, 2 more per status up to 14 for MEGA, and 14 for UNSPECIFIED and DEPRECATED", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(linesOpened)).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect([0, 9].map(linesOpened)).toEqual([14, 14]);
  });

  it("puts an active referral in the team bucket of its active members at levels 1..13", () => {
    expect([0, 14, 15, 49, 50, 99, 100, 299, 300].map(teamBucket)).toEqual([
      "team0",
      "team0",
      "team15",
      "team15",
      "team50",
      "team50",
      "team100",
      "team100",
      "team300",
    ]);
  });
});

describe("status requirements of v2.2.0", () => {
  it("checks Starter's self stake of 1,000 AXM in whole AXM, capped at the target", () => {
    expect(checkChainStatus(CHAIN_STATUS.STARTER, figures(999, 0))).toEqual({
      overall: false,
      criteria: [{ rule: RULE.SELF_STAKE, target: 1_000n, actual: 999n, parameterX: 0, met: false }],
    });
    expect(checkChainStatus(CHAIN_STATUS.STARTER, figures(5_000, 0)).criteria[0]).toMatchObject({ actual: 1_000n, met: true });
    expect(checkChainStatus(CHAIN_STATUS.NEW, figures(0, 0))).toEqual({ overall: true, criteria: [] });
  });

  it("gives Leader and Guru team coins, self stake, then first-line referrals (active, or active with 3 each)", () => {
    const leader = checkChainStatus(CHAIN_STATUS.LEADER, figures(10_000, 20_000, { firstLine: 5, firstLineBy3: 1 }));
    expect(leader.overall).toBe(true);
    expect(leader.criteria.map((c) => [c.rule, c.target, c.actual, c.parameterX])).toEqual([
      [RULE.N_COINS_IN_STRUCTURE, 20_000n, 20_000n, 0],
      [RULE.SELF_STAKE, 10_000n, 10_000n, 0],
      [RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, 3n, 3n, 0],
    ]);
    const guru = checkChainStatus(CHAIN_STATUS.GURU, figures(30_000, 60_000, { firstLine: 5, firstLineBy3: 2 }));
    expect(guru.overall).toBe(false);
    expect(guru.criteria.map((c) => [c.target, c.actual, c.parameterX, c.met])).toEqual([
      [50_000n, 50_000n, 0, true],
      [25_000n, 25_000n, 0, true],
      [3n, 2n, 3, false],
    ]);
  });

  it("gives Boss and above teams of X people counted from the buckets of X and above, then the 3x3 rule", () => {
    const boss = checkChainStatus(CHAIN_STATUS.BOSS, figures(60_000, 150_000, { firstLineBy3: 3, team15: 1, team50: 1, team300: 1 }));
    expect(boss.overall).toBe(true);
    expect(boss.criteria.map((c) => [c.rule, c.target, c.parameterX])).toEqual([
      [RULE.N_COINS_IN_STRUCTURE, 150_000n, 0],
      [RULE.SELF_STAKE, 60_000n, 0],
      [RULE.N_TEAMS_OF_X_PEOPLE_EACH, 3n, 15],
      [RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, 3n, 3],
    ]);
    const pro = checkChainStatus(CHAIN_STATUS.PRO, figures(130_000, 300_000, { firstLineBy3: 3, team15: 1, team50: 1, team300: 1 }));
    expect(pro.criteria[2]).toMatchObject({ actual: 2n, met: false, parameterX: 50 });
    expect(() => checkChainStatus(10, figures(0, 0))).toThrow("there is no such status: 10");
  });

  it("climbs one status at a time and stops at the first unmet one", () => {
    expect(highestReachableStatus(CHAIN_STATUS.NEW, figures(70_000, 20_000, { firstLine: 3, firstLineBy3: 3 }))).toBe(CHAIN_STATUS.LEADER);
    expect(highestReachableStatus(CHAIN_STATUS.NEW, figures(500, 1_000_000))).toBe(CHAIN_STATUS.NEW);
    expect(highestReachableStatus(CHAIN_STATUS.STARTER, figures(60_000, 150_000, { firstLine: 3, firstLineBy3: 3, team15: 3 }))).toBe(CHAIN_STATUS.BOSS);
  });
});

describe("the partner-fee split of a delegation", () => {
  it("prints the 14 fractions as the chain's params do, 15% in all", () => {
    expect(DELEGATING_AWARD.map(fractionText)).toEqual([
      "5%",
      "1%",
      "2%",
      "1%",
      "1%",
      "1%",
      "1%",
      "1%",
      "7/1000",
      "5/1000",
      "3/1000",
      "2/1000",
      "2/1000",
      "1/1000",
    ]);
  });

  it("pays every level to MEGA ancestors and keeps 85% of the amount", () => {
    const split = partnerFeeSplit(axm(100), Array(14).fill(CHAIN_STATUS.MEGA));
    expect(split.fees.map((f) => f.amount)).toEqual([5, 1, 2, 1, 1, 1, 1, 1, 0.7, 0.5, 0.3, 0.2, 0.2, 0.1].map((p) => BigInt(p * 1_000_000)));
    expect([split.burn, split.remain]).toEqual([0n, axm(85)]);
  });

  it("burns the shares of missing ancestors and of levels their status leaves closed", () => {
    // Referrer NEW (0 lines), level 2 STARTER (opens 1-2), level 3 LEADER (opens 1-4), then nobody.
    const split = partnerFeeSplit(axm(100), [CHAIN_STATUS.NEW, CHAIN_STATUS.STARTER, CHAIN_STATUS.LEADER]);
    expect(split.fees).toEqual([
      { level: 2, amount: axm(1) },
      { level: 3, amount: axm(2) },
    ]);
    expect(split.burn).toBe(axm(12));
    expect(split.remain).toBe(axm(85));
  });

  it("floors each fee and the burn separately, leaving the dust bonded", () => {
    const split = partnerFeeSplit(999n, Array(14).fill(CHAIN_STATUS.UNSPECIFIED));
    expect(split.fees.map((f) => f.amount)).toEqual([49n, 9n, 19n, 9n, 9n, 9n, 9n, 9n, 6n, 4n, 2n, 1n, 1n]);
    expect(split.burn).toBe(0n);
    expect(split.remain).toBe(999n - 136n);
    expect(partnerFeeSplit(999n, []).burn).toBe(149n);
  });
});
