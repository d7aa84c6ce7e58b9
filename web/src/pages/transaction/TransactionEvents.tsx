// The Event logs tab: each event the transaction emitted, its attributes as a key/value table.
import { useTranslation } from "react-i18next";
import type { ChainEvent } from "../../api/types.ts";
import { EventList } from "../../components/EventList.tsx";
import { AddressLink } from "../../components/AddressLink.tsx";
import { isAddress } from "../../components/address-pattern.ts";
import styles from "./TransactionPage.module.css";

export function TransactionEvents({ events }: { events: ChainEvent[] }) {
  return <EventList events={events} attributes={(event) => <Attributes event={event} />} />;
}

function Attributes({ event }: { event: ChainEvent }) {
  const { t } = useTranslation("transaction");
  return (
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
  );
}
