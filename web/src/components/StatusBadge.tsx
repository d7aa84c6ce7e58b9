// A partnership status (SPEC.md §3: 0 No Status .. 7 Mega) as its icon, with its translated name beside it or as the icon's label.
import { useTranslation } from "react-i18next";
import { NO_STATUS, STATUSES, type Status } from "../../../core/partnership-status.ts";
import styles from "./StatusBadge.module.css";

/** Team members may carry -1 (SPEC.md §3: treated as 0); anything outside 0..7 is no status as well. */
export function knownStatus(status: number): Status {
  return (STATUSES.find((s) => s.level === status)?.level ?? NO_STATUS) as Status;
}

export function StatusBadge({ status, withName = false }: { status: number; withName?: boolean }) {
  const { t } = useTranslation("partnership");
  const level = knownStatus(status);
  const name = t(`status.${STATUSES[level].key}`);
  return (
    <span className={styles.badge} data-status={level}>
      <StatusIcon level={level} label={withName ? undefined : name} />
      {withName && <span className={styles.name}>{name}</span>}
    </span>
  );
}

/** A five-pointed star centred in the 22 × 22 box; the tiers differ by the colour of the disc behind it. */
const STAR = "M11 4.6l1.9 4 4.3.5-3.2 3 .9 4.3L11 14.2l-3.9 2.2.9-4.3-3.2-3 4.3-.5z";

function StatusIcon({ level, label }: { level: Status; label?: string }) {
  const labelled = label !== undefined;
  return (
    <svg
      className={styles.icon}
      data-level={level}
      width="22"
      height="22"
      viewBox="0 0 22 22"
      role={labelled ? "img" : undefined}
      aria-label={label}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
    >
      {labelled && <title>{label}</title>}
      {level === NO_STATUS ? (
        <circle cx="11" cy="11" r="9" fill="none" stroke="currentColor" strokeWidth="1.5" strokeDasharray="3 2.5" />
      ) : (
        <>
          <circle cx="11" cy="11" r="10" fill="currentColor" />
          <path d={STAR} fill="#fff" />
        </>
      )}
    </svg>
  );
}
