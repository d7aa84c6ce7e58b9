// The Export button of a list: a plain download link to its CSV file (the list's current range and filters in the address),
// which the browser saves as it comes; its accessible name says which list.
import { useTranslation } from "react-i18next";
import styles from "./ExportLink.module.css";

export type ExportList = "transactions" | "operations" | "team" | "holders";

export function ExportLink({ href, list }: { href: string; list: ExportList }) {
  const { t } = useTranslation("export");
  return (
    <div className={styles.bar}>
      <a className={styles.link} href={href} download aria-label={t("label", { list: t(`lists.${list}`) })}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path
            d="M8 1.5v8.5M4.5 6.5 8 10l3.5-3.5M2.5 11.5v2h11v-2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t("button")}
      </a>
    </div>
  );
}
