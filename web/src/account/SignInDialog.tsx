// The sign-in popup: which wallets work and what each asks the user to approve. Keplr or Leap sign a text (the chain
// suggested first); Axiome Wallet, or any wallet, sends a 1 uaxm transfer to itself carrying a one-time code, by deep
// link on phones and QR code on desktops. Loaded with the popup only, the QR library with it.
import { useTranslation } from "react-i18next";
import type { MemoChallenge } from "../api/types.ts";
import { formatCoins, formatUtcDateTime } from "../../../core/format.ts";
import { SIGN_IN_AMOUNT_UAXM } from "../../../core/sign-in.ts";
import { AddressForm } from "../components/AddressForm.tsx";
import { CopyButton } from "../components/CopyButton.tsx";
import { Modal } from "../components/Modal.tsx";
import { MOBILE_QUERY, useMediaQuery } from "../components/useMediaQuery.ts";
import { axiomeSignLink } from "./axiome-link.ts";
import { QrCode } from "./QrCode.tsx";
import { useMemoSignIn, type MemoSignIn } from "./useMemoSignIn.ts";
import { useSignIn } from "./useSignIn.ts";
import styles from "./SignInDialog.module.css";

interface Props {
  onClose: () => void;
  /** Signed in by either way: the popup closes and the control takes focus. */
  onSignedIn: () => void;
}

function ExtensionWay({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation("signin");
  const { pending, signIn } = useSignIn();
  return (
    <section className={styles.way}>
      <h3>{t("extension.title")}</h3>
      <ol className={styles.steps}>
        <li>{t("extension.stepChain")}</li>
        <li>{t("extension.stepSign")}</li>
      </ol>
      <button type="button" className={styles.primary} aria-busy={pending} onClick={() => void signIn().then((signedIn) => signedIn && onSignedIn())}>
        {pending ? t("account:signingIn") : t("extension.button")}
      </button>
    </section>
  );
}

function TransferDetails({ code }: { code: MemoChallenge }) {
  const { t, i18n } = useTranslation("signin");
  return (
    <dl className={styles.details}>
      <dt>{t("memo.to")}</dt>
      <dd className="mono">{code.address}</dd>
      <dt>{t("memo.amount")}</dt>
      <dd>{formatCoins(code.amount)} AXM</dd>
      <dt>{t("memo.memo")}</dt>
      <dd className={styles.code}>
        <span className="mono">{code.memo}</span>
        <CopyButton value={code.memo} label={t("memo.copyMemo")} />
      </dd>
      <dt>{t("memo.validUntil")}</dt>
      <dd>{formatUtcDateTime(code.expiresAt, i18n.language)}</dd>
    </dl>
  );
}

function Waiting({ code }: { code: MemoChallenge }) {
  const { t } = useTranslation("signin");
  const phone = useMediaQuery(MOBILE_QUERY);
  const link = axiomeSignLink(code);
  return (
    <>
      {phone ? (
        <a className={styles.primary} href={link}>
          {t("memo.openApp")}
        </a>
      ) : (
        <figure className={styles.qrFigure}>
          <QrCode text={link} label={t("memo.qrLabel")} />
          <figcaption>{t("memo.scan")}</figcaption>
        </figure>
      )}
      <p className={styles.note}>{t("memo.byHand")}</p>
      <TransferDetails code={code} />
      <p className={styles.status} role="status">
        {t("memo.waiting")}
      </p>
    </>
  );
}

function Outcome({ state, restart }: { state: MemoSignIn; restart: () => void }) {
  const { t } = useTranslation("signin");
  const message = state.step === "expired" ? t("memo.expired") : state.step === "refused" ? t("memo.refused", { address: state.address }) : t("memo.failed");
  return (
    <>
      <p className={styles.error} role="alert">
        {message}
      </p>
      <button type="button" className={styles.secondary} onClick={restart}>
        {t("memo.again")}
      </button>
    </>
  );
}

function TransferWay({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation("signin");
  const { state, request, restart } = useMemoSignIn(onSignedIn);
  return (
    <section className={styles.way}>
      <h3>{t("memo.title")}</h3>
      <ol className={styles.steps}>
        <li>{t("memo.stepAddress")}</li>
        <li>{t("memo.stepSend", { amount: formatCoins(SIGN_IN_AMOUNT_UAXM) })}</li>
      </ol>
      {state.step === "waiting" ? (
        <Waiting code={state.code} />
      ) : state.step === "expired" || state.step === "refused" || state.step === "failed" ? (
        <Outcome state={state} restart={restart} />
      ) : state.step === "signed-in" ? null : (
        <AddressForm
          label={t("memo.address")}
          invalidText={t("memo.invalidAddress")}
          buttonText={state.step === "requesting" ? t("memo.requesting") : t("memo.button")}
          buttonClassName={styles.secondary}
          busy={state.step === "requesting"}
          enterKeyHint="go"
          onAddress={(address) => void request(address)}
        />
      )}
    </section>
  );
}

export default function SignInDialog({ onClose, onSignedIn }: Props) {
  const { t } = useTranslation("signin");
  const phone = useMediaQuery(MOBILE_QUERY);
  // On phones the app comes first: most AXM users sign in there; on desktops the extension.
  const ways = [<ExtensionWay key="extension" onSignedIn={onSignedIn} />, <TransferWay key="memo" onSignedIn={onSignedIn} />];
  return (
    <Modal title={t("dialogTitle")} closeLabel={t("close")} onClose={onClose}>
      <p className={styles.intro}>{t("intro")}</p>
      {phone ? ways.reverse() : ways}
    </Modal>
  );
}
