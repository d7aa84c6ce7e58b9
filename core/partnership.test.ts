// The partnership programme's rules, checked with SPEC.md's and CHAIN.md's numbers.
import { describe, it, expect } from "vitest";
import { MICRO } from "./amount.ts";
import { chainStatus, explorerStatus, levelUnlocked, partnerRewards, STATUSES, type Status } from "./partnership-status.ts";
import { criteriaFor, isGot, progressPercent, qualifiedStatus, RULE, type FirstLineReferral, type PartnerMeasures } from "./partnership-conditions.ts";
import { kpiAmount, kpiLevel, kpiTarget, KPI_STATUSES } from "./partnership-kpi.ts";
import { leaderBonusPayout } from "./partnership-bonus.ts";
import { nextPayoutMs, payoutCountdownMs } from "./partnership-countdown.ts";
import { isPremium, isPremiumPurchase, premiumExpiryAfterPurchase, PREMIUM } from "./partnership-premium.ts";

const axm = (n: number) => BigInt(Math.round(n * Number(MICRO)));
const referral = (selfAxm: number, activeReferrals = 0, teamSize = 0): FirstLineReferral => ({ selfDelegated: axm(selfAxm), activeReferrals, teamSize });
const measures = (selfAxm: number, teamAxm: number, firstLine: FirstLineReferral[] = []): PartnerMeasures => ({
  selfDelegated: axm(selfAxm),
  teamDelegated: axm(teamAxm),
  firstLine,
});

