import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInThisContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithApp } from "../test-support.tsx";
import { THEME_STORAGE_KEY, chooseTheme, currentTheme, type Theme } from "./theme.ts";
import { ThemeToggle } from "./ThemeToggle.tsx";

/** A system colour setting the test can change, as a browser's prefers-color-scheme query reports it. */
function fakeSystem(initial: Theme) {
  let theme = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        get matches() {
          return query === "(prefers-color-scheme: dark)" && theme === "dark";
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: Theme) => {
    theme = next;
    listeners.forEach((listener) => listener());
  };
}

/** index.html's inline script, run as the browser runs it before the first paint. */
function runInlineScript(): void {
  const html = readFileSync(join(process.cwd(), "web/index.html"), "utf8");
  const [, script] = /<script>([\s\S]*?)<\/script>/.exec(html)!;
  runInThisContext(script);
}

const theme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("theme choice", () => {
  it("follows the system until a theme other than the system's is chosen, and follows it again on switching back", () => {
    fakeSystem("dark");
    expect(currentTheme()).toBe("dark");
    chooseTheme("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(theme()).toBe("light");
    chooseTheme("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(theme()).toBe("dark");
  });

  it("ignores a stored value that is no theme", () => {
    fakeSystem("light");
    localStorage.setItem(THEME_STORAGE_KEY, "purple");
    expect(currentTheme()).toBe("light");
  });

  it("is decided by index.html's inline script exactly as by theme.ts", () => {
    for (const system of ["light", "dark"] as const) {
      for (const stored of [null, "light", "dark", "purple"]) {
        vi.restoreAllMocks();
        fakeSystem(system);
        if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);
        else localStorage.removeItem(THEME_STORAGE_KEY);
        delete document.documentElement.dataset.theme;
        runInlineScript();
        expect(theme(), `system ${system}, stored ${stored}`).toBe(currentTheme());
      }
    }
  });
});

describe("<ThemeToggle>", () => {
  it("switches the theme, is pressed while dark, and follows a change of the system setting while nothing is stored", async () => {
    const setSystem = fakeSystem("light");
    runInlineScript();
    await renderWithApp(<ThemeToggle />);
    const button = screen.getByRole("button", { name: "Dark theme" });
    expect(button.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(button);
    expect(theme()).toBe("dark");
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    act(() => setSystem("dark"));
    fireEvent.click(button);
    expect(theme()).toBe("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    fireEvent.click(button);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

    act(() => setSystem("light"));
    expect(theme()).toBe("light");
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });

  it("names the switch in the phone menu with visible text, in the visitor's language", async () => {
    fakeSystem("dark");
    runInlineScript();
    await renderWithApp(<ThemeToggle inMenu />, { language: "ru" });
    const button = screen.getByRole("button", { name: "Тёмная тема" });
    expect(button.textContent).toBe("Тёмная тема");
    expect(button.getAttribute("aria-pressed")).toBe("true");
  });
});
