// A detail screen's label/value list (a block's, a transaction's, a message's fields) and the values they share.
import type { ReactNode } from "react";
import { formatUtcDateTime, timeAgo } from "../../../core/format.ts";
import { CopyButton } from "./CopyButton.tsx";
import { TimeAgo } from "./TimeAgo.tsx";
import { useNow } from "./useNow.ts";
import styles from "./DetailFields.module.css";

export interface DetailField {
  /** Also the row's key: labels are unique within one list. */
  label: string;
  value: ReactNode;
}

/**
 * Each label beside its value; on phones the label over its value, so long values keep the whole width. A null stands
 * for a field this one has nothing for (a transaction without a memo), and is left out.
 */
export function DetailFields({ fields }: { fields: (DetailField | null)[] }) {
  return (
    <dl className={styles.fields}>
      {fields.map((field) =>
        field ? (
          <div key={field.label} className={styles.field}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** A hash in full with its copy button. */
export function CopyableHash({ hash, copyLabel }: { hash: string; copyLabel: string }) {
  return (
    <span className={styles.withCopy}>
      <span className="mono">{hash}</span>
      <CopyButton value={hash} label={copyLabel} />
    </span>
  );
}

/** A moment as its UTC date and time, then how long ago it was while that is under an hour (past it, the same date again). */
export function UtcTimeAgo({ timestamp }: { timestamp: string }) {
  const now = useNow();
  const recent = timeAgo(timestamp, now).kind !== "date";
  return (
    <>
      <span>{formatUtcDateTime(timestamp)}</span>
      {recent ? (
        <>
          {" "}
          <span className={styles.muted}>
            (<TimeAgo timestamp={timestamp} now={now} />)
          </span>
        </>
      ) : null}
    </>
  );
}
