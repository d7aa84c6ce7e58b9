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
import { ExportLink } from "../../components/ExportLink.tsx";
import { exportLinks } from "../../api/exports.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import frame from "../../components/DetailPage.module.css";

const FIRST_PAGE_HEIGHT = 480;
/** A holder's value in AXM shows what a balance would: up to 6 decimals, cut. */
const AXM_DECIMALS = 6;

type RankedHolder = TokenHolder & { rank: number };

export function TokenHolders({ address, decimals }: { address: string; decimals: number }) {
  const { t } = useTranslation("token");
  const phone = useMediaQuery(MOBILE_QUERY);
  const query = useInfiniteQuery(queries.tokenHolders(address));
  useLoggedFailure(query.error, `holders of ${address}`);
  if (!query.data) return <Spinner minHeight={FIRST_PAGE_HEIGHT} />;
  const holders = distinctHolders(query.data.pages.flatMap((page) => page.holders));
  if (holders.length === 0) return <NothingFound />;
  const ranked = holders.map((holder, index) => ({ ...holder, rank: index + 1 }));
  const columns: ListColumn<RankedHolder>[] = [
    { key: "index", label: t("holders.index"), cell: (holder) => formatInteger(holder.rank) },
    {
      key: "account",
      label: t("holders.account"),
      cell: (holder) => (
        <RowCopy value={holder.address} kind="address">
          <AddressLink address={holder.address} short={phone} />
        </RowCopy>
      ),
    },
    { key: "quantity", label: t("holders.quantity"), numeric: true, cell: (holder) => formatTokenAmount(holder.quantity, decimals) },
    { key: "percentage", label: t("holders.percentage"), numeric: true, cell: (holder) => t("common:percent", { value: formatFixed(holder.percentage) }) },
    {
      key: "value",
      label: t("holders.value"),
      numeric: true,
      cell: (holder) => (holder.valueInAxm === null ? t("common:none") : formatCoins(holder.valueInAxm, AXM_DECIMALS)),
    },
  ];
  return (
    <div className={frame.tabBody}>
      <ExportLink href={exportLinks.holders(address)} list="holders" />
      <ListTable rows={ranked} placeholderRows={0} caption={t("tabs.holders")} columns={columns} rowKey={(holder) => holder.address} />
      <ShowMore query={query} />
    </div>
  );
}

/** Requests are answered at different moments: a holder whose balance moved in between may come again; it shows once. */
function distinctHolders(rows: TokenHolder[]): TokenHolder[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.address) && seen.add(row.address));
}
