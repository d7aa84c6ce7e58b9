// Chain events (a block's or a transaction's), each under its number and type, its attributes shown as the screen wants.
import type { ReactNode } from "react";
import type { ChainEvent } from "../api/types.ts";
import { StackedList } from "./StackedList.tsx";
import styles from "./EventList.module.css";

export function EventList({ events, attributes }: { events: ChainEvent[]; attributes: (event: ChainEvent, index: number) => ReactNode }) {
  return (
    <StackedList items={events}>
      {(event, index) => (
        <>
          <h2 className={styles.type}>
            <span className={styles.number}>#{index + 1}</span> {event.type}
          </h2>
          {attributes(event, index)}
        </>
      )}
    </StackedList>
  );
}
