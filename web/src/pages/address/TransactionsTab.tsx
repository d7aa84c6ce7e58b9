// The Transactions tab (SPEC.md §2): the transactions that involve the address, paged on the server, with rows per page;
// the first page and the count follow new transactions (useAddressLive).
import { useEffect } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queries } from "../../api/queries.ts";
import { useLiveUpdates } from "../../api/useLiveUpdates.ts";
import { Paginator } from "../../components/Paginator.tsx";
import { RowsPerPage } from "../../components/RowsPerPage.tsx";
import { TxTable } from "../../components/TxTable.tsx";
import { ExportLink } from "../../components/ExportLink.tsx";
import { exportLinks } from "../../api/exports.ts";
import pagingBar from "../../components/PagingBar.module.css";
import { totalPages } from "./address-params.ts";
import { FailedList } from "./FailedList.tsx";
import { useAddressParams } from "./useAddressParams.ts";
import { pollUnlessLive } from "./useAddressLive.ts";
import styles from "./AddressPage.module.css";

export function TransactionsTab({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const { params, write, refine } = useAddressParams();
  // The screen's stream, shared: here only to know whether to poll.
  const poll = pollUnlessLive(useLiveUpdates({}, address));
  const list = useQuery({
    ...queries.transactions(params.size, params.page, { address }),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
    refetchInterval: params.page === 1 ? poll : false,
  });
  const count = useQuery({
    ...queries.transactionsCount({ address }),
    refetchOnMount: "always",
    refetchInterval: poll,
  });

  const total = count.data?.totalRecords ?? null;
  const pages = total === null ? params.page : totalPages(total, params.size);
  useEffect(() => {
    if (total !== null && params.page > pages) write({ page: pages }, { replace: true });
  }, [total, params.page, pages, write]);
  const rowsOnPage = total === null ? params.size : Math.min(params.size, Math.max(1, total - (params.page - 1) * params.size));

  return (
    <div className={styles.tabBody}>
      <ExportLink href={exportLinks.transactions(address)} list="transactions" />
      {list.isError && !list.data ? (
        <FailedList text={t("transactionsFailed")} onRetry={() => list.refetch()} />
      ) : (
        <TxTable rows={list.data?.data ?? null} placeholderRows={rowsOnPage} busy={list.isFetching} extra="block" caption={t("tabs.transactions")} />
      )}
      <footer className={pagingBar.bar}>
        <Paginator page={params.page} totalPages={pages} onChange={(n) => write({ page: n })} />
        <RowsPerPage value={params.size} onChange={(size) => refine({ size })} />
      </footer>
    </div>
  );
}
