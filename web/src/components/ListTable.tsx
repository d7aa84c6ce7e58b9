// The frame of the contract and code tables: a scrolling region, the header row, placeholder rows of the final size
// while a page loads, the nothing-found row, and dimmed rows while the next page is fetched.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlaceholderRows } from "./PlaceholderRows.tsx";
import styles from "./ListTable.module.css";

export interface ListTableProps<Row> {
  /** Null while the page loads. */
  rows: Row[] | null;
  placeholderRows: number;
  caption: string;
  busy?: boolean;
  /** The header cells, one per column. */
  head: ReactNode[];
  row: (row: Row) => ReactNode;
}

export function ListTable<Row>({ rows, placeholderRows, caption, busy = false, head, row }: ListTableProps<Row>) {
  const { t } = useTranslation("common");
  return (
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-busy={busy || rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {rows === null ? (
            <PlaceholderRows rows={placeholderRows} columns={head.length} />
          ) : rows.length === 0 ? (
            <tr className={styles.emptyRow}>
              <td colSpan={head.length}>{t("nothingFound")}</td>
            </tr>
          ) : (
            rows.map(row)
          )}
        </tbody>
      </table>
    </div>
  );
}
