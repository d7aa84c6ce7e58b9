// Time left to the next weekly leader-bonus result (SPEC.md §2, §4) in days, hours, minutes and seconds, ticking every second.
import { useTranslation } from "react-i18next";
import { formatUtcDateTime } from "../../../../core/format.ts";
import { useNow } from "../../components/useNow.ts";
import { countdownMs, countdownParts } from "./leader-bonus.ts";
import styles from "./ProgressPage.module.css";

const two = (n: number) => String(n).padStart(2, "0");

export function PayoutCountdown({ nextPayoutAt }: { nextPayoutAt: string }) {
  const { t, i18n } = useTranslation("progress");
  const now = useNow(1000);
  const left = countdownMs(nextPayoutAt, now);
  const { days, hours, minutes, seconds } = countdownParts(left);
  const units = [
    { key: "days", value: String(days), label: t("leader.days", { count: days }) },
    { key: "hours", value: two(hours), label: t("leader.hours", { count: hours }) },
    { key: "minutes", value: two(minutes), label: t("leader.minutes", { count: minutes }) },
    { key: "seconds", value: two(seconds), label: t("leader.seconds", { count: seconds }) },
  ];
  return (
    <div className={styles.countdown}>
      <p className={styles.countdownLabel}>{t("leader.countdown")}</p>
      {/* A timer is not announced on every tick; its text is read when the visitor reaches it. */}
      <div className={styles.timer} role="timer">
        {units.map((unit) => (
          <span key={unit.key} className={styles.unit} data-unit={unit.key}>
            <span className={styles.unitValue}>{unit.value}</span> <span className={styles.unitLabel}>{unit.label}</span>
          </span>
        ))}
      </div>
      <p className={styles.muted}>{t("leader.resultAt", { date: formatUtcDateTime(now + left, i18n.language) })}</p>
    </div>
  );
}
