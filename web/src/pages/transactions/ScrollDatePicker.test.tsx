// The phone date picker: which presets show for a given today, and wheels that keep days within 2023-10-02..today.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { renderWithApp } from "../../test-support.tsx";
import { ScrollDatePicker } from "./ScrollDatePicker.tsx";
import type { DayRange } from "./day-range.ts";

afterEach(cleanup);

function Picker({ initial, today, onChange }: { initial: DayRange; today: string; onChange?: (range: DayRange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ScrollDatePicker
        value={value}
        today={today}
        onChange={(range) => {
          setValue(range);
          onChange?.(range);
        }}
      />
      <output data-testid="value">{`${value.from}..${value.to}`}</output>
    </>
  );
}

const presetNames = () =>
  screen
    .getAllByRole("button")
    .map((button) => button.textContent)
    .filter((text) => /^\d[WMY]$/.test(text ?? ""));
const value = () => screen.getByTestId("value").textContent;

describe("<ScrollDatePicker>", () => {
  it("offers all five presets on 2026-11-21", async () => {
    await renderWithApp(<Picker initial={{ from: "2026-11-21", to: "2026-11-21" }} today="2026-11-21" />);
    expect(presetNames()).toEqual(["1W", "1M", "3M", "6M", "1Y"]);
  });

  it("offers only 1W, 1M and 3M on 2024-03-01", async () => {
    await renderWithApp(<Picker initial={{ from: "2024-03-01", to: "2024-03-01" }} today="2024-03-01" />);
    expect(presetNames()).toEqual(["1W", "1M", "3M"]);
  });

  it("fills the range from a preset and marks the preset pressed", async () => {
    const onChange = vi.fn();
    await renderWithApp(<Picker initial={{ from: "2026-11-21", to: "2026-11-21" }} today="2026-11-21" onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "1M" }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-10-21", to: "2026-11-21" });
    expect(screen.getByRole("button", { name: "1M" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("spinbutton", { name: "Month" }).getAttribute("aria-valuetext")).toBe("Oct");
  });

  it("steps the start's wheels with the keyboard, then the end's", async () => {
    await renderWithApp(<Picker initial={{ from: "2026-11-15", to: "2026-11-21" }} today="2026-11-21" />);
    const day = screen.getByRole("spinbutton", { name: "Day" });
    expect(day.getAttribute("aria-valuenow")).toBe("15");
    fireEvent.keyDown(day, { key: "ArrowUp" });
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Month" }), { key: "ArrowUp" });
    expect(value()).toBe("2026-10-14..2026-11-21");
    fireEvent.click(screen.getByRole("button", { name: /To/ }));
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Day" }), { key: "Home" });
    expect(value()).toBe("2026-10-14..2026-11-01");
  });

  it("keeps days between 2023-10-02 and today", async () => {
    await renderWithApp(<Picker initial={{ from: "2026-03-31", to: "2026-11-21" }} today="2026-11-21" />);
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Month" }), { key: "ArrowUp" });
    expect(value()).toBe("2026-02-28..2026-11-21");
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Year" }), { key: "Home" });
    expect(value()).toBe("2023-10-02..2026-11-21");
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Year" }), { key: "End" });
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Month" }), { key: "End" });
    expect(value()).toBe("2026-11-21..2026-11-21");
  });
});
