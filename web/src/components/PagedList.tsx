// A list paged on the server by limit and offset with its total (SPEC.md §7): the total, the rows a render draws, the
// paginator and rows per page, page and size kept in the URL. A failed page is logged and keeps its placeholder (§8).
import { useEffect, type ReactNode } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../core/format.ts";
import { Paginator } from "./Paginator.tsx";
import { RowsPerPage } from "./RowsPerPage.tsx";
import pagingBar from "./PagingBar.module.css";
import { pageCount, pageOffset } from "./list-params.ts";
import { useListParams } from "../hooks/useListParams.ts";
import { useLoggedFailure } from "../hooks/useLoggedFailure.ts";
import styles from "./ListTable.module.css";

export interface PagedListProps<P> {
  /** The query's key without its page and size. */
  queryKey: readonly unknown[];
  fetchPage: (limit: number, offset: number, signal: AbortSignal) => Promise<P>;
  totalOf: (page: P) => number;
  /** What the list holds, for the log. */
  what: string;
  /** Draws the page: null while it loads; `busy` while another page is on its way; `placeholderRows` the rows expected. */
  children: (page: P | null, busy: boolean, placeholderRows: number) => ReactNode;
}

export function PagedList<P>({ queryKey, fetchPage, totalOf, what, children }: PagedListProps<P>) {
  const { t } = useTranslation("contracts");
  const { params, goToPage, setSize } = useListParams();
  const query = useQuery({
    queryKey: [...queryKey, params.size, params.page],
    queryFn: ({ signal }) => fetchPage(params.size, pageOffset(params), signal),
    placeholderData: keepPreviousData,
  });
  useLoggedFailure(query.error, what);
  const total = query.data === undefined ? null : totalOf(query.data);
  const pages = total === null ? params.page : pageCount(total, params.size);
  useEffect(() => {
    // A page beyond the end (an old link, a shorter list) shows the last one instead.
    if (total !== null && !query.isPlaceholderData && params.page > pages) goToPage(pages, { replace: true });
  }, [total, query.isPlaceholderData, params.page, pages, goToPage]);
  const placeholderRows = total === null ? params.size : Math.min(params.size, Math.max(1, total - pageOffset(params)));

  return (
    <>
      <p className={styles.total}>{total === null ? "\u00a0" : t("total", { count: total, number: formatInteger(total) })}</p>
      {children(query.data ?? null, query.isPlaceholderData, placeholderRows)}
      <footer className={`${pagingBar.bar} ${styles.pager}`}>
        <Paginator page={params.page} totalPages={pages} onChange={goToPage} />
        <RowsPerPage value={params.size} onChange={setSize} />
      </footer>
    </>
  );
}
