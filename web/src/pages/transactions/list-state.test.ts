// Parsing and writing the list's URL query, and the API filter it becomes.
import { describe, expect, it } from "vitest";
import { DEFAULT_STATE, listStateToParams, parseListState, toTxFilter, totalPages, type TxListState } from "./list-state.ts";
import { txFilterQuery } from "../../api/client.ts";

const TODAY = "2026-11-21";
const parse = (query: string) => parseListState(new URLSearchParams(query), TODAY);

describe("the list's URL query", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULT_STATE);
    expect(DEFAULT_STATE).toEqual({ page: 1, size: 10, types: [], status: "all", range: null });
  });

  it("reads every parameter", () => {
    expect(parse("page=3&size=50&type=/cosmos.bank.v1beta1.MsgSend,/axiome.staking.v1beta1.MsgDelegate&status=fail&from=2026-11-01&to=2026-11-20")).toEqual({
      page: 3,
      size: 50,
      types: ["/cosmos.bank.v1beta1.MsgSend", "/axiome.staking.v1beta1.MsgDelegate"],
      status: "fail",
      range: { from: "2026-11-01", to: "2026-11-20" },
    });
  });

  it("falls back to the default of each malformed parameter", () => {
    for (const page of ["0", "-2", "2.5", "abc", "1e3", "999999999", ""]) expect(parse(`page=${page}`).page, page).toBe(1);
    for (const size of ["20", "0", "ten", "1000", ""]) expect(parse(`size=${size}`).size, size).toBe(10);
    expect(parse("status=2").status).toBe("all");
    expect(parse("status=FAIL").status).toBe("all");
    expect(parse("type=MsgSend,,/ok.MsgSend,<script>,/ok.MsgSend").types).toEqual(["/ok.MsgSend"]);
  });

  it("keeps a time range only with two real days, puts them in order and within 2023-10-02..today", () => {
    expect(parse("from=2026-11-01").range).toBeNull();
    expect(parse("from=2026-02-30&to=2026-03-01").range).toBeNull();
    expect(parse("from=2026-11-20&to=2026-11-01").range).toEqual({ from: "2026-11-01", to: "2026-11-20" });
    expect(parse("from=2020-01-01&to=2030-01-01").range).toEqual({ from: "2023-10-02", to: TODAY });
    expect(parse("from=2020-01-01&to=2023-10-01").range).toBeNull();
    expect(parse("from=2026-11-22&to=2026-12-01").range).toBeNull();
  });

  it("writes only what differs from the defaults, and reads back what it wrote", () => {
    expect(listStateToParams(DEFAULT_STATE).toString()).toBe("");
    const state: TxListState = { page: 4, size: 100, types: ["/a.MsgX", "/b.MsgY"], status: "success", range: { from: "2025-01-01", to: "2025-01-31" } };
    expect(parse(listStateToParams(state).toString())).toEqual(state);
  });
});

describe("the API filter", () => {
  it("sends All, Success and Fail as status 2, 0 and 1", () => {
    expect(toTxFilter({ ...DEFAULT_STATE, status: "all" }).status).toBe(2);
    expect(toTxFilter({ ...DEFAULT_STATE, status: "success" }).status).toBe(0);
    expect(toTxFilter({ ...DEFAULT_STATE, status: "fail" }).status).toBe(1);
  });

  it("joins the types with commas and sends the range as UTC milliseconds", () => {
    const filter = toTxFilter({ ...DEFAULT_STATE, types: ["/a.MsgX", "/b.MsgY"], range: { from: "2023-10-02", to: "2023-10-03" } });
    expect(txFilterQuery(filter)).toBe(`?type=${encodeURIComponent("/a.MsgX,/b.MsgY")}&status=2&time=1696204800000_1696377599999`);
  });

  it("has at least one page, and a last page that is not empty", () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(1013, 50)).toBe(21);
  });
});
