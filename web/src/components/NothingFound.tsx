// "Nothing found" in place of an empty list (a block without transactions, a transaction without events).
import { useTranslation } from "react-i18next";
import styles from "./NothingFound.module.css";

export function NothingFound() {
  const { t } = useTranslation();
  return <p className={styles.empty}>{t("nothingFound")}</p>;
}
