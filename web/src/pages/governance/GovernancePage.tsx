// The Governance screen (issue 16): the proposal being voted on with its messages, votes and countdown, the finished
// proposals with their outcomes, the polls with their yes/no bars, quorum and who may answer, and the government.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { GOVERNANCE_REFRESH_MS, governanceQueries } from "../../api/governance.ts";
import { Card } from "../../components/Card.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { CurrentProposal } from "./CurrentProposal.tsx";
import { GovernmentList } from "./GovernmentList.tsx";
import { governorNames } from "./names.ts";
import { PollList } from "./PollList.tsx";
import { ProposalHistory } from "./ProposalHistory.tsx";
import { Loading } from "./Loading.tsx";
import styles from "./Governance.module.css";

/** Room the current proposal and the government take on a phone, held while they load. */
const CURRENT_HEIGHT = 640;
const GOVERNMENT_HEIGHT = 320;

export default function GovernancePage() {
  const { t } = useTranslation("governance");
  usePageTitle(t("title"));
  const proposals = useInfiniteQuery({ ...governanceQueries.proposals(), refetchInterval: GOVERNANCE_REFRESH_MS });
  const polls = useInfiniteQuery({ ...governanceQueries.polls(), refetchInterval: GOVERNANCE_REFRESH_MS });
  const government = useQuery({ ...governanceQueries.government(), refetchInterval: GOVERNANCE_REFRESH_MS });
  useLoggedFailure(proposals.error, "proposals");
  useLoggedFailure(polls.error, "polls");
  useLoggedFailure(government.error, "government");
  const newest = proposals.data?.pages[0]?.proposals[0];
  const current = newest?.status === "voting" ? newest : null;
  const names = governorNames(government.data);

  return (
    <article className={styles.page}>
      <h1 className={styles.heading}>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <Card>
        <h2 className={styles.cardHeading}>{t("current.heading")}</h2>
        {proposals.data ? <CurrentProposal proposal={current} names={names} /> : <Loading minHeight={CURRENT_HEIGHT} />}
      </Card>
      <Card>
        <h2 className={styles.cardHeading}>{t("history.heading")}</h2>
        <ProposalHistory query={proposals} />
      </Card>
      <Card>
        <h2 className={styles.cardHeading}>{t("polls.heading")}</h2>
        <PollList query={polls} />
      </Card>
      <Card>
        <h2 className={styles.cardHeading}>{t("government.heading")}</h2>
        {government.data ? <GovernmentList government={government.data} /> : <Loading minHeight={GOVERNMENT_HEIGHT} />}
      </Card>
    </article>
  );
}
