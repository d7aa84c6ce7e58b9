// The validator's last 170 blocks as a strip of squares, oldest first: missed (red), signed (green), proposed (blue),
// with the count of each.
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../../core/format.ts";
import { countStates, type UptimeSquare, type UptimeState } from "./uptime-window.ts";
import styles from "./ValidatorPage.module.css";

const STATE_CLASS: Record<UptimeState, string> = { 0: styles.missed, 1: styles.signed, 2: styles.proposed };

export function ValidatorUptime({ squares }: { squares: UptimeSquare[] }) {
  const { t } = useTranslation("validator");
  const counts = countStates(squares);
  const title = (square: UptimeSquare) =>
    square.state === 2
      ? t("uptime.blockProposed", { height: square.height })
      : square.state === 1
        ? t("uptime.blockSigned", { height: square.height })
        : t("uptime.blockMissed", { height: square.height });
  return (
    <>
      {/* The counts below say in words what the strip shows; each square's title names its block for a pointer. */}
      <div className={styles.strip} role="img" aria-label={t("uptime.strip", { number: squares.length })}>
        {squares.map((square) => (
          <span key={square.height} className={STATE_CLASS[square.state]} title={title(square)} />
        ))}
      </div>
      <ul className={styles.legend} data-testid="uptime-counts">
        <li data-state="missed">
          <span className={`${styles.swatch} ${styles.missed}`} aria-hidden="true" />
          {t("uptime.missed", { number: formatInteger(counts.missed) })}
        </li>
        <li data-state="signed">
          <span className={`${styles.swatch} ${styles.signed}`} aria-hidden="true" />
          {t("uptime.signed", { number: formatInteger(counts.signed) })}
        </li>
        <li data-state="proposed">
          <span className={`${styles.swatch} ${styles.proposed}`} aria-hidden="true" />
          {t("uptime.proposed", { number: formatInteger(counts.proposed) })}
        </li>
      </ul>
    </>
  );
}
