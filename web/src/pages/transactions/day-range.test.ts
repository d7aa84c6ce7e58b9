// Days, presets and the API time range of the time-range filter.
import { describe, expect, it } from "vitest";
import { MIN_DAY, dayOf, parseDay, presetRange, presetStart, rangeToTime, todayUtc, visiblePresets } from "./day-range.ts";

describe("time-range presets", () => {
  it("offers all five when even a year back is after the minimum date", () => {
    expect(visiblePresets("2026-11-21")).toEqual(["1W", "1M", "3M", "6M", "1Y"]);
  });

  it("offers only the presets that start after 2023-10-02", () => {
    expect(visiblePresets("2024-03-01")).toEqual(["1W", "1M", "3M"]);
    expect(visiblePresets("2024-04-02")).toEqual(["1W", "1M", "3M"]);
    expect(visiblePresets("2024-04-03")).toEqual(["1W", "1M", "3M", "6M"]);
    expect(visiblePresets("2024-10-02")).toEqual(["1W", "1M", "3M", "6M"]);
    expect(visiblePresets("2024-10-03")).toEqual(["1W", "1M", "3M", "6M", "1Y"]);
    expect(visiblePresets("2023-10-10")).toEqual(["1W"]);
    expect(visiblePresets("2023-10-09")).toEqual([]);
    expect(visiblePresets(MIN_DAY)).toEqual([]);
  });

  it("starts a week or whole months before today, on the last day of a shorter month", () => {
    expect(presetStart("1W", "2026-03-03")).toBe("2026-02-24");
    expect(presetStart("1M", "2024-03-31")).toBe("2024-02-29");
    expect(presetStart("3M", "2026-05-31")).toBe("2026-02-28");
    expect(presetStart("6M", "2026-01-15")).toBe("2025-07-15");
    expect(presetStart("1Y", "2024-02-29")).toBe("2023-02-28");
    expect(presetRange("1M", "2026-11-21")).toEqual({ from: "2026-10-21", to: "2026-11-21" });
  });
});

describe("days", () => {
  it("accepts only real days written YYYY-MM-DD", () => {
    expect(parseDay("2024-02-29")).toBe("2024-02-29");
    expect(parseDay("2023-02-29")).toBeNull();
    expect(parseDay("2024-13-01")).toBeNull();
    expect(parseDay("2024-1-01")).toBeNull();
    expect(parseDay("yesterday")).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it("rolls day numbers over month ends", () => {
    expect(dayOf(2026, 3, 0)).toBe("2026-02-28");
    expect(dayOf(2026, 12, 32)).toBe("2027-01-01");
  });

  it("takes today as the UTC day", () => {
    expect(todayUtc(Date.parse("2026-11-21T23:59:59.999Z"))).toBe("2026-11-21");
    expect(todayUtc(Date.parse("2026-11-22T00:00:00.000Z"))).toBe("2026-11-22");
  });

  it("sends a range from the first millisecond of its first day to the last millisecond of its last day, UTC", () => {
    expect(rangeToTime({ from: "2023-10-02", to: "2023-10-03" })).toEqual({
      from: Date.parse("2023-10-02T00:00:00.000Z"),
      to: Date.parse("2023-10-03T23:59:59.999Z"),
    });
    const oneDay = rangeToTime({ from: "2026-11-21", to: "2026-11-21" });
    expect(oneDay.to - oneDay.from).toBe(86_399_999);
  });
});
