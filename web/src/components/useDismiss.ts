// Closes an open dropdown or panel on a press outside it and on Escape (SPEC.md §2: dropdowns close on an outside click).
import { useEffect, type RefObject } from "react";

export type DismissReason = "outside" | "escape";

export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>, onDismiss: (reason: DismissReason) => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (inside.current && !inside.current.contains(event.target as Node)) onDismiss("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss("escape");
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, inside, onDismiss]);
}
