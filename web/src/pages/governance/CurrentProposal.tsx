// The proposal being voted on: its name, author, time left, the messages it would execute and each governor's vote.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Proposal } from "../../api/governance.ts";
import { DetailFields } from "../../components/DetailFields.tsx";
import { routes } from "../../routes.ts";
import { GovernanceTime } from "../../components/GovernanceParts.tsx";
import { Countdown } from "./Countdown.tsx";
import { Named } from "./Named.tsx";
import { ProposalMessages } from "./ProposalMessages.tsx";
import { ProposalVotes } from "./ProposalVotes.tsx";
import styles from "./Governance.module.css";

export function CurrentProposal({ proposal, names }: { proposal: Proposal | null; names: Map<string, string> }) {
  const { t } = useTranslation("governance");
  if (!proposal) return <p className={styles.empty}>{t("current.none")}</p>;
  return (
    <div className={styles.section}>
      <p className={styles.name}>
        <Link to={routes.proposal(proposal.id)}>{`#${proposal.id} ${proposal.name}`}</Link>
      </p>
      <DetailFields
        fields={[
          { label: t("fields.author"), value: <Named address={proposal.author} name={proposal.authorName} /> },
          proposal.endTime ? { label: t("current.endsIn"), value: <Countdown endTime={proposal.endTime} /> } : null,
          proposal.endTime ? { label: t("fields.ends"), value: <GovernanceTime timestamp={proposal.endTime} /> } : null,
        ]}
      />
      <h3 className={styles.subHeading}>{t("fields.messages")}</h3>
      <ProposalMessages messages={proposal.messages} />
      <h3 className={styles.subHeading}>{t("fields.votes")}</h3>
      <ProposalVotes proposal={proposal} names={names} />
    </div>
  );
}
