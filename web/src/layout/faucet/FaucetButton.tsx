// The Get test AXM button (SPEC.md §2): opens the faucet popup, whose code loads on first use; focus comes back here on close.
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

const FaucetDialog = lazy(() => import("./FaucetDialog.tsx"));

export function FaucetButton({ className }: { className: string }) {
  const { t } = useTranslation("faucet");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <>
      <button ref={button} type="button" className={className} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t("open")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FaucetDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
