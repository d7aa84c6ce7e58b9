// RowCopy: the value shown as given, and a copy button named for what it copies, in the visitor's language.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "../test-support.tsx";
import { RowCopy } from "./RowCopy.tsx";

const HASH = "AB12".repeat(16);
const ADDRESS = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("<RowCopy>", () => {
  it("copies the whole value, whatever part of it the row shows", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await renderWithApp(
      <RowCopy value={HASH} kind="hash">
        <a href={`/transactions/${HASH}`}>AB12AB12...</a>
      </RowCopy>,
    );
    expect(screen.getByRole("link").textContent).toBe("AB12AB12...");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy hash" })));
    expect(writeText).toHaveBeenCalledWith(HASH);
  });

  it("names the button for an address, in the visitor's language", async () => {
    await renderWithApp(
      <RowCopy value={ADDRESS} kind="address">
        {ADDRESS}
      </RowCopy>,
      { language: "ru" },
    );
    expect(screen.getByRole("button", { name: "Копировать адрес" })).toBeTruthy();
    cleanup();
    await renderWithApp(
      <RowCopy value={HASH} kind="hash">
        {HASH}
      </RowCopy>,
      { language: "de" },
    );
    expect(screen.getByRole("button", { name: "Hash kopieren" })).toBeTruthy();
  });
});
