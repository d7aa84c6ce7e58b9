// The block's own events (begin and end of block: minting, rewards, commission), each with its attributes as JSON.
import { useTranslation } from "react-i18next";
import type { ChainEvent } from "../../api/types.ts";
import { JsonView } from "../../components/JsonView.tsx";
import { attributesJson } from "./event-attributes.ts";
import styles from "./BlockPage.module.css";

export function BlockEvents({ events }: { events: ChainEvent[] }) {
  const { t } = useTranslation(["block", "common"]);
  if (events.length === 0) return <p className={styles.empty}>{t("common:nothingFound")}</p>;
  return (
    <ol className={styles.events}>
      {events.map((event, index) => (
        <li key={index} className={styles.event}>
          <h2 className={styles.eventType}>
            <span className={styles.muted}>#{index + 1}</span> {event.type}
          </h2>
          <JsonView value={attributesJson(event.attributes)} label={t("eventAttributes", { number: index + 1, type: event.type })} />
        </li>
      ))}
    </ol>
  );
}
