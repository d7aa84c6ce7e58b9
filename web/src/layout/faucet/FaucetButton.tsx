// The Get test AXM button (SPEC.md §2): opens the faucet popup, whose code loads on first use; focus comes back here on close.
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

const FaucetDialog = lazy(() => import("./FaucetDialog.tsx"));

/** `withIcon`: a drop before the words, for the header, whose narrower widths show the drop alone (Header.module.css). */
export function FaucetButton({ className, withIcon = false }: { className: string; withIcon?: boolean }) {
  const { t } = useTranslation("faucet");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={withIcon ? t("open") : undefined}
        onClick={() => setOpen(true)}
      >
        {withIcon ? (
          <>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M12 3.5c3.2 4 5.5 7.1 5.5 10a5.5 5.5 0 0 1-11 0c0-2.9 2.3-6 5.5-10z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <span>{t("open")}</span>
          </>
        ) : (
          t("open")
        )}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FaucetDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
