import { describe, expect, it } from "vitest";
import {
  formatCoins,
  formatCoinsNonZero,
  formatDecimal,
  formatEmissionRate,
  formatFixed,
  formatInteger,
  formatTokenAmount,
  formatUtcDateTime,
  percentOf,
  shorten,
  shortenAddress,
  timeAgo,
} from "./format.ts";

const NBSP = "\u00a0";

describe("formatting", () => {
  it("groups digits Russian-style", () => {
    expect(formatInteger(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatInteger("999")).toBe("999");
    expect(formatInteger("-1000")).toBe(`-1${NBSP}000`);
    expect(formatInteger("abc")).toBe("n/d");
  });

  it("divides micro units by 1,000,000 without losing precision", () => {
    expect(formatCoins("68091003710158")).toBe(`68${NBSP}091${NBSP}003,710158`);
    expect(formatCoins("1000000000000000000000")).toBe(`1${NBSP}000${NBSP}000${NBSP}000${NBSP}000${NBSP}000`);
    expect(formatCoins("5000000")).toBe("5");
    expect(formatCoins("1500000", 2)).toBe("1,5");
    expect(formatCoins("1999999", 2)).toBe("1,99");
    expect(formatCoins("6500")).toBe("0,0065");
    expect(formatCoins(0)).toBe("0");
  });

  it("formats decimals and percents", () => {
    expect(formatDecimal(1.5346)).toBe("1,53");
    expect(formatDecimal(12345.5, 1)).toBe(`12${NBSP}345,5`);
    expect(formatDecimal(Number.NaN)).toBe("n/d");
    expect(percentOf("68091003710158", "1000000000000000")).toBeCloseTo(6.8091, 4);
    expect(percentOf("1", "0")).toBe(0);
  });

  it("divides a token amount by 10^decimals exactly, showing at most 9 decimals", () => {
    // 123 456 789.123456789012345678 of an 18-decimal token: 27 digits, past what a double keeps.
    expect(formatTokenAmount("123456789123456789012345678", 18)).toBe(`123${NBSP}456${NBSP}789,123456789`);
    // 40 significant digits survive the division whole.
    expect(formatTokenAmount("1234567890123456789012345678901234567890", 9)).toBe(
      `1${NBSP}234${NBSP}567${NBSP}890${NBSP}123${NBSP}456${NBSP}789${NBSP}012${NBSP}345${NBSP}678${NBSP}901,23456789`,
    );
    expect(formatTokenAmount("1000000", 6)).toBe("1");
    expect(formatTokenAmount("1500", 3)).toBe("1,5");
    expect(formatTokenAmount("1", 18)).toBe("0");
    expect(formatTokenAmount("1000000000", 18)).toBe("0,000000001");
    expect(formatTokenAmount("999999999999", 12)).toBe("0,999999999");
    expect(formatTokenAmount(42n, 0)).toBe("42");
    expect(formatTokenAmount("-2500", 3)).toBe("-2,5");
    expect(formatTokenAmount("123456", 6, 2)).toBe("0,12");
    expect(formatTokenAmount("12.5", 6)).toBe("n/d");
    expect(formatTokenAmount("100", -1)).toBe("n/d");
    expect(formatTokenAmount("100", 1.5)).toBe("n/d");
  });

  it('keeps a positive amount from reading 0: under 0,01 coins it is "< 0,01"', () => {
    expect(formatCoinsNonZero("1")).toBe("< 0,01");
    expect(formatCoinsNonZero("9999")).toBe("< 0,01");
    expect(formatCoinsNonZero("10000")).toBe("0,01");
    expect(formatCoinsNonZero("1234567890")).toBe(`1${NBSP}234,56`);
    expect(formatCoinsNonZero("0")).toBe("0");
    expect(formatCoinsNonZero("999999", 0)).toBe("< 1");
    expect(formatCoinsNonZero("x")).toBe("n/d");
  });

  it("formats a fixed number of decimals, zeros kept", () => {
    expect(formatFixed(5.1)).toBe("5,10");
    expect(formatFixed(33.33333)).toBe("33,33");
    expect(formatFixed(1234.5, 1)).toBe(`1${NBSP}234,5`);
    expect(formatFixed(0)).toBe("0,00");
    expect(formatFixed(-0.001)).toBe("0,00");
    expect(formatFixed(-2.5)).toBe("-2,50");
    expect(formatFixed(7, 0)).toBe("7");
    expect(formatFixed(Number.POSITIVE_INFINITY)).toBe("n/d");
  });

  it("shows a block's emission rate as a percent with two decimals, 20 % when absent", () => {
    expect(formatEmissionRate(0.18211689214104532)).toBe("18,21");
    expect(formatEmissionRate(0.2)).toBe("20,00");
    expect(formatEmissionRate(undefined)).toBe("20,00");
    expect(formatEmissionRate(Number.NaN)).toBe("20,00");
  });

  it("shortens hashes 16...16", () => {
    const hash = "CB1859FCD82464DB17BCFDD1359ED6E4D78A092E1FA9BC3E5C40B2FF932977B5";
    expect(shorten(hash)).toBe("CB1859FCD82464DB...5C40B2FF932977B5");
    expect(shorten("short")).toBe("short");
  });

  it("shortens an address to SPEC.md §9's lengths: 15 + 6 in lists, 25 + 6 in the statistics card, once", () => {
    const address = "axm1aw7923zshsvgqksehc96njs89drvr88pt0enm9";
    expect(shortenAddress(address)).toBe("axm1aw7923zshsv...t0enm9");
    expect(shortenAddress(address, "list")).toBe("axm1aw7923zshsv...t0enm9");
    expect(shortenAddress(address, "card")).toBe("axm1aw7923zshsvgqksehc96n...t0enm9");
    expect(shortenAddress(address, "header")).toBe("axm1aw79...enm9");
    const contract = "axm14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9sh7lvu8";
    expect(shortenAddress(contract)).toBe("axm14hj2tavq8fp...h7lvu8");
    // Never longer than the address itself: one that short stays whole.
    expect(shortenAddress("axm1short")).toBe("axm1short");
    expect(shortenAddress(address.slice(0, 24))).toBe(address.slice(0, 24));
  });

  it("says how long ago: seconds, minutes, then the date and time in UTC, labelled", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(timeAgo("2026-11-21T11:59:35Z", now)).toEqual({ kind: "seconds", value: 25 });
    expect(timeAgo("2026-11-21T11:01:00Z", now)).toEqual({ kind: "minutes", value: 59 });
    expect(timeAgo("2026-11-21T10:00:00Z", now)).toEqual({ kind: "date", text: "2026-11-21 10:00:00 UTC" });
    expect(timeAgo("not a time", now)).toEqual({ kind: "error" });
  });

  it("writes every moment in UTC and says so (issue 15): numbers for tables, a language's words for sentences", () => {
    expect(formatUtcDateTime("2026-11-21T23:51:32.250Z")).toBe("2026-11-21 23:51:32 UTC");
    expect(formatUtcDateTime(Date.parse("2026-11-21T23:51:32Z"))).toBe("2026-11-21 23:51:32 UTC");
    expect(formatUtcDateTime("2026-11-21T09:00:00Z", "en")).toBe("November 21, 2026 at 09:00 UTC");
    expect(formatUtcDateTime("2026-11-21T23:51:32Z", "de")).toBe("21. November 2026 um 23:51 UTC");
    expect(formatUtcDateTime("2026-11-21T23:51:32Z", "ru")).toMatch(/^21 ноября 2026 г\..* 23:51 UTC$/);
    expect(formatUtcDateTime("not a time")).toBe("n/d");
    expect(formatUtcDateTime("not a time", "en")).toBe("n/d");
  });
});
