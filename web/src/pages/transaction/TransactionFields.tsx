// The transaction's own fields: hash, block, status, gas, fee, chain, time and memo.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amountOf } from "../../../../core/amount.ts";
import { formatCoins, formatInteger } from "../../../../core/format.ts";
import type { Tx } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { CopyableHash, DetailFields, UtcTimeAgo } from "../../components/DetailFields.tsx";
import { TxStatus } from "../../components/TxStatus.tsx";
import { routes } from "../../routes.ts";
import styles from "./TransactionPage.module.css";

export function TransactionFields({ tx }: { tx: Tx }) {
  const { t } = useTranslation("transaction");
  return (
    <Card>
      <DetailFields
        fields={[
          { label: t("fields.hash"), value: <CopyableHash hash={tx._id} copyLabel={t("copyHash")} /> },
          { label: t("fields.block"), value: <Link to={routes.block(tx.blockId)}>{formatInteger(tx.blockId)}</Link> },
          { label: t("fields.status"), value: <TxStatus code={tx.code} /> },
          { label: t("fields.gas"), value: t("gasValue", { used: formatInteger(tx.gasUsed), wanted: formatInteger(tx.gasWanted) }) },
          { label: t("fields.fee"), value: t("axm", { amount: formatCoins(amountOf(tx.fee)) }) },
          { label: t("fields.chainId"), value: tx.chainId },
          { label: t("fields.time"), value: <UtcTimeAgo timestamp={tx.timestamp} /> },
          tx.memo ? { label: t("fields.memo"), value: <span className={styles.memo}>{tx.memo}</span> } : null,
        ]}
      />
    </Card>
  );
}
