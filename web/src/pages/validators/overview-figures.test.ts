// @vitest-environment node
// The overview's cards: count, average locked in whole coins, average uptime over validators that had blocks.
import { describe, expect, it } from "vitest";
import { overviewFigures } from "./overview-figures.ts";
import { validatorFixture as validator } from "../../validator-fixture.ts";

describe("overview figures", () => {
  it("counts the validators and the active ones, and averages locked and uptime", () => {
    const figures = overviewFigures([
      validator({ locked: "3000000000000", okBlocksSinceStart: 99, blocksSinceStart: 100 }),
      validator({ locked: "1500000", status: "BOND_STATUS_UNBONDED", okBlocksSinceStart: 50, blocksSinceStart: 75 }),
      validator({ locked: "0", isActive: false, okBlocksSinceStart: 0, blocksSinceStart: 0 }),
    ]);
    // (3 000 000 + 1.5 + 0) / 3 coins, cut to whole coins; uptime (99 + 66.67) / 2 over the two with blocks.
    expect(figures).toEqual({ total: "3", active: "1", averageLocked: "1\u00a0000\u00a0000", averageUptime: "82,83" });
  });

  it("has no averages without validators or without blocks", () => {
    expect(overviewFigures([])).toEqual({ total: "0", active: "0", averageLocked: null, averageUptime: null });
    expect(overviewFigures([validator({ okBlocksSinceStart: 0, blocksSinceStart: 0 })]).averageUptime).toBeNull();
  });
});
