// A filter button with a panel under it: toggles on click, closes on an outside click or Escape (focus back on the button).
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import styles from "./Filters.module.css";

export interface DropdownProps {
  /** What the button shows. */
  trigger: ReactNode;
  /** The panel's accessible name. */
  label: string;
  children: (close: () => void) => ReactNode;
  panelClassName?: string;
}

export function Dropdown({ trigger, label, children, panelClassName }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className={styles.dropdown} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      {open ? (
        <div id={panelId} role="dialog" aria-label={label} className={`${styles.panel} ${panelClassName ?? ""}`}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
