// The Team tab (SPEC.md §2): filters, found count, the sortable team table and paging, all kept in the URL.
import { useEffect, useMemo } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { listKeys, queries } from "../../api/queries.ts";
import { Paginator } from "../../components/Paginator.tsx";
import { RowsPerPage } from "../../components/RowsPerPage.tsx";
import { ExportLink } from "../../components/ExportLink.tsx";
import { exportLinks } from "../../api/exports.ts";
import pagingBar from "../../components/PagingBar.module.css";
import { nextSort, teamFilterOf, totalPages } from "./address-params.ts";
import { FailedList } from "./FailedList.tsx";
import { TeamFilters } from "./TeamFilters.tsx";
import { TeamTable } from "./TeamTable.tsx";
import { useAddressParams } from "./useAddressParams.ts";
import styles from "./TeamTab.module.css";

export function TeamTab({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const queryClient = useQueryClient();
  const { params, write, refine } = useAddressParams();
  const filter = useMemo(() => teamFilterOf(params), [params]);

  // A tab shown again asks afresh (SPEC.md §2: switching tabs reloads that tab's data).
  const count = useQuery({
    ...queries.teamCount(address, filter),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
  const page = useQuery({
    ...queries.team(address, params.size, params.page, filter, params.sort),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });

  const total = count.data?.total_records ?? null;
  const pages = total === null ? params.page : totalPages(total, params.size);
  const countIsCurrent = total !== null && !count.isPlaceholderData;
  useEffect(() => {
    if (countIsCurrent && params.page > pages) write({ page: pages }, { replace: true });
  }, [countIsCurrent, params.page, pages, write]);
  const rowsOnPage = total === null ? params.size : Math.min(params.size, Math.max(1, total - (params.page - 1) * params.size));

  const clear = () => {
    refine({ q: "", level: null, status: null });
    void queryClient.invalidateQueries({ queryKey: listKeys.teamCount(address) });
    void queryClient.invalidateQueries({ queryKey: listKeys.team(address) });
  };

  return (
    <div className={styles.tab}>
      <ExportLink href={exportLinks.team(address, filter)} list="team" />
      <TeamFilters
        q={params.q}
        level={params.level}
        status={params.status}
        found={countIsCurrent ? total : null}
        onChange={(change) => refine(change)}
        onClear={clear}
      />
      {page.isError && !page.data ? (
        <FailedList text={t("team.failed")} onRetry={() => page.refetch()} />
      ) : (
        <TeamTable
          rows={page.data?.data ?? null}
          names={page.data?.names ?? {}}
          sort={params.sort}
          onSort={(order) => refine({ sort: nextSort(params.sort, order) })}
          placeholderRows={rowsOnPage}
          busy={page.isFetching}
          caption={t("tabs.team")}
        />
      )}
      <footer className={pagingBar.bar}>
        <Paginator page={params.page} totalPages={pages} onChange={(n) => write({ page: n })} />
        <RowsPerPage value={params.size} onChange={(size) => refine({ size })} />
      </footer>
    </div>
  );
}
