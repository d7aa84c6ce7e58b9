// A table of transactions: message (+N others in a tooltip), hash, block or fee, status and UTC time; placeholder rows
// while loading; sideways scrolling with a cue where a tablet is too narrow for it; on phones each transaction a card of
// label/value lines.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amountOf } from "../../../core/amount.ts";
import { formatCoins, formatInteger, formatUtcDateTime, messageLabel, shorten } from "../../../core/format.ts";
import type { Tx } from "../api/types.ts";
import { routes } from "../routes.ts";
import { Scroller } from "./Scroller.tsx";
import { RowCopy } from "./RowCopy.tsx";
import { TxStatus } from "./TxStatus.tsx";
import styles from "./TxTable.module.css";
import { useTooltip } from "./useTooltip.ts";

export interface TxTableProps {
  /** Null until the first answer arrives. */
  rows: Tx[] | null;
  /** A list across blocks shows each transaction's block after its hash; one block's own list, its fee after the status. */
  extra: "block" | "fee";
  /** Names the table (and the region that scrolls it) for screen readers. */
  caption: string;
  /** How many placeholder rows hold the table's height while there are no rows yet. */
  placeholderRows?: number;
  /** A newer answer is on its way: the rows shown are dimmed. */
  busy?: boolean;
  /** The table is a card of its own on the page, rather than inside one. */
  framed?: boolean;
}

interface Column {
  key: string;
  label: string;
  cell: (tx: Tx) => ReactNode;
}

export function TxTable({ rows, extra, caption, placeholderRows = 0, busy = false, framed = false }: TxTableProps) {
  const { t } = useTranslation();
  const columns = useColumns(extra);
  return (
    <Scroller label={caption} cardsOnPhone className={framed ? styles.framed : undefined}>
      <table className={styles.table} aria-busy={busy || rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={busy ? styles.busy : undefined}>
          {rows === null ? (
            Array.from({ length: placeholderRows }, (_, i) => <PlaceholderRow key={i} columns={columns} />)
          ) : rows.length === 0 ? (
            <tr className={styles.emptyRow}>
              <td colSpan={columns.length}>{t("nothingFound")}</td>
            </tr>
          ) : (
            rows.map((tx) => (
              <tr key={`${tx.blockId}.${tx.index}`}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.label}>
                    {column.cell(tx)}
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

function useColumns(extra: TxTableProps["extra"]): Column[] {
  const { t } = useTranslation();
  const block: Column = { key: "block", label: t("txTable.block"), cell: (tx) => <Link to={routes.block(tx.blockId)}>{formatInteger(tx.blockId)}</Link> };
  const fee: Column = { key: "fee", label: t("txTable.fee"), cell: (tx) => <span>{formatCoins(amountOf(tx.fee))}</span> };
  return [
    {
      key: "message",
      label: t("txTable.message"),
      cell: (tx) => (tx.undecodable ? <span className={styles.message}>{t("txTable.undecodable")}</span> : <Messages types={tx.type} />),
    },
    {
      key: "hash",
      label: t("txTable.hash"),
      cell: (tx) => (
        <RowCopy value={tx._id} kind="hash">
          <Link to={routes.transaction(tx._id)} className={styles.hash} title={tx._id}>
            {shorten(tx._id, 16)}
          </Link>
        </RowCopy>
      ),
    },
    ...(extra === "block" ? [block] : []),
    { key: "status", label: t("txTable.status"), cell: (tx) => <TxStatus code={tx.code} /> },
    ...(extra === "fee" ? [fee] : []),
    { key: "time", label: t("txTable.time"), cell: (tx) => <span className={styles.time}>{formatUtcDateTime(tx.timestamp)}</span> },
  ];
}

function PlaceholderRow({ columns }: { columns: Column[] }) {
  return (
    <tr aria-hidden="true">
      {columns.map((column) => (
        <td key={column.key} data-label={column.label}>
          <span className={styles.bar} />
        </td>
      ))}
    </tr>
  );
}

/** The first message's label, then "+N" for the others. */
function Messages({ types }: { types: string[] }) {
  return (
    <span className={styles.message}>
      {messageLabel(types[0] ?? "")}
      {types.length > 1 ? <OtherMessages types={types.slice(1)} /> : null}
    </span>
  );
}

/** "+N": the other messages' labels in a title and in a popup shown on hover and focus (Escape hides it). */
function OtherMessages({ types }: { types: string[] }) {
  const { t } = useTranslation();
  const tip = useTooltip();
  const labels = types.map(messageLabel);
  return (
    <span className={styles.other} {...tip.hover}>
      <button type="button" className={styles.badge} title={labels.join(", ")} {...tip.trigger}>
        <span aria-hidden="true">+{types.length}</span>
        <span className="visually-hidden">{t("txTable.otherMessages", { count: types.length })}</span>
      </button>
      <span role="tooltip" className={styles.tooltip} {...tip.tooltip}>
        {labels.map((label, i) => (
          <span key={i}>{label}</span>
        ))}
      </span>
    </span>
  );
}
