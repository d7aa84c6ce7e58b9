// One statistic card (home, validators overview): a label, its figure and a line under it, inside the screen's <dl>.
import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "./StatCard.module.css";

/** A screen the whole card opens, and what the link says besides the card's label (its accessible name only). */
export interface StatCardLink {
  to: string;
  label: string;
}

/** `value` undefined while that one figure still loads: a bar of its height stands in. `aside`: a small picture in the top right corner. */
export function StatCard({
  label,
  value,
  detail,
  link,
  aside,
}: {
  label: string;
  value: ReactNode | undefined;
  detail: ReactNode;
  link?: StatCardLink;
  aside?: ReactNode;
}) {
  return (
    <div className={link ? `${styles.card} ${styles.linked}` : styles.card}>
      <dt className={styles.label}>
        {link ? (
          <Link to={link.to} className={styles.link} aria-label={`${label} (${link.label})`}>
            {label}
            <svg className={styles.chevron} viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className={styles.value}>{value ?? <span className={`${styles.pending} ${styles.skeleton}`} />}</dd>
      <dd className={styles.detail}>{detail}</dd>
      {aside ? <dd className={styles.aside}>{aside}</dd> : null}
    </div>
  );
}

/** A card's shape while its figures load, so nothing moves when they arrive. */
export function StatCardPlaceholder() {
  return <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" />;
}
