// The KPI popup (SPEC.md §2 Progress): the new delegations each leader level needs this week, and its share of the pool.
import { useTranslation } from "react-i18next";
import { formatCoins } from "../../../../core/format.ts";
import { LEADER_BONUS_SHARE_PERCENT } from "../../../../core/partnership-bonus.ts";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { Modal } from "../../components/Modal.tsx";
import type { LeaderSummary } from "./leader-bonus.ts";
import styles from "./ProgressPage.module.css";

export function KpiDialog({ summary, onClose }: { summary: LeaderSummary; onClose: () => void }) {
  const { t } = useTranslation("progress");
  return (
    <Modal closeLabel={t("close")} title={t("kpi.heading")} onClose={onClose}>
      <p className={styles.muted}>{t("kpi.text")}</p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t("kpi.status")}</th>
            <th scope="col" className={styles.number}>
              {t("kpi.needed")}
            </th>
            <th scope="col" className={styles.number}>
              {t("kpi.share")}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.targets.map(({ status, target }) => (
            <tr key={status}>
              <th scope="row">
                <StatusBadge status={status} withName />
              </th>
              <td className={styles.number}>{formatCoins(target, 0)}</td>
              <td className={styles.number}>{t("common:percent", { value: String(LEADER_BONUS_SHARE_PERCENT[status] ?? 0n) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
