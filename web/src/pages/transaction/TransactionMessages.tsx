// The Message tab: for each message its type, sender, AXM moved, the other addresses it names, a contract or vote-module
// message's own summary, and the raw JSON.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatCoins, messageLabel } from "../../../../core/format.ts";
import type { TxMessage } from "../../api/types.ts";
import { DetailFields } from "../../components/DetailFields.tsx";
import { JsonView } from "../../components/JsonView.tsx";
import { StackedList } from "../../components/StackedList.tsx";
import { AddressLink } from "../../components/AddressLink.tsx";
import { summarizeMessage, type NamedAddress } from "./message-summary.ts";
import { WasmMessage } from "./WasmMessage.tsx";
import { VoteMessage } from "./VoteMessage.tsx";
import styles from "./TransactionPage.module.css";

/** `hash` of a successful transaction, whose vote-module messages link to what they created, voted on or answered. */
export function TransactionMessages({ messages, hash }: { messages: TxMessage[]; hash: string | null }) {
  return <StackedList items={messages}>{(message, index) => <Message message={message} hash={hash} number={index + 1} total={messages.length} />}</StackedList>;
}

function Message({ message, hash, number, total }: { message: TxMessage; hash: string | null; number: number; total: number }) {
  const { t } = useTranslation("transaction");
  const summary = summarizeMessage(message);
  const headingId = useId();
  return (
    <section className={styles.message} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.messageTitle}>
        {t("message.number", { number, total })}
      </h2>
      <DetailFields
        fields={[
          {
            label: t("message.type"),
            value: (
              <span className={styles.type} title={summary.typeUrl}>
                {messageLabel(summary.typeUrl)}
              </span>
            ),
          },
          { label: t("message.sender"), value: summary.sender ? <AddressLink address={summary.sender.address} /> : "—" },
          { label: t("message.amount"), value: summary.amount === null ? "—" : t("axm", { amount: formatCoins(summary.amount) }) },
          summary.addresses.length > 0
            ? {
                label: t("message.addresses"),
                value: (
                  <ul className={styles.pairs}>
                    {summary.addresses.map((entry, index) => (
                      <AddressPair key={index} entry={entry} />
                    ))}
                  </ul>
                ),
              }
            : null,
        ]}
      />
      <WasmMessage message={message} />
      <VoteMessage message={message} hash={hash} />
      <h3 className={styles.rawTitle}>{t("message.raw")}</h3>
      <JsonView value={message} label={t("message.raw")} />
    </section>
  );
}

function AddressPair({ entry }: { entry: NamedAddress }) {
  const { t } = useTranslation("transaction");
  return (
    <li className={styles.pair}>
      {/* A field this screen has no name for is shown as the message spells it. */}
      <span className={styles.pairLabel}>{t(`field.${entry.field}`, { defaultValue: entry.field })}</span>
      <AddressLink address={entry.address} />
      {entry.amount !== null ? <span className={styles.pairAmount}>{t("axm", { amount: formatCoins(entry.amount) })}</span> : null}
    </li>
  );
}
