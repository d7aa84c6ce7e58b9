// The Description tab (SPEC.md §2): the project's description as sanitised HTML, or a message when it has none.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { sanitizeDescription } from "./safe-html.ts";
import styles from "./TokenPage.module.css";

export function TokenDescription({ about }: { about: string | null }) {
  const { t } = useTranslation("token");
  const html = useMemo(() => (about?.trim() ? sanitizeDescription(about) : ""), [about]);
  if (!html.trim()) return <p className={styles.empty}>{t("description.empty")}</p>;
  // Safe to insert: sanitizeDescription keeps only formatting and http(s)/mailto links (safe-html.ts).
  return <div className={styles.description} dangerouslySetInnerHTML={{ __html: html }} />;
}
