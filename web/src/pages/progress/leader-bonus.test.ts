// @vitest-environment node
// The Progress screen's arithmetic: criteria read from the API (malformed answers refused), the countdown's parts and
// fallback, the KPI bar's levels, the earning pick and the rating's shares.
import { describe, expect, it } from "vitest";
import { MICRO } from "../../../../core/amount.ts";
import { RULE } from "../../../../core/partnership-conditions.ts";
import { countdownMs, countdownParts, estimatedEarning, kpiLevels, ratingRows } from "./leader-bonus.ts";
import { statusRows, toCriterion } from "./status-progress.ts";

const axm = (n: number) => BigInt(n) * MICRO;
const KPI = {
  "2": String(axm(1_000)),
  "3": String(axm(2_500)),
  "4": String(axm(7_500)),
  "5": String(axm(15_000)),
  "6": String(axm(40_000)),
  "7": String(axm(100_000)),
};

describe("status progress from the API", () => {
  it("reads the four rules, caps an actual value above its target, and refuses anything else", () => {
    expect(toCriterion({ rule: "RULE_N_TEAMS_OF_X_PEOPLE_EACH", actual_value: "5", target_value: "3", parameter_x: 15 })).toEqual({
      rule: RULE.N_TEAMS_OF_X_PEOPLE_EACH,
      actual: 3n,
      target: 3n,
      parameterX: 15,
      met: true,
    });
    const bad = [
      { rule: "RULE_PARTICIPATE_IN_REFERRAL_PROGRAM", actual_value: "1", target_value: "1", parameter_x: 0 },
      { rule: "RULE_SELF_STAKE", actual_value: "1.5", target_value: "100", parameter_x: 0 },
      { rule: "RULE_SELF_STAKE", actual_value: "1", target_value: "-100", parameter_x: 0 },
    ];
    for (const answer of bad) expect(() => toCriterion(answer as never), JSON.stringify(answer)).toThrow();
  });

  it("lists Starter .. Mega in order, a status left out of the answer at 0 %", () => {
    const rows = statusRows({ "1": [{ rule: "RULE_SELF_STAKE", actual_value: "50000000", target_value: "100000000", parameter_x: 0 }] });
    expect(rows.map((r) => [r.status, r.percent, r.got])).toEqual([
      [1, 50, false],
      [2, 0, false],
      [3, 0, false],
      [4, 0, false],
      [5, 0, false],
      [6, 0, false],
      [7, 0, false],
    ]);
  });
});

describe("countdown", () => {
  const now = Date.parse("2026-11-25T10:00:00.000Z");

  it("splits the time left into days, hours, minutes and seconds, a started second still counted", () => {
    expect(countdownParts(((26 * 60 + 30) * 60 + 15) * 1000)).toEqual({ days: 1, hours: 2, minutes: 30, seconds: 15 });
    expect(countdownParts(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("runs to the API's moment while it is ahead, else to the next Saturday 09:00 UTC", () => {
    expect(countdownMs("2026-11-26T12:30:15.000Z", now)).toBe(((26 * 60 + 30) * 60 + 15) * 1000);
    const toSaturday = (2 * 24 + 23) * 3600 * 1000;
    for (const past of ["2026-11-25T10:00:00.000Z", "2026-11-21T09:00:00.000Z", "", "not a date", null])
      expect(countdownMs(past, now), String(past)).toBe(toSaturday);
  });
});

describe("KPI levels", () => {
  it("fills each level from the target below it to its own, complete ones whole", () => {
    expect(kpiLevels(KPI, axm(1_800), 3)).toEqual([
      { status: 2, target: axm(1_000), percent: 100, complete: true },
      { status: 3, target: axm(2_500), percent: 53.33, complete: false },
    ]);
    expect(kpiLevels(KPI, axm(500), 2)).toEqual([{ status: 2, target: axm(1_000), percent: 50, complete: false }]);
    expect(kpiLevels(KPI, axm(100_000), 7).every((level) => level.complete && level.percent === 100)).toBe(true);
    expect(kpiLevels(KPI, 0n, 4).map((level) => level.percent)).toEqual([0, 0, 0]);
    expect(kpiLevels(KPI, axm(5), 1)).toEqual([]);
  });

  it("refuses an answer without a level's target", () => {
    expect(() => kpiLevels({ "2": KPI["2"] }, 0n, 3)).toThrow(/status 3/);
  });
});

describe("earning and rating", () => {
  const bonuses = [
    { status: 2, share: 15, usersCount: 3, amountForOneWithOtherLevels: "100" },
    { status: 3, share: 25, usersCount: 1, amountForOneWithOtherLevels: "350" },
  ];

  it("takes the completed level's amount with the levels below, 0 when none or no line", () => {
    expect(estimatedEarning(bonuses, 3)).toBe(350n);
    expect(estimatedEarning(bonuses, 2)).toBe(100n);
    expect(estimatedEarning(bonuses, 0)).toBe(0n);
    expect(estimatedEarning(bonuses, 5)).toBe(0n);
  });

  it("gives each rated account its share of the rating's total", () => {
    const entry = (id: string, lbDelegated: string) => ({ _id: id, name: null, img: null, premium: false, status: 2, lbDelegated });
    expect(ratingRows([entry("a", "600"), entry("b", "300"), entry("c", "100")]).map((r) => [r.entry._id, r.amount, r.share])).toEqual([
      ["a", 600n, 60],
      ["b", 300n, 30],
      ["c", 100n, 10],
    ]);
    expect(ratingRows([entry("a", "1"), entry("b", "2")]).map((r) => r.share)).toEqual([33.3333, 66.6666]);
    expect(ratingRows([])).toEqual([]);
  });
});
