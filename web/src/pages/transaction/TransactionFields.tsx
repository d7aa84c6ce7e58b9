// The transaction's own fields: hash, block, status, gas, fee, chain, time and memo.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amountOf } from "../../../../core/amount.ts";
import { formatCoins, formatInteger, formatUtcDateTime } from "../../../../core/format.ts";
import type { Tx } from "../../api/types.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { TimeAgo } from "../../components/TimeAgo.tsx";
import { TxStatus } from "../../components/TxStatus.tsx";
import { useNow } from "../../components/useNow.ts";
import { routes } from "../../routes.ts";
import styles from "./TransactionPage.module.css";

export function TransactionFields({ tx }: { tx: Tx }) {
  const { t } = useTranslation("transaction");
  const now = useNow();
  return (
    <section className={styles.card}>
      <dl className={styles.fields}>
        <Field label={t("fields.hash")}>
          <span className={styles.withCopy}>
            <span className="mono">{tx._id}</span>
            <CopyButton value={tx._id} label={t("copyHash")} />
          </span>
        </Field>
        <Field label={t("fields.block")}>
          <Link to={routes.block(tx.blockId)}>{formatInteger(tx.blockId)}</Link>
        </Field>
        <Field label={t("fields.status")}>
          <TxStatus code={tx.code} />
        </Field>
        <Field label={t("fields.gas")}>{t("gasValue", { used: formatInteger(tx.gasUsed), wanted: formatInteger(tx.gasWanted) })}</Field>
        <Field label={t("fields.fee")}>{t("axm", { amount: formatCoins(amountOf(tx.fee)) })}</Field>
        <Field label={t("fields.chainId")}>{tx.chainId}</Field>
        <Field label={t("fields.time")}>
          <span>{t("utc", { time: formatUtcDateTime(tx.timestamp) })}</span> <span className={styles.muted}>(<TimeAgo timestamp={tx.timestamp} now={now} />)</span>
        </Field>
        {tx.memo ? (
          <Field label={t("fields.memo")}>
            <span className={styles.memo}>{tx.memo}</span>
          </Field>
        ) : null}
      </dl>
    </section>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
