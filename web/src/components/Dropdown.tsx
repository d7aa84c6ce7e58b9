// A button that toggles a panel under it; the panel closes on an outside press, on Escape (focus back on the button) and when a choice is made.
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { useDismiss, type DismissReason } from "./useDismiss.ts";
import styles from "./Dropdown.module.css";

export interface DropdownProps {
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name when `label` alone does not say what it opens. */
  buttonLabel?: string;
  /** The panel's accessible name; a labelled panel is a dialog (a filter's form), an unlabelled one a plain list of choices. */
  panelLabel?: string;
  align?: "start" | "end";
  /** Drawn after the label and turned by the caller's CSS while open; a chevron unless given. */
  indicator?: ReactNode;
  /** A choice also puts focus back on the button, for panels whose controls vanish with them (Apply, Reset). */
  returnFocusOnChoice?: boolean;
  /** The caller's look, added to the frame that Dropdown.module.css gives the wrapper, the button and the panel. */
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** The panel's content; `close` is for a choice that should close it. */
  children: (close: () => void) => ReactNode;
}

export function Dropdown({
  label,
  buttonLabel,
  panelLabel,
  align = "start",
  indicator = <Chevron />,
  returnFocusOnChoice = false,
  className,
  buttonClassName,
  panelClassName,
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const dismiss = useCallback((reason: DismissReason) => {
    setOpen(false);
    if (reason === "escape") button.current?.focus();
  }, []);
  useDismiss(open, root, dismiss);
  const close = () => {
    setOpen(false);
    if (returnFocusOnChoice) button.current?.focus();
  };

  return (
    <div ref={root} className={withClass(styles.dropdown, className)}>
      <button
        ref={button}
        type="button"
        className={withClass(styles.button, buttonClassName)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={buttonLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        {indicator}
      </button>
      {open ? (
        <div
          id={panelId}
          role={panelLabel ? "dialog" : undefined}
          aria-label={panelLabel}
          className={withClass(`${styles.panel} ${styles[align]}`, panelClassName)}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function withClass(own: string, caller: string | undefined): string {
  return caller ? `${own} ${caller}` : own;
}
