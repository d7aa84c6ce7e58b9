// The desktop time-range calendar: picking, applying and resetting a range of UTC days; days after today disabled.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "../../test-support.tsx";
import { TimeRangeFilter } from "./TimeRangeFilter.tsx";

afterEach(cleanup);

const day = (name: RegExp) => screen.getByRole("button", { name });

describe("<TimeRangeFilter> on desktop", () => {
  it("picks a range of UTC days on the calendar and applies it", async () => {
    const onChange = vi.fn();
    await renderWithApp(<TimeRangeFilter value={null} today="2026-11-21" onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Time range" }));
    const apply = screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(day(/November 12th, 2026/));
    fireEvent.click(day(/November 10th, 2026/));
    fireEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith({ from: "2026-11-10", to: "2026-11-12" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("disables the days after today", async () => {
    await renderWithApp(<TimeRangeFilter value={{ from: "2026-11-01", to: "2026-11-02" }} today="2026-11-21" onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "2026-11-01 – 2026-11-02" }));
    expect((day(/November 21st, 2026/) as HTMLButtonElement).disabled).toBe(false);
    expect((day(/November 22nd, 2026/) as HTMLButtonElement).disabled).toBe(true);
  });

  it("clears the range with Reset", async () => {
    const onChange = vi.fn();
    await renderWithApp(<TimeRangeFilter value={{ from: "2026-11-01", to: "2026-11-02" }} today="2026-11-21" onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "2026-11-01 – 2026-11-02" }));
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
