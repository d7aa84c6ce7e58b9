// The Events tab (SPEC.md §2): the events that name the address, 30 a page, each a card with its type, block, transaction
// (for a transaction's event), time and attributes as JSON.
import { useEffect } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import { EVENTS_PAGE_SIZE } from "../../api/client.ts";
import { queries } from "../../api/queries.ts";
import { UtcTimeAgo } from "../../components/DetailFields.tsx";
import { JsonView } from "../../components/JsonView.tsx";
import { Paginator } from "../../components/Paginator.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { StackedList } from "../../components/StackedList.tsx";
import pagingBar from "../../components/PagingBar.module.css";
import { routes } from "../../routes.ts";
import { attributesJson } from "../../components/event-attributes.ts";
import { totalPages } from "./address-params.ts";
import { FailedList } from "./FailedList.tsx";
import { useAddressParams } from "./useAddressParams.ts";
import styles from "./AddressPage.module.css";

/** Room a page of event cards takes at first, held while it loads. */
const LOADING_HEIGHT = 600;

export function EventsTab({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const { params, write } = useAddressParams();
  const list = useQuery({
    ...queries.addressEvents(address, params.page),
    placeholderData: keepPreviousData,
    refetchOnMount: "always",
  });
  const count = useQuery({
    ...queries.addressEventsCount(address),
    refetchOnMount: "always",
  });
  const total = count.data?.totalRecords ?? null;
  const pages = total === null ? params.page : totalPages(total, EVENTS_PAGE_SIZE);
  useEffect(() => {
    if (total !== null && params.page > pages) write({ page: pages }, { replace: true });
  }, [total, params.page, pages, write]);
  const first = (params.page - 1) * EVENTS_PAGE_SIZE;

  return (
    <div className={styles.tabBody}>
      {list.data ? (
        <div className={list.isFetching ? styles.busy : undefined} aria-busy={list.isFetching}>
          <StackedList items={list.data.data}>
            {(event, index) => (
              <article className={styles.event}>
                <header className={styles.eventHead}>
                  <h3>
                    <span className={styles.muted}>#{formatInteger(first + index + 1)}</span> {event.type}
                  </h3>
                  <Link to={routes.block(event.blockId)}>{t("events.block", { height: formatInteger(event.blockId) })}</Link>
                  {event.txHash ? (
                    <Link to={routes.transaction(event.txHash)} className="mono" title={event.txHash}>
                      {t("events.transaction", { hash: shorten(event.txHash, 8) })}
                    </Link>
                  ) : null}
                  <span className={styles.time}>
                    <UtcTimeAgo timestamp={event.timestamp} />
                  </span>
                </header>
                <JsonView value={attributesJson(event.attributes)} label={t("events.attributes", { number: first + index + 1, type: event.type })} />
              </article>
            )}
          </StackedList>
        </div>
      ) : list.isError ? (
        <FailedList text={t("events.failed")} onRetry={() => list.refetch()} />
      ) : (
        <Spinner minHeight={LOADING_HEIGHT} />
      )}
      <footer className={pagingBar.bar}>
        <Paginator page={params.page} totalPages={pages} onChange={(n) => write({ page: n })} />
      </footer>
    </div>
  );
}
