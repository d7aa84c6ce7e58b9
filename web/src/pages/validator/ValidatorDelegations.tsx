// A validator's delegators, biggest first, 10 at a time: "Show more" adds the next 10 until a page comes back short,
// empty or failed (SPEC.md §4).
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCoinsNonZero, shortenAddress } from "../../../../core/format.ts";
import { RowCopy } from "../../components/RowCopy.tsx";
import { queries } from "../../api/queries.ts";
import type { Delegation } from "../../api/types.ts";
import { NothingFound } from "../../components/NothingFound.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { SHOW_MORE_HEIGHT, ShowMoreButton } from "../../components/ShowMore.tsx";
import { MOBILE_QUERY, useMediaQuery } from "../../components/useMediaQuery.ts";
import { routes } from "../../routes.ts";
import styles from "./ValidatorPage.module.css";

/** Room the first page takes while it loads. */
const FIRST_PAGE_HEIGHT = 200;
/** The height of the "Show more" button, held by the spinner while the next page loads. */

export function ValidatorDelegations({ validator }: { validator: string }) {
  const { t } = useTranslation("validator");
  const phone = useMediaQuery(MOBILE_QUERY);
  const query = useInfiniteQuery(queries.delegations(validator));

  if (!query.data) {
    if (!query.isError) return <Spinner minHeight={FIRST_PAGE_HEIGHT} />;
    return (
      <p className={styles.failed} role="alert">
        {t("delegations.failed")}
      </p>
    );
  }
  const rows = distinctDelegators(query.data.pages.flat());
  if (rows.length === 0) return <NothingFound />;
  return (
    <>
      <div className={styles.scroller} role="region" aria-label={t("delegations.heading")} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("delegations.delegator")}</th>
              <th scope="col" className={styles.number}>
                {t("delegations.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((delegation) => (
              <tr key={delegation.address}>
                <td>
                  <RowCopy value={delegation.address} kind="address">
                    <Link to={routes.address(delegation.address)} className="mono" title={delegation.address}>
                      {phone ? shortenAddress(delegation.address) : delegation.address}
                    </Link>
                  </RowCopy>
                </td>
                <td className={styles.number}>{formatCoinsNonZero(delegation.amount[0]?.amount ?? "0")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.isFetchingNextPage || (query.hasNextPage && !query.isError) ? (
        <div className={styles.moreRow}>
          {query.isFetchingNextPage ? <Spinner minHeight={SHOW_MORE_HEIGHT} /> : <ShowMoreButton onClick={() => void query.fetchNextPage()} />}
        </div>
      ) : null}
    </>
  );
}

/** Pages are read at different moments: a delegator whose amount changed in between may come again; it shows once. */
function distinctDelegators(rows: Delegation[]): Delegation[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.address) && seen.add(row.address));
}
