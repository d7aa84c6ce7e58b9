// A "?" that explains what stands beside it: the text shows on hover and on keyboard focus, and Escape hides it.
import styles from "./HelpTip.module.css";
import { useTooltip } from "./useTooltip.ts";

export function HelpTip({ label, text }: { label: string; text: string }) {
  const tip = useTooltip();
  return (
    <span className={styles.help} {...tip.hover}>
      <button type="button" className={styles.button} aria-label={label} {...tip.trigger}>
        <span aria-hidden="true">?</span>
      </button>
      <span role="tooltip" className={styles.tooltip} {...tip.tooltip}>
        {text}
      </span>
    </span>
  );
}
