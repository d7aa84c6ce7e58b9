import { describe, expect, it } from "vitest";
import { earlierWindows } from "../../api/charts.ts";
import { formatValue, parseRange, pointsOf } from "./chart-view.ts";

const days = (n: number) => Array.from({ length: n }, (_, i) => ({ day: `d${i}`, value: i }));

describe("chart ranges", () => {
  it("cuts 7 days, 30 days and a year from the year's answer, and takes every day for all", () => {
    const year = days(365);
    expect(pointsOf("7d", year, undefined)!.map((p) => p.value)).toEqual([358, 359, 360, 361, 362, 363, 364]);
    expect(pointsOf("30d", year, undefined)).toHaveLength(30);
    expect(pointsOf("1y", year, undefined)).toHaveLength(365);
    expect(pointsOf("all", year, undefined)).toBeUndefined();
    expect(pointsOf("all", year, days(800))).toHaveLength(800);
  });

  it("reads the range from the URL, 30 days otherwise", () => {
    expect(parseRange("1y")).toBe("1y");
    expect(parseRange("90d")).toBe("30d");
    expect(parseRange(null)).toBe("30d");
  });

  it("covers the days before the year with windows of at most 366 days back to the first day", () => {
    expect(earlierWindows("2026-01-01", "2026-01-01")).toEqual([]);
    expect(earlierWindows("2025-12-20", "2026-01-01")).toEqual([{ from: "2025-12-20", to: "2025-12-31" }]);
    expect(earlierWindows("2023-06-01", "2026-01-01")).toEqual([
      { from: "2024-12-31", to: "2025-12-31" },
      { from: "2023-12-31", to: "2024-12-30" },
      { from: "2023-06-01", to: "2023-12-30" },
    ]);
  });
});

describe("chart values", () => {
  it("writes each unit's figure, and nothing for an unknown day", () => {
    expect(formatValue("count", 1234567)).toBe(formatValue("count", 1234567.2));
    expect(formatValue("ratio", 0.31234)).toMatch(/^31.23$/);
    expect(formatValue("seconds", 5.0312)).toMatch(/^5.03$/);
    expect(formatValue("axm", null)).toBeNull();
  });
});
