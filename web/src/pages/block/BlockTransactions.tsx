// The block's transactions, paged here in the browser (the block already carries them all).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amountOf } from "../../../../core/amount.ts";
import { formatCoins, formatUtcDateTime, messageLabel, shorten } from "../../../../core/format.ts";
import type { Tx } from "../../api/types.ts";
import { Paginator } from "../../components/Paginator.tsx";
import { RowsPerPage, type PageSize } from "../../components/RowsPerPage.tsx";
import { TxStatus } from "../../components/TxStatus.tsx";
import { routes } from "../../routes.ts";
import styles from "./BlockPage.module.css";

export function BlockTransactions({ txs }: { txs: Tx[] }) {
  const { t } = useTranslation(["block", "common"]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(10);
  if (txs.length === 0) return <p className={styles.empty}>{t("common:nothingFound")}</p>;

  const totalPages = Math.ceil(txs.length / size);
  const rows = txs.slice((page - 1) * size, page * size);
  const changeSize = (next: PageSize) => {
    setSize(next);
    setPage(1);
  };
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("columns.message")}</th>
            <th scope="col">{t("columns.hash")}</th>
            <th scope="col">{t("columns.status")}</th>
            <th scope="col">{t("columns.fee")}</th>
            <th scope="col">{t("columns.time")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((tx) => (
            <tr key={tx._id}>
              <td data-label={t("columns.message")}>
                <Messages types={tx.type} />
              </td>
              <td data-label={t("columns.hash")}>
                <Link to={routes.transaction(tx._id)} className="mono" title={tx._id}>
                  {shorten(tx._id)}
                </Link>
              </td>
              <td data-label={t("columns.status")}>
                <TxStatus code={tx.code} />
              </td>
              <td data-label={t("columns.fee")}>{formatCoins(amountOf(tx.fee))}</td>
              <td data-label={t("columns.time")}>{formatUtcDateTime(tx.timestamp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.pager}>
        <Paginator page={page} totalPages={totalPages} onChange={setPage} />
        <RowsPerPage value={size} onChange={changeSize} />
      </div>
    </>
  );
}

/** The first message's label, and "+N" for the others, which its tooltip lists. */
function Messages({ types }: { types: string[] }) {
  const [first, ...rest] = types.map(messageLabel);
  return (
    <span className={styles.messages}>
      <span title={types[0]}>{first ?? "—"}</span>
      {rest.length > 0 ? (
        <span className={styles.more} title={rest.join(", ")}>
          +{rest.length}
        </span>
      ) : null}
    </span>
  );
}
