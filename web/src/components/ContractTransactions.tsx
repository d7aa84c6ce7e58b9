// A contract's transactions (SPEC.md §2): those executing it (type filter MsgExecuteContract, §7) or all that involve it,
// paged on the server with rows per page; page and size in the URL.
import { useEffect } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries.ts";
import type { TxFilter } from "../api/types.ts";
import { Paginator } from "./Paginator.tsx";
import { RowsPerPage } from "./RowsPerPage.tsx";
import { TxTable } from "./TxTable.tsx";
import pagingBar from "./PagingBar.module.css";
import { pageCount } from "./list-params.ts";
import { useListParams } from "../hooks/useListParams.ts";
import { useLoggedFailure } from "../hooks/useLoggedFailure.ts";
import frame from "./DetailPage.module.css";

export const EXECUTE_CONTRACT = "/cosmwasm.wasm.v1.MsgExecuteContract";

export interface ContractTransactionsProps {
  address: string;
  /** Message types to keep; none keeps every transaction involving the address. */
  types?: string[];
  caption: string;
}

export function ContractTransactions({ address, types, caption }: ContractTransactionsProps) {
  const { params, goToPage, setSize } = useListParams();
  const filter: TxFilter = types ? { address, types } : { address };
  const list = useQuery({
    ...queries.transactions(params.size, params.page, filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery(queries.transactionsCount(filter));
  useLoggedFailure(list.error ?? count.error, `transactions of ${address}`);

  const total = count.data?.totalRecords ?? null;
  const pages = total === null ? params.page : pageCount(total, params.size);
  useEffect(() => {
    if (total !== null && params.page > pages) goToPage(pages, { replace: true });
  }, [total, params.page, pages, goToPage]);
  const rowsOnPage = total === null ? params.size : Math.min(params.size, Math.max(1, total - (params.page - 1) * params.size));

  return (
    <div className={frame.tabBody}>
      <TxTable rows={list.data?.data ?? null} placeholderRows={rowsOnPage} busy={list.isPlaceholderData} extra="block" caption={caption} />
      <footer className={pagingBar.bar}>
        <Paginator page={params.page} totalPages={pages} onChange={goToPage} />
        <RowsPerPage value={params.size} onChange={setSize} />
      </footer>
    </div>
  );
}
