// CopyButton: the value reaches the clipboard, "Copied" shows for exactly 1 s, and a failure alerts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { COPIED_MS, CopyButton } from "./CopyButton.tsx";
import { renderWithApp } from "../test-support.tsx";

function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("<CopyButton>", () => {
  it("copies the value and confirms it for exactly one second", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await renderWithApp(<CopyButton value="ABC123" label="Copy block hash" />);
    vi.useFakeTimers();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy block hash" })));
    expect(writeText).toHaveBeenCalledWith("ABC123");
    expect(screen.getByRole("status").textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole("status").textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("starts the second afresh when clicked again while confirming", async () => {
    setClipboard({ writeText: vi.fn().mockResolvedValue(undefined) });
    await renderWithApp(<CopyButton value="ABC123" />);
    vi.useFakeTimers();
    const button = screen.getByRole("button", { name: "Copy" });
    await act(async () => fireEvent.click(button));
    act(() => vi.advanceTimersByTime(600));
    await act(async () => fireEvent.click(button));
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByRole("status").textContent).toBe("Copied");
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("alerts when the clipboard refuses", async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error("denied")) });
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    await renderWithApp(<CopyButton value="ABC123" />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
    expect(alert).toHaveBeenCalledWith("Could not copy to the clipboard.");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("alerts when there is no clipboard at all", async () => {
    setClipboard(undefined);
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    await renderWithApp(<CopyButton value="ABC123" />, { language: "ru" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Копировать" })));
    expect(alert).toHaveBeenCalledWith("Не удалось скопировать в буфер обмена.");
  });
});
