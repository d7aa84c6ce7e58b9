// Holds the toasts on screen and shows them stacked at the bottom centre, in a live region screen readers announce.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ToastContext, type ToastOptions, type ToastTone, type Toaster } from "./toast-context.ts";
import styles from "./Toast.module.css";

/** More than this many at once would cover the page; the oldest give way. */
const MAX_TOASTS = 4;

interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (text: string, { tone, durationMs }: ToastOptions) => {
      const id = nextId.current++;
      // The same message again restarts its time instead of stacking a copy.
      setToasts((list) => [...list.filter((toast) => toast.text !== text || toast.tone !== tone), { id, text, tone }].slice(-MAX_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const toaster = useMemo<Toaster>(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className={`${styles.toast} ${styles[toast.tone]}`}>
            {toast.text}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
