// The Holders tab (SPEC.md §2): index, account, quantity, share of the supply and value in AXM, biggest first, 10 a
// request; "Show more" while the API gives a cursor.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatCoins, formatFixed, formatInteger, formatTokenAmount } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import type { TokenHolder } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { RowCopy } from "../../components/RowCopy.tsx";
import { NothingFound } from "../../components/NothingFound.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { MOBILE_QUERY, useMediaQuery } from "../../components/useMediaQuery.ts";
import { ShowMore } from "../../components/ShowMore.tsx";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import table from "../../components/ListTable.module.css";
import frame from "../../components/DetailPage.module.css";

const FIRST_PAGE_HEIGHT = 480;
/** A holder's value in AXM shows what a balance would: up to 6 decimals, cut. */
const AXM_DECIMALS = 6;

export function TokenHolders({ address, decimals }: { address: string; decimals: number }) {
  const { t } = useTranslation("token");
  const phone = useMediaQuery(MOBILE_QUERY);
  const query = useInfiniteQuery(queries.tokenHolders(address));
  useLoggedFailure(query.error, `holders of ${address}`);
  if (!query.data) return <Spinner minHeight={FIRST_PAGE_HEIGHT} />;
  const holders = distinctHolders(query.data.pages.flatMap((page) => page.holders));
  if (holders.length === 0) return <NothingFound />;
  return (
    <div className={frame.tabBody}>
      <div className={table.scroller} role="region" aria-label={t("tabs.holders")} tabIndex={0}>
        <table className={table.table}>
          <caption className="visually-hidden">{t("tabs.holders")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("holders.index")}</th>
              <th scope="col">{t("holders.account")}</th>
              <th scope="col" className={table.number}>
                {t("holders.quantity")}
              </th>
              <th scope="col" className={table.number}>
                {t("holders.percentage")}
              </th>
              <th scope="col" className={table.number}>
                {t("holders.value")}
              </th>
            </tr>
          </thead>
          <tbody>
            {holders.map((holder, index) => (
              <tr key={holder.address}>
                <td>{formatInteger(index + 1)}</td>
                <td>
                  <RowCopy value={holder.address} kind="address">
                    <AddressLink address={holder.address} short={phone} />
                  </RowCopy>
                </td>
                <td className={table.number}>{formatTokenAmount(holder.quantity, decimals)}</td>
                <td className={table.number}>{t("common:percent", { value: formatFixed(holder.percentage) })}</td>
                <td className={table.number}>{holder.valueInAxm === null ? t("common:none") : formatCoins(holder.valueInAxm, AXM_DECIMALS)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMore query={query} />
    </div>
  );
}

/** Requests are answered at different moments: a holder whose balance moved in between may come again; it shows once. */
function distinctHolders(rows: TokenHolder[]): TokenHolder[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.address) && seen.add(row.address));
}
