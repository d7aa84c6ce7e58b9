// The product's popups (faucet, a status's details, the KPI table): a modal dialog on desktop, a bottom sheet on phones
// that a swipe down of a quarter of its height closes; Escape, an outside press and the close button close it too.
import { useCallback, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { keepFocusInside, useBodyScrollLock } from "./modal.ts";
import { useSwipeToClose } from "./swipe-to-close.ts";
import { useDismiss } from "./useDismiss.ts";
import { MOBILE_QUERY, useMediaQuery } from "./useMediaQuery.ts";
import styles from "./Modal.module.css";

interface ModalProps {
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  /** What takes focus on opening; the dialog itself (so a screen reader starts at its title) when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function Modal({ title, closeLabel, onClose, initialFocus, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const mobile = useMediaQuery(MOBILE_QUERY);
  useBodyScrollLock();
  useDismiss(true, panel, onClose);
  const swipe = useSwipeToClose(panel, onClose, { enabled: mobile, scroller: body });
  // Focused as the dialog is committed, before it is painted: no frame shows it open with the focus still behind it.
  useLayoutEffect(() => (initialFocus?.current ?? panel.current)?.focus(), [initialFocus]);

  const trapFocus = keepFocusInside(panel);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      // Escape closes this popup only, not the phone menu it may have been opened from.
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose();
      } else trapFocus(event);
    },
    [onClose, trapFocus],
  );

  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={panel}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        style={swipe.style}
        {...swipe.handlers}
      >
        <span className={styles.handle} aria-hidden="true" />
        <div className={styles.top}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div ref={body} className={styles.body}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
