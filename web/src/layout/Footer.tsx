// The copyright footer: the current year and the product's name.
import { useTranslation } from "react-i18next";
import styles from "./Footer.module.css";

export function Footer() {
  const { t } = useTranslation(["shell", "common"]);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>{t("footer.copyright", { year: new Date().getFullYear(), product: t("common:appName") })}</p>
        <p className={styles.about}>{t("footer.about")}</p>
      </div>
    </footer>
  );
}
