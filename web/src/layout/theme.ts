// The colour theme: the visitor's stored choice, else the system's. index.html's inline script sets it on <html> before the
// first paint (the same rule as `currentTheme` here); this module keeps it set as the choice or the system changes.
import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function storedTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return window.matchMedia?.(DARK_QUERY).matches ? "dark" : "light";
}

export function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

function applyTheme(): void {
  document.documentElement.dataset.theme = currentTheme();
}

const listeners = new Set<() => void>();

/**
 * Switches to `theme` and remembers it. A theme equal to the system's is forgotten instead: switching back to what the
 * system shows means following the system again, so a later change of the system setting is followed.
 */
export function chooseTheme(theme: Theme): void {
  try {
    if (theme === systemTheme()) localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
  document.documentElement.dataset.theme = theme;
  listeners.forEach((listener) => listener());
}

/** Follows the system setting, the choice made in another tab and the choice made here. */
function subscribe(onChange: () => void): () => void {
  const update = () => {
    applyTheme();
    onChange();
  };
  const system = window.matchMedia?.(DARK_QUERY);
  const otherTab = (event: StorageEvent) => event.key === THEME_STORAGE_KEY && update();
  system?.addEventListener("change", update);
  window.addEventListener("storage", otherTab);
  listeners.add(onChange);
  return () => {
    system?.removeEventListener("change", update);
    window.removeEventListener("storage", otherTab);
    listeners.delete(onChange);
  };
}

/** The theme on screen: what <html data-theme> says, which the inline script set before the first paint. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => (document.documentElement.dataset.theme === "dark" ? "dark" : "light"));
}
