// The clear-filters button and its "Filters cleared" confirmation, shown for 2 seconds (SPEC.md §9).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./Filters.module.css";

const CLEARED_CONFIRMATION_MS = 2_000;

export function ClearFilters({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation("transactions");
  const [confirming, setConfirming] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const clear = () => {
    onClear();
    setConfirming(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setConfirming(false), CLEARED_CONFIRMATION_MS);
  };

  return (
    <div className={styles.clear}>
      <button type="button" className={styles.clearButton} onClick={clear}>
        {t("clear")}
      </button>
      <span role="status" className={confirming ? styles.confirmation : undefined}>
        {confirming ? t("cleared") : ""}
      </span>
    </div>
  );
}
