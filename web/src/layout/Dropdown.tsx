// A header dropdown: a button that toggles a panel, which closes on an outside press, on Escape and when a choice is made.
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { useDismiss, type DismissReason } from "./useDismiss.ts";
import styles from "./Dropdown.module.css";

export interface DropdownProps {
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name when `label` alone does not say what it opens. */
  ariaLabel?: string;
  align?: "start" | "end";
  /** The panel's content; `close` is for a choice that should close it. */
  children: (close: () => void) => ReactNode;
}

export function Dropdown({ label, ariaLabel, align = "start", children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useCallback((reason: DismissReason) => {
    setOpen(false);
    if (reason === "escape") button.current?.focus();
  }, []);
  useDismiss(open, root, dismiss);

  return (
    <div ref={root} className={styles.dropdown}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div id={panelId} className={`${styles.panel} ${styles[align]}`}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
