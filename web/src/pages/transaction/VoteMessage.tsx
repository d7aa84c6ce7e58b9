// A vote-module message's own part of the Message tab (and a referral MsgUpdateParams, which only the vote module's
// authority sends): what it does in words, its fields, and the proposal or poll it created, voted on or answered.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { governanceQueries } from "../../api/governance.ts";
import type { TxMessage } from "../../api/types.ts";
import { DetailFields, type DetailField } from "../../components/DetailFields.tsx";
import { GovernanceLink, messageFields } from "../../components/GovernanceParts.tsx";
import { governanceMessage } from "../../components/governance-view.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";

const PROPOSAL_KINDS = new Set(["propose", "vote"]);
const POLL_KINDS = new Set(["startPoll", "answerPoll"]);

/** `hash` of a successful transaction (the index records what it did), null for one that failed or is unknown. */
export function VoteMessage({ message, hash }: { message: TxMessage; hash: string | null }) {
  const { t } = useTranslation("governance");
  const summary = governanceMessage(message["@type"], message);
  const linked = summary !== null && (PROPOSAL_KINDS.has(summary.kind) || POLL_KINDS.has(summary.kind));
  const touched = useQuery({ ...governanceQueries.transaction(hash ?? ""), enabled: linked && hash !== null });
  useLoggedFailure(touched.error, `governance of ${hash}`);
  if (!summary) return null;
  const kind = POLL_KINDS.has(summary.kind) ? "poll" : "proposal";
  const targets = touched.data ? (kind === "poll" ? touched.data.polls : touched.data.proposals) : [];
  const target: DetailField | null = !linked
    ? null
    : {
        label: t(`message.${kind}`),
        value:
          hash === null
            ? t("message.notRecorded")
            : targets.length > 0
              ? targets.map((entry, index) => (
                  <span key={entry.id}>
                    {index > 0 ? ", " : null}
                    <GovernanceLink kind={kind} id={entry.id} name={entry.name} />
                  </span>
                ))
              : // Room for the link while the index is asked (one line, as the link takes).
                " ",
      };
  return <DetailFields fields={[{ label: t("message.what"), value: t(`message.${summary.kind}`) }, target, ...messageFields(summary, t)]} />;
}
