// What the explorer cannot tell about a transaction: a result the node did not give, or bytes that are not a transaction.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TxDetail } from "../../api/types.ts";
import styles from "./TransactionPage.module.css";

export function UnknownResultNotice() {
  const { t } = useTranslation("transaction");
  const headingId = useId();
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("unknownResult.title")}</h2>
      <p>{t("unknownResult.text")}</p>
    </section>
  );
}

export function UndecodableNotice({ tx }: { tx: TxDetail }) {
  const { t } = useTranslation("transaction");
  const headingId = useId();
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("undecodable.title")}</h2>
      <p>{t("undecodable.text")}</p>
      <dl>
        <div>
          <dt>{t("undecodable.reason")}</dt>
          <dd className="mono">{tx.decodeError}</dd>
        </div>
        <div>
          <dt>{t("undecodable.bytes")}</dt>
          <dd className={`mono ${styles.raw}`}>{tx.raw}</dd>
        </div>
      </dl>
    </section>
  );
}
