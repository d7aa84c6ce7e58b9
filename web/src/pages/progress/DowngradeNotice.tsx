// The notice that a status is about to be downgraded (SPEC.md §2, §4): to the next lower status, on the date the chain set,
// in the visitor's language.
import { useTranslation } from "react-i18next";
import { formatUtcDateTime } from "../../../../core/format.ts";
import { STATUSES, type Status } from "../../../../core/partnership-status.ts";
import styles from "./ProgressPage.module.css";

/** The downgrade moment, or null when none is set (or the answer holds no date). */
export function downgradeDate(at: string | null | undefined): Date | null {
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export function DowngradeNotice({ status, at }: { status: Status; at: Date }) {
  const { t, i18n } = useTranslation(["progress", "partnership"]);
  const lower = STATUSES[Math.max(0, status - 1)].key;
  return (
    <p className={styles.notice} role="note">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 3 2 21h20L12 3Zm0 6v6m0 3v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{t("downgrade", { status: t(`partnership:status.${lower}`), date: formatUtcDateTime(at, i18n.language) })}</span>
    </p>
  );
}
