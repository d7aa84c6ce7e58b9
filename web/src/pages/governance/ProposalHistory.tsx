// Finished proposals, newest first, with their outcome, the count of agreeing and disagreeing governors and the block
// that ended them; "Show more" while the API gives a cursor.
import type { UseInfiniteQueryResult, InfiniteData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger } from "../../../../core/format.ts";
import type { Proposal, ProposalPage } from "../../api/governance.ts";

import { ProposalStatusPill, WRAPPING_CELL } from "../../components/GovernanceParts.tsx";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { routes } from "../../routes.ts";
import styles from "./Governance.module.css";

const PLACEHOLDER_ROWS = 3;

export function ProposalHistory({ query }: { query: UseInfiniteQueryResult<InfiniteData<ProposalPage>> }) {
  const { t } = useTranslation("governance");
  const finished = query.data ? query.data.pages.flatMap((page) => page.proposals).filter((p) => p.status !== "voting") : null;
  const columns: ListColumn<Proposal>[] = [
    { key: "id", label: t("history.id"), cell: (p) => formatInteger(p.id) },
    { key: "name", label: t("history.name"), className: WRAPPING_CELL, cell: (p) => <Link to={routes.proposal(p.id)}>{p.name}</Link> },
    { key: "outcome", label: t("history.outcome"), cell: (p) => <ProposalStatusPill status={p.status} /> },
    { key: "votes", label: t("history.votes"), numeric: true, cell: (p) => `${formatInteger(p.agreed.length)} / ${formatInteger(p.disagreed.length)}` },
    {
      key: "finished",
      label: t("history.finished"),
      numeric: true,
      cell: (p) => (p.finishedHeight === null ? t("fields.unknown") : <Link to={routes.block(p.finishedHeight)}>{formatInteger(p.finishedHeight)}</Link>),
    },
  ];
  if (finished && finished.length === 0 && !query.hasNextPage) return <p className={styles.empty}>{t("history.none")}</p>;
  return (
    <div className={styles.section}>
      <ListTable rows={finished} placeholderRows={PLACEHOLDER_ROWS} caption={t("history.heading")} columns={columns} rowKey={(p) => p.id} />
      <ShowMore query={query} />
    </div>
  );
}
