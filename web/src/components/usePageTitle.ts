// Sets the document title of a screen, "<what> | AXM Explorer", for tabs, history and bookmarks.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  const app = t("appName");
  useEffect(() => {
    document.title = title ? `${title} | ${app}` : app;
  }, [title, app]);
}
