// The rich list (issue 16): accounts by total balance (available + delegated + unbonding), biggest first, with their
// nicknames and the exchanges' and module accounts' labels, 25 a request with "Show more" while the API gives a cursor.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatCoins, formatFixed, formatInteger } from "../../../../core/format.ts";
import { RICH_PER_REQUEST } from "../../api/client.ts";
import { queries } from "../../api/queries.ts";
import type { RichAccount } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { Card } from "../../components/Card.tsx";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import { RowCopy } from "../../components/RowCopy.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { AccountName } from "./AccountName.tsx";
import frame from "../../components/ListPage.module.css";
import styles from "./RichListPage.module.css";

/** Amounts to two decimals, cut: the list compares holdings, the address screen gives them to the last micro unit. */
const AMOUNT_DECIMALS = 2;
/** Shares of a few millionths still show as more than nothing. */
const SHARE_DECIMALS = 4;

type RankedAccount = RichAccount & { rank: number };

export default function RichListPage() {
  const { t } = useTranslation("rich");
  usePageTitle(t("title"));
  const query = useInfiniteQuery(queries.richList());
  useLoggedFailure(query.error, "the rich list");
  const accounts = query.data ? distinctAccounts(query.data.pages.flatMap((page) => page.accounts)) : null;
  const coins = (micro: string) => formatCoins(micro, AMOUNT_DECIMALS);
  const columns: ListColumn<RankedAccount>[] = [
    { key: "rank", label: t("column.rank"), numeric: true, cell: (a) => formatInteger(a.rank) },
    {
      key: "address",
      label: t("column.address"),
      cell: (a) => (
        <RowCopy value={a.address} kind="address">
          <AddressLink address={a.address} short />
        </RowCopy>
      ),
    },
    { key: "name", label: t("column.name"), cell: (a) => <AccountName account={a} /> },
    { key: "total", label: t("column.total"), numeric: true, className: styles.total, cell: (a) => coins(a.total) },
    { key: "available", label: t("column.available"), numeric: true, cell: (a) => coins(a.available) },
    { key: "delegated", label: t("column.delegated"), numeric: true, cell: (a) => coins(a.delegated) },
    { key: "unbonding", label: t("column.unbonding"), numeric: true, cell: (a) => coins(a.unbonding) },
    {
      key: "share",
      label: t("column.share"),
      numeric: true,
      cell: (a) => (a.share === null ? t("common:none") : t("common:percent", { value: formatFixed(a.share, SHARE_DECIMALS) })),
    },
  ];
  return (
    <section className={frame.page}>
      <h1 className={frame.heading}>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <Card>
        <ListTable
          rows={accounts?.map((account, index) => ({ ...account, rank: index + 1 })) ?? null}
          placeholderRows={RICH_PER_REQUEST}
          caption={t("caption")}
          columns={columns}
          rowKey={(a) => a.address}
        />
        <ShowMore query={query} />
      </Card>
    </section>
  );
}

/** Requests are answered at different moments: an account whose total moved in between may come again; it shows once. */
function distinctAccounts(rows: RichAccount[]): RichAccount[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.address) && seen.add(row.address));
}
