// The vote module's shared pieces: a governor's vote, a proposal's status and a poll's decision as pills, who may answer a
// poll, its quorum, the yes/no bar, and a message summarised in words with its JSON a click away.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDecimal, formatInteger, formatUtcDateTime, messageLabel } from "../../../core/format.ts";
import { routes } from "../routes.ts";
import { AddressLink } from "./AddressLink.tsx";
import { DetailFields, UtcTimeAgo, type DetailField } from "./DetailFields.tsx";
import { useNow } from "./useNow.ts";
import { JsonView } from "./JsonView.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { governanceMessage, pollShares, type GovernanceMessage, type Requirement, type VoteChoice } from "./governance-view.ts";
import styles from "./Governance.module.css";

const VOTE_CLASS: Record<VoteChoice, string> = { agreed: styles.positive, disagreed: styles.negative, none: styles.neutral };
const STATUS_CLASS = { voting: styles.running, accepted: styles.positive, rejected: styles.negative } as const;
const DECISION_CLASS = { pending: styles.running, positive: styles.positive, negative: styles.negative, none: styles.neutral } as const;

export function VotePill({ vote }: { vote: VoteChoice }) {
  const { t } = useTranslation("governance");
  return <span className={`${styles.pill} ${VOTE_CLASS[vote]}`}>{t(`vote.${vote}`)}</span>;
}

export function ProposalStatusPill({ status }: { status: keyof typeof STATUS_CLASS }) {
  const { t } = useTranslation("governance");
  return <span className={`${styles.pill} ${STATUS_CLASS[status]}`}>{t(`status.${status}`)}</span>;
}

export function DecisionPill({ decision }: { decision: keyof typeof DECISION_CLASS }) {
  const { t } = useTranslation("governance");
  return <span className={`${styles.pill} ${DECISION_CLASS[decision]}`}>{t(`decision.${decision}`)}</span>;
}

/** An answer to a poll: yes or no, coloured as an agreement or a disagreement. */
export function AnswerPill({ yes }: { yes: boolean }) {
  const { t } = useTranslation("governance");
  return <span className={`${styles.pill} ${yes ? styles.positive : styles.negative}`}>{yes ? t("polls.yes") : t("polls.no")}</span>;
}

export function RequirementText({ requirement }: { requirement: Requirement }) {
  const { t } = useTranslation("governance");
  if (requirement.kind !== "minStatus") return <>{t(`requirement.${requirement.kind}`)}</>;
  return (
    <span>
      {t("requirement.minStatus")} <StatusBadge status={requirement.minStatus ?? 0} withName /> {t("requirement.orHigher")}
    </span>
  );
}

export function QuorumText({ quorum }: { quorum: number | null }) {
  const { t } = useTranslation("governance");
  return <>{quorum === null ? t("polls.noQuorum") : t("polls.quorumValue", { value: formatDecimal(quorum * 100) })}</>;
}

/** The yes and no shares as a bar, with the counts and shares written beside it (the colours alone say nothing). */
export function PollBar({ yes, no }: { yes: number; no: number }) {
  const { t } = useTranslation("governance");
  const shares = pollShares(yes, no);
  const yesText = `${formatInteger(yes)} (${t("common:percent", { value: formatDecimal(shares.yes, 1) })})`;
  const noText = `${formatInteger(no)} (${t("common:percent", { value: formatDecimal(shares.no, 1) })})`;
  return (
    <div className={styles.bar}>
      <div className={styles.track} role="img" aria-label={t("polls.bar", { yes: yesText, no: noText })}>
        <span className={styles.yes} style={{ width: `${shares.yes}%` }} />
        <span className={styles.no} style={{ width: `${shares.no}%` }} />
      </div>
      <div className={styles.counts} aria-hidden="true">
        <span>
          {t("polls.yes")}: {yesText}
        </span>
        <span>
          {t("polls.no")}: {noText}
        </span>
      </div>
    </div>
  );
}

/** What the message does in words (its kind, then its fields), its JSON behind a disclosure. */
export function GovernanceMessageView({ typeUrl, value, title }: { typeUrl: string; value: unknown; title?: string }) {
  const { t } = useTranslation("governance");
  const message = governanceMessage(typeUrl, value);
  return (
    <div className={styles.message}>
      <p className={styles.messageTitle} title={typeUrl}>
        {title ? `${title}: ` : ""}
        {message ? t(`message.${message.kind}`) : t("message.unknown")} <span className="mono">({messageLabel(typeUrl)})</span>
      </p>
      {message ? <DetailFields fields={messageFields(message, t)} /> : null}
      <details className={styles.json}>
        <summary>{t("message.json")}</summary>
        <JsonView value={value} label={t("message.json")} />
      </details>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation<"governance">>["t"];

/** The fields worth saying of each kind; a transaction's own sender is shown by the transaction screen. */
export function messageFields(message: GovernanceMessage, t: Translate): DetailField[] {
  const period = (minutes: number | null) =>
    minutes === null ? t("message.unchanged") : t("message.minutes", { count: minutes, value: formatInteger(minutes) });
  switch (message.kind) {
    case "addGovernor":
    case "removeGovernor":
      return [{ label: t("message.governor"), value: <AddressLink address={message.governor} /> }];
    case "voteParams":
      return [
        { label: t("message.votePeriod"), value: period(message.votePeriod) },
        { label: t("message.pollPeriod"), value: period(message.pollPeriod) },
      ];
    case "referralParams":
      return [
        {
          label: t("message.parameters"),
          value: (
            <ul className={styles.params}>
              {message.params.map((param) => (
                <li key={param.name}>
                  <code>{param.name}</code>: <code>{param.value}</code>
                </li>
              ))}
            </ul>
          ),
        },
      ];
    case "propose":
      return [
        { label: t("message.name"), value: message.name },
        { label: t("message.messages"), value: message.messages.map(messageLabel).join(", ") || t("common:none") },
      ];
    case "vote":
      return [{ label: t("message.choice"), value: <VotePill vote={message.agree ? "agreed" : "disagreed"} /> }];
    case "startPoll":
      return [
        { label: t("message.name"), value: message.name },
        { label: t("fields.question"), value: message.question },
        { label: t("fields.quorum"), value: <QuorumText quorum={message.quorum} /> },
        { label: t("fields.who"), value: <RequirementText requirement={message.requirement} /> },
      ];
    case "answerPoll":
      return [{ label: t("message.answer"), value: <AnswerPill yes={message.yes} /> }];
  }
}

/** A moment as its UTC date and time; how long ago only once it has passed. */
export function GovernanceTime({ timestamp }: { timestamp: string }) {
  const now = useNow(60_000);
  return Date.parse(timestamp) > now ? <span>{formatUtcDateTime(timestamp)}</span> : <UtcTimeAgo timestamp={timestamp} />;
}

/** The class of a list table's cell holding a proposal's or poll's name: it wraps rather than widen the page. */
export const WRAPPING_CELL = styles.wrap;

/** A link to a proposal or a poll by its number and name. */
export function GovernanceLink({ kind, id, name }: { kind: "proposal" | "poll"; id: number; name: string }) {
  return <Link to={kind === "proposal" ? routes.proposal(id) : routes.poll(id)}>{`#${id} ${name}`}</Link>;
}
