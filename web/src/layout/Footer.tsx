// The copyright footer.
import { useTranslation } from "react-i18next";

export function Footer() {
  const { t } = useTranslation();
  return <footer>© {new Date().getFullYear()} {t("appName")}</footer>;
}
