// The screen's pure rules: URL parameters, balance sums, Team tab, shortening, operation fields and paging by time.
import { describe, expect, it } from "vitest";
import type { AccountInfo, Operation } from "../../api/types.ts";
import { DEFAULT_PARAMS, addressQuery, nextSort, parseAddressParams, teamFilterOf } from "./address-params.ts";
import { balanceOf, hasTeamTab } from "./account-figures.ts";
import { fieldValue, nextTimeFrom, signedAmount } from "./operation-view.ts";
import { displayName, shortenNickname, telegramUrl } from "../../components/shortening.ts";

const ADDRESS = "axm1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";

function operation(time: string): Operation {
  return { type: "transfer_in", title: "In", amount: "1", denom: "uaxm", s: 1, c: "green", time, error: null, fields: [], txHash: null };
}

describe("address parameters", () => {
  it("reads every parameter and falls back to defaults for anything malformed", () => {
    expect(parseAddressParams(new URLSearchParams(""))).toEqual(DEFAULT_PARAMS);
    const params = parseAddressParams(new URLSearchParams("page=3&size=50&q=%20fox%20&level=14&status=7&sort=teamSize&dir=desc&types=delegate,burn&support"));
    expect(params).toEqual({
      page: 3,
      size: 50,
      q: "fox",
      level: 14,
      status: 7,
      sort: { order: "teamSize", direction: "desc" },
      types: ["delegate", "burn"],
      support: true,
    });
    const bad = parseAddressParams(new URLSearchParams("page=0&size=20&level=15&status=0&sort=name&types=DROP%20TABLE,,x"));
    expect(bad).toEqual({ ...DEFAULT_PARAMS, types: ["x"] });
  });

  it("writes only what differs from the defaults, keeping the tab and the support view", () => {
    expect(addressQuery(DEFAULT_PARAMS, null).toString()).toBe("");
    const query = addressQuery({ ...DEFAULT_PARAMS, page: 2, level: 3, sort: { order: "level", direction: "asc" }, support: true }, "team");
    expect(Object.fromEntries(query)).toEqual({ tab: "team", support: "", page: "2", level: "3", sort: "level", dir: "asc" });
    expect(parseAddressParams(query).support).toBe(true);
  });

  it("passes the team filters through and sorts ascending first, then flips", () => {
    expect(teamFilterOf({ q: "", level: null, status: null })).toEqual({});
    expect(teamFilterOf({ q: "fox", level: 2, status: 5 })).toEqual({ q: "fox", level: 2, status: 5 });
    const first = nextSort(null, "delegated");
    expect(first).toEqual({ order: "delegated", direction: "asc" });
    expect(nextSort(first, "delegated")).toEqual({ order: "delegated", direction: "desc" });
    expect(nextSort({ order: "delegated", direction: "desc" }, "delegated")).toEqual({ order: "delegated", direction: "asc" });
    expect(nextSort({ order: "delegated", direction: "desc" }, "level")).toEqual({ order: "level", direction: "asc" });
  });
});

describe("balance", () => {
  it("sums available, delegated, undelegating and claimable into the total; enrolled is claimedTotal", () => {
    const info: AccountInfo = {
      balance: [
        { denom: "uaxm", amount: "1500000" },
        { denom: "uaxmd", amount: "250000000" },
      ],
      unbounding: [
        { balance: "1000000", completion_time: "2026-12-01T00:00:00Z" },
        { balance: "2500000", completion_time: "2026-12-02T00:00:00Z" },
      ],
      claimable: { total: [{ denom: "uaxm", amount: "700001" }] },
      claimedTotal: "42000000",
      referralClaimedTotal: "5",
    };
    expect(balanceOf(info)).toEqual({
      total: 255_700_001n,
      available: 1_500_000n,
      delegated: 250_000_000n,
      undelegating: 3_500_000n,
      claimable: 700_001n,
      enrolled: 42_000_000n,
    });
  });

  it("counts absent parts as zero and has no claimable figure without one", () => {
    expect(balanceOf({})).toEqual({ total: 0n, available: 0n, delegated: 0n, undelegating: 0n, claimable: null, enrolled: 0n });
  });

  it("reads an empty claimable list as nothing to claim (0), and sums only uaxm", () => {
    expect(balanceOf({ claimable: { total: [] } }).claimable).toBe(0n);
    expect(balanceOf({ claimable: { total: [{ denom: "uret", amount: "7" }] } }).claimable).toBe(0n);
    expect(
      balanceOf({
        claimable: {
          total: [
            { denom: "uret", amount: "7" },
            { denom: "uaxm", amount: "12" },
          ],
        },
      }).claimable,
    ).toBe(12n);
  });

  it("offers the Team tab to an account with a referrer and to the root only", () => {
    const referral = (referrer: string | null) => ({ referral: { referrer } }) as AccountInfo;
    expect(hasTeamTab(ADDRESS, referral("axm1someone"), [])).toBe(true);
    expect(hasTeamTab(ADDRESS, referral(null), ["axm1other", ADDRESS])).toBe(true);
    expect(hasTeamTab(ADDRESS, referral(null), ["axm1other"])).toBe(false);
    expect(hasTeamTab(ADDRESS, {}, undefined)).toBe(false);
  });
});

