// The block's own events (begin and end of block: minting, rewards, commission), each with its attributes as JSON.
import { useTranslation } from "react-i18next";
import type { ChainEvent } from "../../api/types.ts";
import { EventList } from "../../components/EventList.tsx";
import { JsonView } from "../../components/JsonView.tsx";
import { attributesJson } from "../../components/event-attributes.ts";

export function BlockEvents({ events }: { events: ChainEvent[] }) {
  const { t } = useTranslation("block");
  return (
    <EventList
      events={events}
      attributes={(event, index) => <JsonView value={attributesJson(event.attributes)} label={t("eventAttributes", { number: index + 1, type: event.type })} />}
    />
  );
}
