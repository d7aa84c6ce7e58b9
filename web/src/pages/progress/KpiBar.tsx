// The week's KPI (SPEC.md §2, §4): new delegations against the account's own target, the bar spread across the status
// icons Leader .. its status, each level's part green once complete and blue until then.
import { useTranslation } from "react-i18next";
import { formatCoins, formatFixed, percentOf } from "../../../../core/format.ts";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import type { LeaderSummary } from "./leader-bonus.ts";
import styles from "./ProgressPage.module.css";

export function KpiBar({ summary }: { summary: LeaderSummary }) {
  const { t } = useTranslation("progress");
  const { amount, target, levels } = summary;
  const percent = target === 0n ? 0 : Math.min(100, percentOf(amount, target));
  const columns = { gridTemplateColumns: `repeat(${levels.length}, minmax(0, 1fr))` };
  return (
    <div className={styles.kpi}>
      <p className={styles.kpiHead}>
        <span>{t("leader.kpi")}</span>
        <span className={styles.kpiValue}>{t("leader.kpiValue", { amount: formatCoins(amount, 2), target: formatCoins(target, 0) })}</span>
      </p>
      <div
        className={styles.kpiTrack}
        style={columns}
        role="progressbar"
        aria-label={t("leader.kpiBar")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(percent)}
        aria-valuetext={t("common:percent", { value: formatFixed(percent) })}
      >
        {levels.map((level) => (
          <span key={level.status} className={styles.kpiSegment}>
            <span
              className={level.complete ? `${styles.kpiFill} ${styles.kpiComplete}` : styles.kpiFill}
              data-complete={level.complete}
              style={{ width: `${level.percent}%` }}
            />
          </span>
        ))}
      </div>
      <ol className={styles.kpiLevels} style={columns}>
        {levels.map((level) => (
          <li key={level.status}>
            <StatusBadge status={level.status} />
            <span>{formatCoins(level.target, 0)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
