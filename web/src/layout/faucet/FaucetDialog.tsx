// The faucet popup (SPEC.md §2, §5, §8): an address, checked here, then the payout's answer as a toast. A modal dialog on
// desktop, a bottom sheet on phones that a swipe down closes; Escape, an outside press and the close button close it too.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { keepFocusInside, useBodyScrollLock } from "../../components/modal.ts";
import { useSwipeToClose } from "../../components/swipe-to-close.ts";
import { INFO_TOAST_MS, useToast } from "../../components/toast/toast-context.ts";
import { useDismiss } from "../../components/useDismiss.ts";
import { MOBILE_QUERY, useMediaQuery } from "../../components/useMediaQuery.ts";
import { formatInteger } from "../../../../core/format.ts";
import { FAUCET_AXM, faucetAddress } from "./faucet-address.ts";
import styles from "./FaucetDialog.module.css";

export default function FaucetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("faucet");
  const toast = useToast();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY);
  useBodyScrollLock();
  useDismiss(true, panel, onClose);
  const swipe = useSwipeToClose(panel, onClose, { enabled: mobile });
  useEffect(() => input.current?.focus(), []);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const address = faucetAddress(value);
    setInvalid(address === null);
    if (address === null) return;
    setPending(true);
    try {
      const { sended } = await api.faucet(address);
      toast.show(t(sended ? "sent" : "alreadyReceived"), { tone: "info", durationMs: INFO_TOAST_MS });
      onClose();
    } catch (error) {
      // SPEC.md §8: a failed call is only logged; the popup stays for another try.
      console.error("faucet request failed", error);
      setPending(false);
    }
  };

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
          <h2 id={titleId}>{t("title")}</h2>
          <button type="button" className={styles.close} aria-label={t("close")} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p className={styles.text}>{t("text", { amount: formatInteger(FAUCET_AXM) })}</p>
        <form className={styles.form} onSubmit={submit} noValidate aria-busy={pending}>
          <label htmlFor={inputId} className={styles.label}>
            {t("address")}
          </label>
          <input
            ref={input}
            id={inputId}
            className={styles.input}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setInvalid(false);
            }}
            placeholder="axm1…"
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="send"
          />
          {invalid ? (
            <p id={errorId} className={styles.error} role="alert">
              {t("invalidAddress")}
            </p>
          ) : null}
          <button type="submit" className={styles.submit}>
            {pending ? t("sending") : t("submit")}
          </button>
        </form>
      </div>
    </div>,
    document.body,
  );
}
