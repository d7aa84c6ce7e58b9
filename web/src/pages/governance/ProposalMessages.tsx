// The messages a proposal executes when accepted, each summarised in words with its JSON a click away.
import { useTranslation } from "react-i18next";
import type { Proposal } from "../../api/governance.ts";
import { GovernanceMessageView } from "../../components/GovernanceParts.tsx";
import styles from "./Governance.module.css";

export function ProposalMessages({ messages }: { messages: Proposal["messages"] }) {
  const { t } = useTranslation("transaction");
  return (
    <ol className={styles.messages}>
      {messages.map((message, index) => (
        // A proposal's messages never change order.
        <li key={index}>
          <GovernanceMessageView
            typeUrl={message.typeUrl}
            value={message.value}
            title={messages.length > 1 ? t("message.number", { number: index + 1, total: messages.length }) : undefined}
          />
        </li>
      ))}
    </ol>
  );
}
