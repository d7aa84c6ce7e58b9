// The frame of the contract, code, holder and proposed-block tables: the header row, placeholder rows of the final size
// while a page loads, the nothing-found row, and dimmed rows while the next page is fetched. From 768 px it scrolls
// sideways (with a cue) when too wide; on phones each row is a card of label/value lines.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlaceholderRows } from "./PlaceholderRows.tsx";
import { Scroller } from "./Scroller.tsx";
import styles from "./ListTable.module.css";

export interface ListColumn<Row> {
  key: string;
  /** The header, and the label of the value on a phone's card. */
  label: string;
  numeric?: boolean;
  /** A class of the cell itself (monospace checksums). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface ListTableProps<Row> {
  /** Null while the page loads. */
  rows: Row[] | null;
  placeholderRows: number;
  caption: string;
  busy?: boolean;
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => string | number;
}

export function ListTable<Row>({ rows, placeholderRows, caption, busy = false, columns, rowKey }: ListTableProps<Row>) {
  const { t } = useTranslation("common");
  const labels = columns.map((column) => column.label);
  return (
    <Scroller label={caption} cardsOnPhone>
      <table className={styles.table} aria-busy={busy || rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? styles.number : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {rows === null ? (
            <PlaceholderRows rows={placeholderRows} labels={labels} />
          ) : rows.length === 0 ? (
            <tr className={styles.emptyRow}>
              <td colSpan={columns.length}>{t("nothingFound")}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.label} className={cellClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Scroller>
  );
}

function cellClass({ numeric, className }: { numeric?: boolean; className?: string }): string | undefined {
  return [numeric ? styles.number : "", className ?? ""].join(" ").trim() || undefined;
}
