// The block's transactions, paged here in the browser (the block already carries them all).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Tx } from "../../api/types.ts";
import { NothingFound } from "../../components/NothingFound.tsx";
import { Paginator } from "../../components/Paginator.tsx";
import { RowsPerPage, type PageSize } from "../../components/RowsPerPage.tsx";
import { TxTable } from "../../components/TxTable.tsx";
import styles from "./BlockPage.module.css";

export function BlockTransactions({ txs }: { txs: Tx[] }) {
  const { t } = useTranslation("block");
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(10);
  if (txs.length === 0) return <NothingFound />;

  const totalPages = Math.ceil(txs.length / size);
  const changeSize = (next: PageSize) => {
    setSize(next);
    setPage(1);
  };
  return (
    <>
      {/* Every transaction here is in this block: its fee says more than its block would. */}
      <TxTable rows={txs.slice((page - 1) * size, page * size)} extra="fee" caption={t("fields.transactions")} />
      <div className={styles.pager}>
        <Paginator page={page} totalPages={totalPages} onChange={setPage} />
        <RowsPerPage value={size} onChange={changeSize} />
      </div>
    </>
  );
}
