import { describe, expect, it } from "vitest";
import { homeQuery, parseHomeParams } from "./home-params.ts";

const parse = (query: string) => parseHomeParams(new URLSearchParams(query));

describe("home URL parameters", () => {
  it("reads page and size", () => {
    expect(parse("page=3&size=50")).toEqual({ page: 3, size: 50 });
    expect(parse("")).toEqual({ page: 1, size: 10 });
  });

  it("falls back to page 1 and 10 rows for anything malformed", () => {
    for (const query of ["page=0", "page=-2", "page=abc", "page=2.5", "page=1e3", "page=99999999999999", "page="]) {
      expect(parse(query).page, query).toBe(1);
    }
    for (const query of ["size=20", "size=abc", "size=-10", "size=1e2", "size=50.0"]) expect(parse(query).size, query).toBe(10);
  });

  it("writes only what differs from the defaults", () => {
    expect(homeQuery({ page: 1, size: 10 }).toString()).toBe("");
    expect(homeQuery({ page: 4, size: 10 }).toString()).toBe("page=4");
    expect(homeQuery({ page: 1, size: 100 }).toString()).toBe("size=100");
  });
});
