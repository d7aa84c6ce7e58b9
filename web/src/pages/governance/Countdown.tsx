// The time left to vote, counting down each second: "2 days 03:14:05", or that the time is over and the next block
// closes the vote.
import { useTranslation } from "react-i18next";
import { useNow } from "../../components/useNow.ts";
import { clock, timeLeft } from "../../components/governance-view.ts";
import styles from "./Governance.module.css";

export function Countdown({ endTime }: { endTime: string }) {
  const { t } = useTranslation("governance");
  const now = useNow();
  const left = timeLeft(Date.parse(endTime), now);
  if (!left) return <span>{t("current.over")}</span>;
  const text = `${left.days > 0 ? `${t("countdown.days", { count: left.days })} ` : ""}${clock(left)}`;
  // The label names what ticks; the text itself is not announced every second.
  return (
    <span className={styles.countdown} role="timer" aria-label={t("countdown.label")}>
      {text}
    </span>
  );
}
