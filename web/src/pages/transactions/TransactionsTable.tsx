// The transactions table: message (+N others in a tooltip), hash, block, status and UTC time; placeholder rows while loading.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Tx } from "../../api/types.ts";
import { TxStatus } from "../../components/TxStatus.tsx";
import { routes } from "../../routes.ts";
import { formatInteger, formatUtcDateTime, messageLabel, shorten } from "../../../../core/format.ts";
import styles from "./TransactionsTable.module.css";

export interface TransactionsTableProps {
  /** Null until the first answer arrives. */
  rows: Tx[] | null;
  /** How many placeholder rows hold the table's height while there are no rows yet. */
  placeholderRows: number;
  busy: boolean;
}

export function TransactionsTable({ rows, placeholderRows, busy }: TransactionsTableProps) {
  const { t } = useTranslation(["transactions", "common"]);
  const columns = {
    message: t("columns.message"),
    hash: t("columns.hash"),
    block: t("columns.block"),
    status: t("columns.status"),
    time: t("columns.time"),
  };
  return (
    <table className={styles.table} aria-busy={busy || rows === null}>
      <caption className="visually-hidden">{t("title")}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.message}</th>
          <th scope="col">{columns.hash}</th>
          <th scope="col">{columns.block}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.time}</th>
        </tr>
      </thead>
      <tbody className={busy ? styles.busy : undefined}>
        {rows === null ? (
          Array.from({ length: placeholderRows }, (_, i) => <PlaceholderRow key={i} columns={columns} />)
        ) : rows.length === 0 ? (
          <tr className={styles.emptyRow}>
            <td colSpan={5}>{t("nothingFound", { ns: "common" })}</td>
          </tr>
        ) : (
          rows.map((tx) => (
            <tr key={tx._id}>
              <td data-label={columns.message}>
                <span className={styles.message}>
                  {messageLabel(tx.type[0] ?? "")}
                  {tx.type.length > 1 ? <OtherMessages types={tx.type.slice(1)} /> : null}
                </span>
              </td>
              <td data-label={columns.hash}>
                <Link to={routes.transaction(tx._id)} className={styles.hash} title={tx._id}>
                  {shorten(tx._id, 16)}
                </Link>
              </td>
              <td data-label={columns.block}>
                <Link to={routes.block(tx.blockId)}>{formatInteger(tx.blockId)}</Link>
              </td>
              <td data-label={columns.status}>
                <TxStatus code={tx.code} />
              </td>
              <td data-label={columns.time}>
                <span className={styles.time}>{`${formatUtcDateTime(tx.timestamp)} UTC`}</span>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function PlaceholderRow({ columns }: { columns: Record<string, string> }) {
  return (
    <tr className={styles.placeholder} aria-hidden="true">
      {Object.entries(columns).map(([key, label]) => (
        <td key={key} data-label={label}>
          <span className={styles.bar} />
        </td>
      ))}
    </tr>
  );
}

/** "+N": the other messages' labels in a title and in a popup shown on hover and focus (Escape hides it). */
function OtherMessages({ types }: { types: string[] }) {
  const { t } = useTranslation("transactions");
  const [open, setOpen] = useState(false);
  const tooltipId = useId();
  const labels = types.map(messageLabel);
  return (
    <span className={styles.other} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className={styles.badge}
        title={labels.join(", ")}
        aria-describedby={tooltipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        <span aria-hidden="true">+{types.length}</span>
        <span className="visually-hidden">{t("otherMessages", { count: types.length })}</span>
      </button>
      <span role="tooltip" id={tooltipId} className={styles.tooltip} hidden={!open}>
        {labels.map((label, i) => (
          <span key={i} className={styles.tooltipLine}>
            {label}
          </span>
        ))}
      </span>
    </span>
  );
}
