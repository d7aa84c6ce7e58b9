// The header: logo and the Blockchain menu's links.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routes } from "../routes.ts";

export function Header() {
  const { t } = useTranslation();
  return (
    <header>
      <Link to={routes.home()}>{t("appName")}</Link>
    </header>
  );
}
