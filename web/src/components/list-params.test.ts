import { describe, expect, it } from "vitest";
import { pageCount, pageOffset, parseListParams, withListParams } from "./list-params.ts";

describe("list parameters", () => {
  it("reads page and size, with page 1 and 10 rows for anything malformed", () => {
    expect(parseListParams(new URLSearchParams("page=3&size=50"))).toEqual({ page: 3, size: 50 });
    expect(parseListParams(new URLSearchParams("page=0&size=20"))).toEqual({ page: 1, size: 10 });
    expect(parseListParams(new URLSearchParams("page=-2&size=abc"))).toEqual({ page: 1, size: 10 });
    expect(parseListParams(new URLSearchParams("page=2.5"))).toEqual({ page: 1, size: 10 });
  });

  it("writes only what differs from the defaults, keeping the other parameters", () => {
    expect(withListParams(new URLSearchParams("tab=code&page=4"), { page: 1, size: 10 }).toString()).toBe("tab=code");
    expect(withListParams(new URLSearchParams("tab=code"), { page: 2, size: 100 }).toString()).toBe("tab=code&page=2&size=100");
  });

  it("counts pages and offsets", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageOffset({ page: 1, size: 50 })).toBe(0);
    expect(pageOffset({ page: 3, size: 50 })).toBe(100);
  });
});
