// What every modal layer (the phone menu, the faucet popup) does: the page under it stays still, and Tab stays inside it.
import { useEffect, type KeyboardEvent, type RefObject } from "react";

/** The page under the layer must not scroll while the layer covers it. */
export function useBodyScrollLock(): void {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

/** Tab and Shift+Tab cycle inside the layer, as in any modal dialog, instead of reaching the page under it. */
export function keepFocusInside(panel: RefObject<HTMLElement | null>) {
  return (event: KeyboardEvent) => {
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = panel.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input");
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
