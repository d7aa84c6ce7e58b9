// @vitest-environment node
// The overview's search (substring, any case, name and both addresses) and sorting (ascending first, then flipped).
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, nextSort, searchValidators, sortValidators } from "./validator-list.ts";
import { validatorFixture as validator } from "../../validator-fixture.ts";

const list = [
  validator({
    name: "Alpha Staking",
    bech32Address: "axmvaloper1aaa",
    address: "axm1aaa",
    locked: "500",
    votingPower: 20,
    okBlocksSinceStart: 50,
    blocksSinceStart: 100,
  }),
  validator({
    name: "Beta Node",
    details: "Staking from Frankfurt since the first testnet",
    bech32Address: "axmvaloper1bbb",
    address: "axm1bbbzz",
    locked: "90000000000000000000",
    votingPower: 5,
    okBlocksSinceStart: 100,
    blocksSinceStart: 100,
  }),
  validator({
    name: "Gamma",
    bech32Address: "axmvaloper1ccc",
    address: "axm1ccc",
    locked: "7000",
    votingPower: 75,
    okBlocksSinceStart: 0,
    blocksSinceStart: 0,
  }),
];
const names = (validators: { name: string }[]) => validators.map((v) => v.name);

describe("validator search", () => {
  it("finds a substring of the name in any case, not of the description (SPEC.md §5)", () => {
    expect(names(searchValidators(list, "ALP"))).toEqual(["Alpha Staking"]);
    expect(names(searchValidators(list, "node"))).toEqual(["Beta Node"]);
    expect(names(searchValidators(list, "  mm  "))).toEqual(["Gamma"]);
    expect(searchValidators(list, "frankfurt")).toEqual([]);
  });

  it("finds a substring of the operator or the user address", () => {
    expect(names(searchValidators(list, "AXMVALOPER1C"))).toEqual(["Gamma"]);
    expect(names(searchValidators(list, "bbbzz"))).toEqual(["Beta Node"]);
    expect(names(searchValidators(list, "axm1"))).toEqual(["Alpha Staking", "Beta Node", "Gamma"]);
  });

  it("keeps everyone for a blank search and no one for a miss", () => {
    expect(names(searchValidators(list, " "))).toEqual(["Alpha Staking", "Beta Node", "Gamma"]);
    expect(searchValidators(list, "nobody")).toEqual([]);
  });
});

describe("validator sorting", () => {
  it("sorts by locked as whole numbers, beyond a double's precision", () => {
    expect(names(sortValidators(list, { column: "locked", direction: "asc" }))).toEqual(["Alpha Staking", "Gamma", "Beta Node"]);
    expect(names(sortValidators(list, { column: "locked", direction: "desc" }))).toEqual(["Beta Node", "Gamma", "Alpha Staking"]);
  });

  it("sorts by voting power, the biggest first by default", () => {
    expect(names(sortValidators(list, DEFAULT_SORT))).toEqual(["Gamma", "Alpha Staking", "Beta Node"]);
    expect(names(sortValidators(list, { column: "votingPower", direction: "asc" }))).toEqual(["Beta Node", "Alpha Staking", "Gamma"]);
  });

  it("sorts by uptime, one without blocks below any other", () => {
    expect(names(sortValidators(list, { column: "uptime", direction: "asc" }))).toEqual(["Gamma", "Alpha Staking", "Beta Node"]);
    expect(names(sortValidators(list, { column: "uptime", direction: "desc" }))).toEqual(["Beta Node", "Alpha Staking", "Gamma"]);
  });

  it("keeps the given order among equals, either way", () => {
    const same = [validator({ name: "x" }), validator({ name: "y" }), validator({ name: "z" })];
    expect(names(sortValidators(same, { column: "locked", direction: "asc" }))).toEqual(["x", "y", "z"]);
    expect(names(sortValidators(same, { column: "locked", direction: "desc" }))).toEqual(["x", "y", "z"]);
  });

  it("sorts a new column ascending and flips the same column", () => {
    expect(nextSort(DEFAULT_SORT, "locked")).toEqual({ column: "locked", direction: "asc" });
    expect(nextSort({ column: "locked", direction: "asc" }, "locked")).toEqual({ column: "locked", direction: "desc" });
    expect(nextSort({ column: "locked", direction: "desc" }, "locked")).toEqual({ column: "locked", direction: "asc" });
    expect(nextSort({ column: "locked", direction: "desc" }, "uptime")).toEqual({ column: "uptime", direction: "asc" });
    expect(nextSort(DEFAULT_SORT, "votingPower")).toEqual({ column: "votingPower", direction: "asc" });
  });
});
