// A proposal's screen: its status, author, blocks, end (with a countdown while voting) and transaction, the messages it
// executes when accepted, and each governor's vote with its block and transaction; a 404 view for an unknown number.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import { GOVERNANCE_REFRESH_MS, governanceQueries, type ProposalDetail } from "../../api/governance.ts";
import { isNotFound } from "../../api/not-found.ts";
import { BackButton } from "../../components/BackButton.tsx";
import { Card } from "../../components/Card.tsx";
import { DetailFields } from "../../components/DetailFields.tsx";
import { GovernanceTime, ProposalStatusPill } from "../../components/GovernanceParts.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { Pending } from "../../components/Pending.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { Countdown } from "./Countdown.tsx";
import { Named } from "./Named.tsx";
import { governorNames } from "./names.ts";
import { ProposalMessages } from "./ProposalMessages.tsx";
import { ProposalVotes } from "./ProposalVotes.tsx";
import styles from "./Governance.module.css";

/** Room the fields, a message and a government's votes take, held while the proposal loads. */
const LOADING_HEIGHT = 900;

export default function ProposalPage() {
  const { t } = useTranslation("governance");
  const id = useParams().id ?? "";
  const query = useQuery({
    ...governanceQueries.proposal(id),
    refetchInterval: (q) => (q.state.data?.status === "voting" ? GOVERNANCE_REFRESH_MS : false),
  });
  const notFound = query.isError && isNotFound(query.error);
  usePageTitle(notFound ? t("notFound.proposal") : query.data ? t("proposal.title", { id: query.data.id, name: query.data.name }) : t("title"));
  if (notFound) {
    return (
      <NotFoundView title={t("notFound.proposal")} text={t("notFound.text")}>
        <Link to={routes.governance()}>{t("notFound.back")}</Link>
      </NotFoundView>
    );
  }
  return (
    <article className={styles.page}>
      <BackButton fallback={routes.governance()} />
      <Pending query={query} what={`proposal ${id}`} minHeight={LOADING_HEIGHT}>
        {(proposal) => <ProposalDetailView proposal={proposal} />}
      </Pending>
    </article>
  );
}

function ProposalDetailView({ proposal }: { proposal: ProposalDetail }) {
  const { t } = useTranslation("governance");
  const government = useQuery(governanceQueries.government());
  const block = (height: number | null) => (height === null ? t("fields.unknown") : <Link to={routes.block(height)}>{formatInteger(height)}</Link>);
  return (
    <>
      <h1 className={styles.heading}>
        {t("proposal.heading", { id: proposal.id })}: {proposal.name}
      </h1>
      <Card>
        <DetailFields
          fields={[
            { label: t("fields.status"), value: <ProposalStatusPill status={proposal.status} /> },
            { label: t("fields.author"), value: <Named address={proposal.author} name={proposal.authorName} /> },
            { label: t("fields.started"), value: block(proposal.startHeight) },
            proposal.status === "voting" && proposal.endTime ? { label: t("current.endsIn"), value: <Countdown endTime={proposal.endTime} /> } : null,
            proposal.endTime ? { label: t("fields.ends"), value: <GovernanceTime timestamp={proposal.endTime} /> } : null,
            proposal.status === "voting" ? null : { label: t("fields.finished"), value: block(proposal.finishedHeight) },
            {
              label: t("fields.transaction"),
              value: proposal.txHash ? (
                <Link to={routes.transaction(proposal.txHash)} className="mono">
                  {shorten(proposal.txHash)}
                </Link>
              ) : (
                t("fields.genesis")
              ),
            },
          ]}
        />
      </Card>
      <Card>
        <h2 className={styles.cardHeading}>{t("fields.messages")}</h2>
        <ProposalMessages messages={proposal.messages} />
      </Card>
      <Card>
        <h2 className={styles.cardHeading}>{t("fields.votes")}</h2>
        <ProposalVotes proposal={proposal} votes={proposal.votes} names={governorNames(government.data)} />
      </Card>
    </>
  );
}
