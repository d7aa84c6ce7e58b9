// The loading indicator shown until data arrives (SPEC.md §4); it fills the space the data will take.
import { useTranslation } from "react-i18next";
import styles from "./Spinner.module.css";

export function Spinner({ minHeight = 160 }: { minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.box} style={{ minHeight }} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span className="visually-hidden">{t("loading")}</span>
    </div>
  );
}
