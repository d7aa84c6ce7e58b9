// A transaction's status (SPEC.md §4): code 0 is Success, any other code is Error with the code, no result is Unknown.
import { useTranslation } from "react-i18next";
import styles from "./TxStatus.module.css";

/** `code` is null when the node gave no result for the transaction. */
export function TxStatus({ code }: { code: number | null }) {
  const { t } = useTranslation();
  if (code === null) return <span className={`${styles.status} ${styles.unknown}`}>{t("status.unknown")}</span>;
  return code === 0 ? (
    <span className={`${styles.status} ${styles.success}`}>{t("status.success")}</span>
  ) : (
    <span className={`${styles.status} ${styles.error}`}>{t("status.error", { code })}</span>
  );
}