describe("statuses", () => {
  it("names 0 No Status .. 7 Mega and maps the chain's enum (status - 1, NEW and UNSPECIFIED to 0)", () => {
    expect(STATUSES.map((s) => s.key)).toEqual(["noStatus", "starter", "leader", "guru", "boss", "pro", "top", "mega"]);
    expect([0, 1, 2, 3, 8].map(explorerStatus)).toEqual([0, 0, 1, 2, 7]);
    expect([chainStatus(0, false), chainStatus(0, true), chainStatus(1, true), chainStatus(7, true)]).toEqual([0, 1, 2, 8]);
  });

  it("unlocks levels 1-2 for Starter, up to 4 for Leader .. 14 for Mega", () => {
    expect(levelUnlocked(1, 2)).toBe(true);
    expect(levelUnlocked(1, 3)).toBe(false);
    expect(levelUnlocked(2, 4)).toBe(true);
    expect(levelUnlocked(3, 6)).toBe(true);
    expect(levelUnlocked(6, 13)).toBe(false);
    expect(levelUnlocked(7, 14)).toBe(true);
    expect(levelUnlocked(0, 1)).toBe(false);
  });

  it("shares a delegation 5%, 1%, 2% .. 0.1% up 14 levels (15% in all), marking locked levels", () => {
    const all = partnerRewards(axm(100), Array(16).fill(7));
    expect(all.map((r) => r.amount)).toEqual([5, 1, 2, 1, 1, 1, 1, 1, 0.7, 0.5, 0.3, 0.2, 0.2, 0.1].map((p) => BigInt(p * 1_000_000)));
    expect(all.reduce((sum, r) => sum + r.amount, 0n)).toBe(axm(15));
    const mixed = partnerRewards(axm(100), [1, 1, 1, 0] as Status[]);
    expect(mixed.map((r) => [r.level, r.unlocked])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
  });
});

describe("status conditions and progress", () => {
  it("gives Starter at 100 AXM self-delegation and nothing below", () => {
    expect(qualifiedStatus(measures(99, 0))).toBe(0);
    expect(qualifiedStatus(measures(100, 0))).toBe(1);
  });

  it("gives Leader for 250 AXM, 3 first-line users delegating 100 AXM and a team of 20,000", () => {
    const three = [referral(100), referral(100), referral(100)];
    expect(qualifiedStatus(measures(250, 20_000, three))).toBe(2);
    expect(qualifiedStatus(measures(250, 19_999, three))).toBe(1);
    expect(qualifiedStatus(measures(250, 20_000, [referral(100), referral(100), referral(99)]))).toBe(1);
  });

  it("gives Guru when each of 3 first-line users has 3 active invitees, and Boss with 3 branches of 15", () => {
    const guruLine = [referral(100, 3, 3), referral(100, 3, 3), referral(100, 3, 3)];
    expect(qualifiedStatus(measures(600, 50_000, guruLine))).toBe(3);
    const bossLine = [referral(100, 3, 14), referral(100, 3, 14), referral(100, 3, 14)];
    expect(qualifiedStatus(measures(1_500, 150_000, bossLine))).toBe(4);
    expect(qualifiedStatus(measures(1_500, 150_000, [...bossLine.slice(0, 2), referral(100, 3, 13)]))).toBe(3);
  });

  it("lists each status's criteria in the chain's rule shapes, actual values capped at the target", () => {
    expect(criteriaFor(1, measures(500, 0)).map((c) => [c.rule, c.target, c.actual])).toEqual([[RULE.SELF_STAKE, axm(100), axm(100)]]);
    const leader = criteriaFor(2, measures(125, 10_000.5, [referral(100), referral(5_000)]));
    expect(leader.map((c) => [c.rule, c.target, c.actual, c.parameterX])).toEqual(
      [
        [RULE.N_COINS_IN_STRUCTURE, 20_000n, 10_000n, 0],
        [RULE.SELF_STAKE, axm(250), axm(125)],
        [RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, 3n, 2n, 0],
      ].map((c) => (c.length === 3 ? [...c, 0] : c)),
    );
    expect(criteriaFor(5, measures(0, 0)).map((c) => [c.rule, c.parameterX])).toEqual([
      [RULE.N_COINS_IN_STRUCTURE, 0],
      [RULE.SELF_STAKE, 0],
      [RULE.N_TEAMS_OF_X_PEOPLE_EACH, 50],
      [RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, 3],
    ]);
  });

  it("computes the progress percentage: one criterion ÷ 1, else ÷ 3, ignoring the referrals rule with 4+ criteria", () => {
    expect(progressPercent(criteriaFor(1, measures(50, 0)))).toBe(50);
    expect(progressPercent(criteriaFor(1, measures(33.333, 0)))).toBe(33.33);
    // Leader: 10,000 of 20,000 team, 125 of 250 AXM, 2 of 3 referrals: (0.5 + 0.5 + 0.6667) / 3.
    expect(progressPercent(criteriaFor(2, measures(125, 10_000, [referral(100), referral(100)])))).toBe(55.56);
    // Boss: 75,000 of 150,000, 1,500 of 1,500, 1 of 3 teams of 15; the 3x3 rule (0 of 3) is left out.
    const boss = criteriaFor(4, measures(1_500, 75_000, [referral(100, 0, 20)]));
    expect(boss).toHaveLength(4);
    expect(progressPercent(boss)).toBe(61.11);
    const got = progressPercent(criteriaFor(2, measures(300, 25_000, [referral(100), referral(100), referral(100)])));
    expect([got, isGot(got), isGot(99.99)]).toEqual([100, true, false]);
  });
});

describe("KPI", () => {
  it("counts the smaller branches at most as much as the largest, and the same amount from the largest", () => {
    expect(kpiAmount([axm(10_000), axm(3_000), axm(1_000)])).toBe(axm(8_000));
    expect(kpiAmount([axm(4_000), axm(10_000)])).toBe(axm(8_000));
    expect(kpiAmount([axm(10_000)])).toBe(0n);
    expect(kpiAmount([axm(10_000), axm(8_000), axm(7_000)])).toBe(axm(20_000));
    expect(kpiAmount([])).toBe(0n);
  });

  it("asks Leader..Mega for 5% of their team-delegation condition a week", () => {
    expect(KPI_STATUSES.map((s) => kpiTarget(s))).toEqual([1_000, 2_500, 7_500, 15_000, 40_000, 100_000].map(axm));
    expect(() => kpiTarget(1)).toThrow();
  });

  it("completes the cards up to the account's own status whose target the KPI reaches", () => {
    expect(kpiLevel(2, axm(999.999999))).toBe(0);
    expect(kpiLevel(2, axm(1_000))).toBe(2);
    expect(kpiLevel(2, axm(500_000))).toBe(2);
    expect(kpiLevel(4, axm(2_500))).toBe(3);
    expect(kpiLevel(4, axm(7_499))).toBe(3);
    expect(kpiLevel(4, axm(7_500))).toBe(4);
    expect(kpiLevel(7, axm(100_000))).toBe(7);
    expect(kpiLevel(7, axm(99_999))).toBe(6);
    expect(kpiLevel(1, axm(100_000))).toBe(0);
    expect(kpiLevel(0, axm(100_000))).toBe(0);
    expect(kpiLevel(5, 0n)).toBe(0);
  });
});

describe("leadership bonus", () => {
  it("splits 15/25/20/15/15/10% by status, each share among those at that status or above by KPI", () => {
    const paid = leaderBonusPayout(axm(1_000), [
      { address: "leader", status: 2, kpi: axm(100) },
      { address: "guru", status: 3, kpi: axm(300) },
      { address: "starter", status: 1, kpi: axm(500) },
      { address: "idle-boss", status: 4, kpi: 0n },
    ]);
    // Leader share 150 split 100:300; Guru share 250 to the guru alone; Boss..Mega shares nobody earns.
    expect(Object.fromEntries(paid)).toEqual({ leader: axm(37.5), guru: axm(112.5) + axm(250) });
  });
});

describe("weekly countdown to Saturday 09:00 UTC", () => {
  const at = (iso: string) => Date.parse(iso);
  it("runs to the coming Saturday from any weekday", () => {
    expect(new Date(nextPayoutMs(at("2026-01-01T00:00:00Z"))).toISOString()).toBe("2026-01-03T09:00:00.000Z"); // Thursday
    expect(new Date(nextPayoutMs(at("2026-01-04T12:00:00Z"))).toISOString()).toBe("2026-01-10T09:00:00.000Z"); // Sunday
    expect(new Date(nextPayoutMs(at("2026-01-09T23:59:59Z"))).toISOString()).toBe("2026-01-10T09:00:00.000Z"); // Friday
    expect(new Date(nextPayoutMs(at("2026-01-31T09:00:00Z"))).toISOString()).toBe("2026-02-07T09:00:00.000Z"); // across a month
  });

  it("runs to the same Saturday before 09:00 and one week ahead at 09:00 exactly or after", () => {
    expect(new Date(nextPayoutMs(at("2026-01-03T08:59:59.999Z"))).toISOString()).toBe("2026-01-03T09:00:00.000Z");
    expect(new Date(nextPayoutMs(at("2026-01-03T09:00:00Z"))).toISOString()).toBe("2026-01-10T09:00:00.000Z");
    expect(new Date(nextPayoutMs(at("2026-01-03T17:00:00Z"))).toISOString()).toBe("2026-01-10T09:00:00.000Z");
    expect(payoutCountdownMs(at("2026-01-03T08:00:00Z"))).toBe(3600_000);
  });
});

describe("premium", () => {
  it("is bought by burning 50 AXM with MsgBurnPartnerFee for a year; a second purchase extends it", () => {
    expect(isPremiumPurchase(PREMIUM.typeUrl, axm(50))).toBe(true);
    expect(isPremiumPurchase(PREMIUM.typeUrl, axm(49))).toBe(false);
    expect(isPremiumPurchase("/cosmos.bank.v1beta1.MsgSend", axm(50))).toBe(false);
    const now = Date.parse("2026-01-01T00:00:00Z");
    const first = premiumExpiryAfterPurchase(undefined, now);
    expect(new Date(first).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(new Date(premiumExpiryAfterPurchase(first, now + 1000)).toISOString()).toBe("2028-01-01T00:00:00.000Z");
    expect(new Date(premiumExpiryAfterPurchase(first, Date.parse("2027-02-01T00:00:00Z"))).toISOString()).toBe("2028-02-01T00:00:00.000Z");
    expect([isPremium(first, now), isPremium(first, first), isPremium(undefined, now)]).toEqual([true, false, false]);
  });
});
