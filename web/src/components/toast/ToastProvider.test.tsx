import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ToastProvider } from "./ToastProvider.tsx";
import { useToast } from "./toast-context.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Trigger({ text, ms }: { text: string; ms: number }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(text, { tone: "info", durationMs: ms })}>
      {text}
    </button>
  );
}

describe("<ToastProvider>", () => {
  it("stacks toasts in a live region and removes each after its own time", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger text="first" ms={1_000} />
        <Trigger text="second" ms={3_000} />
      </ToastProvider>,
    );
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    fireEvent.click(screen.getByRole("button", { name: "first" }));
    fireEvent.click(screen.getByRole("button", { name: "second" }));
    expect([...region.children].map((toast) => toast.textContent)).toEqual(["first", "second"]);
    act(() => vi.advanceTimersByTime(1_000));
    expect([...region.children].map((toast) => toast.textContent)).toEqual(["second"]);
    act(() => vi.advanceTimersByTime(2_000));
    expect(region.children).toHaveLength(0);
  });

  it("shows the same message once, restarting its time", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger text="again" ms={2_000} />
      </ToastProvider>,
    );
    const region = screen.getByRole("status");
    fireEvent.click(screen.getByRole("button"));
    act(() => vi.advanceTimersByTime(1_500));
    fireEvent.click(screen.getByRole("button"));
    expect(region.children).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_500));
    expect(region.children).toHaveLength(1);
    act(() => vi.advanceTimersByTime(500));
    expect(region.children).toHaveLength(0);
  });

  it("refuses to work outside the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Trigger text="x" ms={1} />)).toThrow(/ToastProvider/);
  });
});
