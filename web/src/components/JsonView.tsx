// Pretty-printed JSON (event attributes, raw messages): scrolls sideways on wide screens, wraps on phones.
import styles from "./JsonView.module.css";

export function JsonView({ value, label }: { value: unknown; label?: string }) {
  // Focusable because a long document scrolls inside its box, and keyboard users must be able to scroll it too.
  return (
    <pre className={styles.json} tabIndex={0} aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
