// The Governance tab (issue 16): the proposals the account voted on and the polls it answered, newest first, with its
// choice, the block and the transaction; 20 a request with "Show more".
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import { governanceQueries, type ActivityEntry } from "../../api/governance.ts";
import { AnswerPill, GovernanceLink, VotePill, WRAPPING_CELL } from "../../components/GovernanceParts.tsx";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { routes } from "../../routes.ts";
import styles from "./AddressPage.module.css";

const PLACEHOLDER_ROWS = 5;

export function GovernanceTab({ address }: { address: string }) {
  const { t } = useTranslation("governance");
  const query = useInfiniteQuery(governanceQueries.activity(address));
  useLoggedFailure(query.error, `governance activity of ${address}`);
  const entries = query.data ? query.data.pages.flatMap((page) => page.entries) : null;
  const columns: ListColumn<ActivityEntry>[] = [
    { key: "kind", label: t("activity.kind"), cell: (e) => (e.kind === "vote" ? t("activity.vote") : t("activity.answer")) },
    {
      key: "what",
      label: t("activity.what"),
      className: WRAPPING_CELL,
      cell: (e) => <GovernanceLink kind={e.kind === "vote" ? "proposal" : "poll"} id={e.id} name={e.name} />,
    },
    {
      key: "choice",
      label: t("activity.choice"),
      cell: (e) => (e.kind === "vote" ? <VotePill vote={e.agree ? "agreed" : "disagreed"} /> : <AnswerPill yes={e.agree} />),
    },
    {
      key: "block",
      label: t("fields.block"),
      cell: (e) => (e.height === 0 ? t("fields.genesis") : <Link to={routes.block(e.height)}>{formatInteger(e.height)}</Link>),
    },
    {
      key: "tx",
      label: t("fields.transaction"),
      cell: (e) =>
        e.txHash === null ? (
          t("common:none")
        ) : (
          <Link to={routes.transaction(e.txHash)} className="mono">
            {shorten(e.txHash, 6)}
          </Link>
        ),
    },
  ];
  return (
    <div className={styles.tabBody}>
      <ListTable rows={entries} placeholderRows={PLACEHOLDER_ROWS} caption={t("activity.caption")} columns={columns} rowKey={(e) => `${e.kind}-${e.id}`} />
      <ShowMore query={query} />
    </div>
  );
}
