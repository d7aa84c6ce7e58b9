// Grey rows holding a table's height while its page loads (or after it failed: SPEC.md §8 keeps the wait showing).
import styles from "./ListTable.module.css";

export function PlaceholderRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden="true">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column}>
          <span className={styles.bar} />
        </td>
      ))}
    </tr>
  ));
}
