// @vitest-environment node
// SPEC.md §4's classes: active (bonded), jailed (isActive false), inactive (not bonded, not jailed); and the uptime.
import { describe, expect, it } from "vitest";
import { byClass, uptimePercent, validatorClass } from "./validator-class.ts";
import { validatorFixture as validator } from "../validator-fixture.ts";

describe("validator classes", () => {
  it("puts a bonded validator in active, a jailed one in jailed, an unbonded or unbonding one in inactive", () => {
    expect(validatorClass({ status: "BOND_STATUS_BONDED", isActive: true })).toBe("active");
    expect(validatorClass({ status: "BOND_STATUS_UNBONDING", isActive: true })).toBe("inactive");
    expect(validatorClass({ status: "BOND_STATUS_UNBONDED", isActive: true })).toBe("inactive");
    expect(validatorClass({ status: "BOND_STATUS_UNBONDING", isActive: false })).toBe("jailed");
    expect(validatorClass({ status: "BOND_STATUS_UNBONDED", isActive: false })).toBe("jailed");
    // Jailed in the very block it is still bonded: one tab only, the jailed one.
    expect(validatorClass({ status: "BOND_STATUS_BONDED", isActive: false })).toBe("jailed");
  });

  it("splits a list into the three classes, each in the given order, the counts adding up", () => {
    const list = [
      validator({ name: "a" }),
      validator({ name: "b", status: "BOND_STATUS_UNBONDED" }),
      validator({ name: "c", status: "BOND_STATUS_UNBONDING", isActive: false }),
      validator({ name: "d" }),
      validator({ name: "e", status: "BOND_STATUS_UNBONDING" }),
    ];
    const classes = byClass(list);
    expect(classes.active.map((v) => v.name)).toEqual(["a", "d"]);
    expect(classes.inactive.map((v) => v.name)).toEqual(["b", "e"]);
    expect(classes.jailed.map((v) => v.name)).toEqual(["c"]);
    expect(byClass([])).toEqual({ active: [], inactive: [], jailed: [] });
  });

  it("gives the uptime as the percent of ok blocks, none before the first block", () => {
    expect(uptimePercent({ okBlocksSinceStart: 90, blocksSinceStart: 100 })).toBe(90);
    expect(uptimePercent({ okBlocksSinceStart: 1, blocksSinceStart: 3 })).toBeCloseTo(33.3333, 4);
    expect(uptimePercent({ okBlocksSinceStart: 0, blocksSinceStart: 0 })).toBeNull();
  });
});
