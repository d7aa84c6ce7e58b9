// The faucet popup (SPEC.md §2, §5, §8): an address (checked by components/AddressForm), then the payout's answer as a toast. A modal dialog on
// desktop, a bottom sheet on phones that a swipe down closes; Escape, an outside press and the close button close it too.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { AddressForm } from "../../components/AddressForm.tsx";
import { Modal } from "../../components/Modal.tsx";
import { INFO_TOAST_MS, useToast } from "../../components/toast/toast-context.ts";
import { formatInteger } from "../../../../core/format.ts";
import styles from "./FaucetDialog.module.css";

/** SPEC.md §9: one payout, once a day. */
const FAUCET_AXM = 5_000;

export default function FaucetDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("faucet");
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);

  const send = async (address: string) => {
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
      <AddressForm
        label={t("address")}
        invalidText={t("invalidAddress")}
        buttonText={pending ? t("sending") : t("submit")}
        buttonClassName={styles.submit}
        busy={pending}
        enterKeyHint="send"
        inputRef={input}
        onAddress={(address) => void send(address)}
      />
    </Modal>
  );
}
