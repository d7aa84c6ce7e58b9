// A transaction's status (SPEC.md §4): code 0 is Success, any other code is Error with the code.
import { useTranslation } from "react-i18next";
import styles from "./TxStatus.module.css";

export function TxStatus({ code }: { code: number }) {
  const { t } = useTranslation();
  return code === 0 ? (
    <span className={`${styles.status} ${styles.success}`}>{t("status.success")}</span>
  ) : (
    <span className={`${styles.status} ${styles.error}`}>{t("status.error", { code })}</span>
  );
}
