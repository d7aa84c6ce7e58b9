// The Event logs tab: each event the transaction emitted, its attributes as a key/value table.
import { useTranslation } from "react-i18next";
import type { ChainEvent } from "../../api/types.ts";
import { AddressLink } from "./AddressLink.tsx";
import { isAddress } from "./message-summary.ts";
import styles from "./TransactionPage.module.css";

export function TransactionEvents({ events }: { events: ChainEvent[] }) {
  const { t } = useTranslation(["transaction", "common"]);
  if (events.length === 0) return <p className={styles.empty}>{t("common:nothingFound")}</p>;
  return (
    <ol className={styles.list}>
      {events.map((event, index) => (
        <li key={index} className={styles.event}>
          <h2 className={styles.eventType}>
            <span className={styles.muted}>#{index + 1}</span> {event.type}
          </h2>
          <table className={styles.attributes}>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{t("event.key")}</th>
                <th scope="col">{t("event.value")}</th>
              </tr>
            </thead>
            <tbody>
              {event.attributes.map((attribute, row) => (
                <tr key={row}>
                  <th scope="row">{attribute.key}</th>
                  <td className="mono">{isAddress(attribute.value) ? <AddressLink address={attribute.value} /> : attribute.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  );
}