describe("shortening", () => {
  it("shortens a nickname longer than 22 characters to its first 22", () => {
    expect(shortenNickname("SwiftFoxTheMagnificent")).toBe("SwiftFoxTheMagnificent");
    expect(shortenNickname("SwiftFoxTheMagnificentPartner")).toBe("SwiftFoxTheMagnificent...");
    expect(displayName(null, ADDRESS)).toBe("axm1qypqxpq9qcr...lzv7xu");
    expect(displayName("", ADDRESS)).toBe("axm1qypqxpq9qcr...lzv7xu");
    expect(telegramUrl("@fox_1")).toBe("https://t.me/fox_1");
  });
});

describe("operations", () => {
  it("links a value naming an address, divides an amount by a million and keeps other text", () => {
    expect(fieldValue({ l: "To", v: ADDRESS, t: 1, n: null })).toEqual({ kind: "address", text: ADDRESS, address: ADDRESS });
    expect(fieldValue({ l: "From", v: `exchange ${ADDRESS}`, t: 0, n: null })).toEqual({ kind: "address", text: `exchange ${ADDRESS}`, address: ADDRESS });
    expect(fieldValue({ l: "Amount", v: "1234567890", t: 2, n: null })).toEqual({ kind: "amount", text: "1\u00a0234,56789" });
    expect(fieldValue({ l: "Memo", v: "1234567890", t: 0, n: null })).toEqual({ kind: "text", text: "1234567890" });
  });

  it("links validators, transactions and blocks, names statuses and writes dates in UTC", () => {
    const valoper = "axmvaloper1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwp";
    expect(fieldValue({ l: "Validator", v: valoper, t: 1, n: null })).toEqual({ kind: "validator", text: valoper });
    expect(fieldValue({ l: "Transaction", v: "AB".repeat(32), t: 3, n: null })).toEqual({ kind: "transaction", text: "AB".repeat(32) });
    expect(fieldValue({ l: "Block", v: "116", t: 6, n: null })).toEqual({ kind: "block", text: "116" });
    expect(fieldValue({ l: "Status", v: "3", t: 5, n: null })).toEqual({ kind: "status", status: 3 });
    expect(fieldValue({ l: "Completes at", v: "2026-12-01T10:20:30.000Z", t: 4, n: null })).toEqual({ kind: "text", text: "2026-12-01 10:20:30 UTC" });
    expect(fieldValue({ l: "Block", v: "not a height", t: 6, n: null })).toEqual({ kind: "text", text: "not a height" });
  });

  it("signs the amount with + or a minus sign", () => {
    expect(signedAmount({ amount: "2500000", s: 1 })).toBe("+2,5");
    expect(signedAmount({ amount: "50000000", s: -1 })).toBe("\u221250");
  });

  it("asks for the next 20 from the last loaded time less 1 ms, and for none after a short load", () => {
    const full = Array.from({ length: 20 }, (_, i) => operation(new Date(Date.UTC(2026, 0, 1, 0, 0, 60 - i)).toISOString()));
    expect(nextTimeFrom(full)).toBe(Date.UTC(2026, 0, 1, 0, 0, 41) - 1);
    expect(nextTimeFrom(full.slice(0, 19))).toBeUndefined();
    expect(nextTimeFrom([])).toBeUndefined();
  });
});
