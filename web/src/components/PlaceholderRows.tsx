// Grey rows holding a table's height while its page loads (or after it failed: SPEC.md §8 keeps the wait showing); each
// cell labelled like a real one, so a phone's placeholder cards are as tall as the cards they stand for.
import styles from "./ListTable.module.css";

export function PlaceholderRows({ rows, labels }: { rows: number; labels: string[] }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden="true">
      {labels.map((label, column) => (
        <td key={column} data-label={label}>
          <span className={styles.bar} />
        </td>
      ))}
    </tr>
  ));
}
