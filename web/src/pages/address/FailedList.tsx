// A tab's list that could not be loaded: what failed, and a button to ask again.
import { useTranslation } from "react-i18next";
import styles from "./AddressPage.module.css";

export function FailedList({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failed} role="alert">
      <p>{text}</p>
      <button type="button" onClick={onRetry}>
        {t("retry")}
      </button>
    </div>
  );
}
