// Whether a CSS media query matches now, following changes; MOBILE_QUERY is the desktop/mobile switch (SPEC.md §1).
import { useSyncExternalStore } from "react";

export const MOBILE_QUERY = "(max-width: 767px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
  );
}
