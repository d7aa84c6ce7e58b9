// @vitest-environment node
// The overview's URL: what it asks for, safe defaults for anything malformed, and defaults left out when written.
import { describe, expect, it } from "vitest";
import { overviewQuery, parseOverviewParams } from "./overview-params.ts";

const parse = (query: string) => parseOverviewParams(new URLSearchParams(query));

describe("overview params", () => {
  it("reads the search, the sort and the page", () => {
    expect(parse("q=%20Node%20&sort=locked&dir=desc&page=2")).toEqual({ q: "Node", sort: { column: "locked", direction: "desc" }, page: 2 });
    expect(parse("sort=uptime")).toEqual({ q: "", sort: { column: "uptime", direction: "asc" }, page: 1 });
  });

  it("falls back to the defaults for anything malformed", () => {
    expect(parse("")).toEqual({ q: "", sort: null, page: 1 });
    expect(parse("sort=name&dir=desc&page=-3")).toEqual({ q: "", sort: null, page: 1 });
    expect(parse("sort=votingPower&dir=sideways&page=1.5")).toEqual({ q: "", sort: { column: "votingPower", direction: "asc" }, page: 1 });
  });

  it("writes only what differs from the defaults, the tab kept", () => {
    expect(overviewQuery({ q: "", sort: null, page: 1 }, null).toString()).toBe("");
    expect(overviewQuery({ q: "node", sort: { column: "votingPower", direction: "desc" }, page: 3 }, "jailed").toString()).toBe(
      "tab=jailed&q=node&sort=votingPower&dir=desc&page=3",
    );
  });
});
