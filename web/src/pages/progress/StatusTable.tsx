// The statuses table (SPEC.md §2 Progress): Starter .. Mega with their percentage and Got / In process, the account's
// current status marked; a row (its status button for the keyboard) opens that status's details.
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFixed } from "../../../../core/format.ts";
import type { Status } from "../../../../core/partnership-status.ts";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { GotLabel, StatusDialog } from "./StatusDialog.tsx";
import type { StatusRow } from "./status-progress.ts";
import styles from "./ProgressPage.module.css";

export function StatusTable({ rows, current, downgradeAt }: { rows: StatusRow[]; current: Status; downgradeAt: Date | null }) {
  const { t } = useTranslation("progress");
  const [open, setOpen] = useState<Status | null>(null);
  const buttons = useRef(new Map<Status, HTMLButtonElement>());
  const close = useCallback(() => {
    if (open !== null) buttons.current.get(open)?.focus();
    setOpen(null);
  }, [open]);
  const opened = rows.find((row) => row.status === open);

  return (
    <>
      <table className={styles.statuses} aria-label={t("statuses.heading")}>
        <thead>
          <tr>
            <th scope="col">{t("statuses.status")}</th>
            <th scope="col" className={styles.number}>
              {t("statuses.progress")}
            </th>
            <th scope="col">{t("statuses.state")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isCurrent = row.status === current;
            return (
              // The status button is the row's keyboard path; a press anywhere in the row opens the same details.
              <tr
                key={row.status}
                className={isCurrent ? styles.current : undefined}
                aria-current={isCurrent ? "true" : undefined}
                onClick={() => setOpen(row.status)}
              >
                <th scope="row">
                  <button
                    type="button"
                    ref={(button) => {
                      if (button) buttons.current.set(row.status, button);
                      else buttons.current.delete(row.status);
                    }}
                    className={styles.statusButton}
                    aria-haspopup="dialog"
                    aria-expanded={open === row.status}
                  >
                    <StatusBadge status={row.status} withName />
                  </button>
                  {isCurrent ? <span className={styles.currentTag}>{t("statuses.current")}</span> : null}
                </th>
                <td className={styles.number}>
                  <span className={styles.percent}>{t("common:percent", { value: formatFixed(row.percent) })}</span>
                  <span className={styles.meter} aria-hidden="true">
                    <span className={row.got ? styles.meterGot : undefined} style={{ width: `${Math.min(100, row.percent)}%` }} />
                  </span>
                </td>
                <td>
                  <GotLabel got={row.got} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {opened ? <StatusDialog row={opened} downgradeAt={opened.status === current ? downgradeAt : null} onClose={close} /> : null}
    </>
  );
}
