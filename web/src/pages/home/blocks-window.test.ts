import { describe, expect, it } from "vitest";
import { blockList, missingRange, pageRange, prependBlocks, totalPages } from "./blocks-window.ts";

const rows = (...heights: number[]) => heights.map((_id) => ({ _id }));

describe("pageRange and totalPages", () => {
  it("counts pages down from the latest height", () => {
    expect(pageRange(131, 1, 10)).toEqual({ from: 122, to: 131 });
    expect(pageRange(131, 2, 10)).toEqual({ from: 112, to: 121 });
    expect(pageRange(131, 14, 10)).toEqual({ from: 1, to: 1 });
    expect(pageRange(131, 15, 10)).toBeNull();
    expect(pageRange(131, 1, 100)).toEqual({ from: 32, to: 131 });
    expect(pageRange(131, 2, 100)).toEqual({ from: 1, to: 31 });
    expect(pageRange(5, 1, 10)).toEqual({ from: 1, to: 5 });
  });

  it("has ceil(latest / size) pages, at least one", () => {
    expect(totalPages(131, 10)).toBe(14);
    expect(totalPages(130, 10)).toBe(13);
    expect(totalPages(131, 50)).toBe(3);
    expect(totalPages(0, 10)).toBe(1);
  });
});

describe("page 1 taking in new blocks", () => {
  it("knows which heights are missing, at most a page of them", () => {
    expect(missingRange(rows(131, 130), 131, 10)).toBeNull();
    expect(missingRange(rows(131, 130), 132, 10)).toEqual({ from: 132, to: 132 });
    expect(missingRange(rows(131, 130), 134, 10)).toEqual({ from: 132, to: 134 });
    expect(missingRange(rows(131, 130), 200, 10)).toEqual({ from: 191, to: 200 });
    expect(missingRange([], 3, 10)).toEqual({ from: 1, to: 3 });
  });

  it("puts one new block on top and drops the oldest", () => {
    expect(prependBlocks(rows(131, 130, 129), rows(132), 3)).toEqual(rows(132, 131, 130));
  });

  it("puts several new blocks on top in order, each once, keeping the row count", () => {
    expect(prependBlocks(rows(131, 130, 129, 128), rows(134, 133, 132), 4)).toEqual(rows(134, 133, 132, 131));
    expect(prependBlocks(rows(131, 130, 129), rows(131, 132), 3)).toEqual(rows(132, 131, 130));
  });

  it("grows a short first page up to the page size", () => {
    expect(prependBlocks(rows(2, 1), rows(3), 10)).toEqual(rows(3, 2, 1));
  });
});

describe("blockList", () => {
  it("keeps well-formed blocks and drops the rest", () => {
    const good = { _id: 5, timestamp: "2026-01-01T00:00:00Z", proposer: "axmvalcons1x", txCnt: 0, evtCnt: 3, er: 0.2, proposerValidator: null };
    expect(blockList([good, { _id: "6" }, null])).toEqual([good]);
    expect(blockList({ error: "x" })).toEqual([]);
  });
});
