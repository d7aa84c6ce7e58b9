// The Operations tab of the support view (SPEC.md §2): type filters, then the account's operations newest first, 20 at a
// time; More loads the next 20 until a load comes back short.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { queries, screenKeys } from "../../api/queries.ts";
import type { Operation } from "../../api/types.ts";
import { NothingFound } from "../../components/NothingFound.tsx";
import { ExportLink } from "../../components/ExportLink.tsx";
import { exportLinks } from "../../api/exports.ts";
import { Spinner } from "../../components/Spinner.tsx";
import { SHOW_MORE_HEIGHT, ShowMoreButton } from "../../components/ShowMore.tsx";
import { FailedList } from "./FailedList.tsx";
import { OperationCard } from "./OperationCard.tsx";
import { OperationTypeFilter } from "./OperationTypeFilter.tsx";
import { nextTimeFrom } from "./operation-view.ts";
import { useAddressParams } from "./useAddressParams.ts";
import styles from "./OperationsTab.module.css";

/** Room the first load takes while it comes. */
const LOADING_HEIGHT = 480;
/** The More button's height, held by the spinner while the next load comes. */
const FILTER_HEIGHT = 40;

export function OperationsTab({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const { params, write } = useAddressParams();
  const types = useQuery(queries.operationTypes());
  return (
    <div className={styles.tab}>
      <ExportLink href={exportLinks.operations(address, { types: params.types })} list="operations" />
      {types.data ? (
        <OperationTypeFilter types={types.data} selected={params.types} onChange={(selected) => write({ types: selected })} />
      ) : types.isError ? (
        <FailedList text={t("operations.typesFailed")} onRetry={() => types.refetch()} />
      ) : (
        <div style={{ minHeight: FILTER_HEIGHT }} aria-hidden="true" />
      )}
      <OperationList address={address} types={params.types} />
    </div>
  );
}

function OperationList({ address, types }: { address: string; types: string[] }) {
  const { t, i18n } = useTranslation("address");
  const lang = i18n.language;
  const query = useInfiniteQuery({
    queryKey: screenKeys.operations(address, types, lang),
    queryFn: ({ pageParam, signal }) => api.operations(address, { types, timeFrom: pageParam, lang }, signal),
    // The first load starts from now (SPEC.md §7), the next ones from the last loaded time less 1 ms.
    initialPageParam: Date.now(),
    getNextPageParam: (last: Operation[]) => nextTimeFrom(last),
    refetchOnMount: "always",
  });

  if (!query.data) {
    if (query.isError) return <FailedList text={t("operations.failed")} onRetry={() => query.refetch()} />;
    return <Spinner minHeight={LOADING_HEIGHT} />;
  }
  const operations = query.data.pages.flat();
  if (operations.length === 0) return <NothingFound />;
  return (
    <>
      <ol className={styles.list} aria-label={t("tabs.operations")}>
        {operations.map((operation, i) => (
          <li key={i}>
            <OperationCard operation={operation} />
          </li>
        ))}
      </ol>
      {query.isFetchingNextPage ? (
        <Spinner minHeight={SHOW_MORE_HEIGHT} />
      ) : query.hasNextPage && !query.isError ? (
        <ShowMoreButton label={t("operations.more")} onClick={() => void query.fetchNextPage()} />
      ) : null}
      {query.isFetchNextPageError ? (
        <p className={styles.error} role="alert">
          {t("operations.failed")}
        </p>
      ) : null}
    </>
  );
}
