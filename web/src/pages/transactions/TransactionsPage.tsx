// The transactions list (SPEC.md §2): message-type, status and time-range filters, the table, paging; state in the URL;
// a pill tells of transactions written since the list was loaded, and loads them when pressed.
import { useEffect, useMemo, useRef } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { listKeys, queries } from "../../api/queries.ts";
import { Paginator } from "../../components/Paginator.tsx";
import { RowsPerPage } from "../../components/RowsPerPage.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import pagingBar from "../../components/PagingBar.module.css";
import { formatInteger } from "../../../../core/format.ts";
import { ClearFilters } from "./ClearFilters.tsx";
import { MessageTypeFilter } from "./MessageTypeFilter.tsx";
import { StatusFilter } from "./StatusFilter.tsx";
import { TimeRangeFilter } from "./TimeRangeFilter.tsx";
import { todayUtc } from "./day-range.ts";
import { toTxFilter, totalPages } from "./list-state.ts";
import { useTxListState } from "./useTxListState.ts";
import { useNewTransactions } from "./useNewTransactions.ts";
import styles from "./TransactionsPage.module.css";
import { TxTable } from "../../components/TxTable.tsx";

export default function TransactionsPage() {
  const { t } = useTranslation("transactions");
  usePageTitle(t("title"));
  const queryClient = useQueryClient();
  const { state, refine, goToPage, clearFilters } = useTxListState();
  const filter = useMemo(() => toTxFilter(state), [state]);

  const list = useQuery({
    ...queries.transactions(state.size, state.page, filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    ...queries.transactionsCount(filter),
    placeholderData: keepPreviousData,
  });
  useLoggedError(list.error ?? count.error);

  const total = count.data?.totalRecords ?? null;
  const fresh = useNewTransactions(state, filter, count.isPlaceholderData ? null : total);
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = total === null ? state.page : totalPages(total, state.size);
  const countIsCurrent = total !== null && !count.isPlaceholderData;
  useEffect(() => {
    if (countIsCurrent && state.page > pages) goToPage(pages, { replace: true });
  }, [countIsCurrent, state.page, pages, goToPage]);

  const rowsOnPage = total === null ? state.size : Math.min(state.size, Math.max(1, total - (state.page - 1) * state.size));

  const clear = () => {
    clearFilters();
    void queryClient.invalidateQueries({ queryKey: listKeys.transactions });
    void queryClient.invalidateQueries({ queryKey: listKeys.transactionsCount });
  };

  const loadNew = () => {
    fresh.reset();
    if (state.page !== 1) goToPage(1);
    void queryClient.invalidateQueries({ queryKey: listKeys.transactions });
    void queryClient.invalidateQueries({ queryKey: listKeys.transactionsCount });
    // The pill goes away under the keyboard's focus: the list's heading takes it.
    heading.current?.focus();
  };

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 ref={heading} tabIndex={-1}>
          {t("title")}
        </h1>
        <p className={styles.found} aria-live="polite">
          {total === null ? "" : t("found", { count: total, total: formatInteger(total) })}
        </p>
      </header>
      <div className={styles.filters} role="search" aria-label={t("filters")}>
        <MessageTypeFilter selected={state.types} onChange={(types) => refine({ types })} />
        <StatusFilter value={state.status} onChange={(status) => refine({ status })} />
        <TimeRangeFilter value={state.range} today={todayUtc()} onChange={(range) => refine({ range })} />
        <ClearFilters onClear={clear} />
      </div>
      <div className={styles.list}>
        {fresh.count > 0 ? (
          <button type="button" className={styles.fresh} onClick={loadNew}>
            {t("live.newTransactions", { count: fresh.count, total: formatInteger(fresh.count) })}
          </button>
        ) : null}
        <TxTable rows={list.data?.data ?? null} placeholderRows={rowsOnPage} busy={list.isFetching} extra="block" caption={t("title")} framed />
      </div>
      <footer className={pagingBar.bar}>
        <Paginator page={state.page} totalPages={pages} onChange={(page) => goToPage(page)} />
        <RowsPerPage value={state.size} onChange={(size) => refine({ size })} />
      </footer>
    </section>
  );
}

/** SPEC.md §8: a failed request is logged, and the placeholder stays. */
function useLoggedError(error: Error | null): void {
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
}
