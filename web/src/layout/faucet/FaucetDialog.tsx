// The faucet popup (SPEC.md §2, §5, §8): an address, checked here, then the payout's answer as a toast. A modal dialog on
// desktop, a bottom sheet on phones that a swipe down closes; Escape, an outside press and the close button close it too.
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { Modal } from "../../components/Modal.tsx";
import { INFO_TOAST_MS, useToast } from "../../components/toast/toast-context.ts";
import { formatInteger } from "../../../../core/format.ts";
import { FAUCET_AXM, faucetAddress } from "./faucet-address.ts";
import styles from "./FaucetDialog.module.css";

export default function FaucetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("faucet");
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const address = faucetAddress(value);
    setInvalid(address === null);
    if (address === null) return;
    setPending(true);
    try {
      const answer = await api.faucet(address);
      // A refusal says which daily limit it was: this address was paid, or this connection was, for another address.
      const message = answer.sended ? "sent" : answer.reason === "client" ? "otherAddressReceived" : "alreadyReceived";
      toast.show(t(message), { tone: "info", durationMs: INFO_TOAST_MS });
      onClose();
    } catch (error) {
      // SPEC.md §8: a failed call is only logged; the popup stays for another try.
      console.error("faucet request failed", error);
      setPending(false);
    }
  };

  return (
    <Modal title={t("title")} closeLabel={t("close")} onClose={onClose} initialFocus={input}>
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
    </Modal>
  );
}
