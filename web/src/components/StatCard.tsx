// One statistic card (home, validators overview): a label, its figure and a line under it, inside the screen's <dl>.
import type { ReactNode } from "react";
import styles from "./StatCard.module.css";

/** `value` undefined while that one figure still loads: a bar of its height stands in. `aside`: a small picture in the top right corner. */
export function StatCard({ label, value, detail, aside }: { label: string; value: ReactNode | undefined; detail: ReactNode; aside?: ReactNode }) {
  return (
    <div className={styles.card}>
      <dt className={styles.label}>{label}</dt>
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
