// The view for a path the explorer has no screen for.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "../components/usePageTitle.ts";
import { NotFoundView } from "../components/NotFoundView.tsx";

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t("notFound.title"));
  return (
    <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
      <Link to="/">{t("notFound.home")}</Link>
    </NotFoundView>
  );
}
