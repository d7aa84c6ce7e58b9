// A poll's facts as the Governance list and the poll's own screen show them: question, yes/no bar, quorum, who may
// answer, decision and its times.
import { useTranslation } from "react-i18next";
import type { Poll } from "../../api/governance.ts";
import { DetailFields } from "../../components/DetailFields.tsx";
import { DecisionPill, GovernanceTime, PollBar, QuorumText, RequirementText } from "../../components/GovernanceParts.tsx";
import { Named } from "./Named.tsx";

export function PollFields({ poll, full = false }: { poll: Poll; full?: boolean }) {
  const { t } = useTranslation("governance");
  return (
    <DetailFields
      fields={[
        full ? { label: t("fields.question"), value: poll.question } : null,
        full ? { label: t("fields.author"), value: <Named address={poll.author} name={poll.authorName} /> } : null,
        { label: t("fields.answers"), value: <PollBar yes={poll.yes} no={poll.no} /> },
        { label: t("fields.quorum"), value: <QuorumText quorum={poll.quorum} /> },
        { label: t("fields.who"), value: <RequirementText requirement={poll.requirement} /> },
        { label: t("fields.decision"), value: <DecisionPill decision={poll.decision} /> },
        full && poll.startTime ? { label: t("fields.startTime"), value: <GovernanceTime timestamp={poll.startTime} /> } : null,
        poll.endTime ? { label: t("fields.endTime"), value: <GovernanceTime timestamp={poll.endTime} /> } : null,
      ]}
    />
  );
}
