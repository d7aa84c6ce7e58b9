// Why a failed transaction failed: the node's code, codespace and log, the first thing its sender wants to know.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Tx } from "../../api/types.ts";
import styles from "./TransactionPage.module.css";

export function TransactionFailure({ tx }: { tx: Tx }) {
  const { t } = useTranslation("transaction");
  const headingId = useId();
  return (
    <section className={styles.failure} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("failure.title")}</h2>
      <dl>
        <div>
          <dt>{t("failure.code")}</dt>
          <dd className="mono">{tx.code}</dd>
        </div>
        <div>
          <dt>{t("failure.codespace")}</dt>
          <dd className="mono">{tx.codespace || "—"}</dd>
        </div>
        <div className={styles.reason}>
          <dt>{t("failure.reason")}</dt>
          <dd className="mono">{tx.log || t("failure.noReason")}</dd>
        </div>
      </dl>
    </section>
  );
}
