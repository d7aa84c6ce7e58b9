// Items one under another (a transaction's messages, a block's events), or "Nothing found" when there are none.
import type { ReactNode } from "react";
import { NothingFound } from "./NothingFound.tsx";
import styles from "./StackedList.module.css";

export function StackedList<T>({ items, children }: { items: T[]; children: (item: T, index: number) => ReactNode }) {
  if (items.length === 0) return <NothingFound />;
  return (
    <ol className={styles.list}>
      {items.map((item, index) => (
        // The items have no identity of their own, and a list never changes order while shown.
        <li key={index}>{children(item, index)}</li>
      ))}
    </ol>
  );
}
