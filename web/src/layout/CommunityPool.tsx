// The Community Pool entry: announced but not open yet, so it cannot be pressed (SPEC.md §2).
import { useTranslation } from "react-i18next";
import styles from "./Header.module.css";

export function CommunityPool() {
  const { t } = useTranslation("shell");
  return (
    <button type="button" className={styles.pool} disabled>
      {t("communityPool")}
      <span className={styles.soon}>{t("soon")}</span>
    </button>
  );
}
