// The leader bonuses section (SPEC.md §2 Progress), for Leader and above: the countdown to the weekly result, the KPI bar,
// the estimated earning with the week's pool and the KPI popup; then the top-influence rating in a card of its own.
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCoins } from "../../../../core/format.ts";
import type { Status } from "../../../../core/partnership-status.ts";
import { Card } from "../../components/Card.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { InfluenceRating } from "./InfluenceRating.tsx";
import { KpiBar } from "./KpiBar.tsx";
import { KpiDialog } from "./KpiDialog.tsx";
import { PayoutCountdown } from "./PayoutCountdown.tsx";
import { useLeaderSummary } from "./useProgress.ts";
import styles from "./ProgressPage.module.css";

/** Room the countdown, the bar and the figures take, and the rating's ten rows. */
const BONUS_HEIGHT = 360;
const RATING_HEIGHT = 530;

export function LeaderBonus({ address, status, premium }: { address: string; status: Status; premium: boolean }) {
  const { t } = useTranslation("progress");
  const summary = useLeaderSummary(address, status);
  const [kpiOpen, setKpiOpen] = useState(false);
  const kpiButton = useRef<HTMLButtonElement>(null);
  const closeKpi = useCallback(() => {
    setKpiOpen(false);
    kpiButton.current?.focus();
  }, []);

  return (
    <>
      <Card>
        <div className={styles.cardHead}>
          <h2 className={styles.sectionHeading}>{t("leader.heading")}</h2>
          <button
            ref={kpiButton}
            type="button"
            className={styles.kpiButton}
            aria-haspopup="dialog"
            aria-expanded={kpiOpen}
            disabled={summary.data === undefined}
            onClick={() => setKpiOpen(true)}
          >
            {t("leader.kpiButton")}
          </button>
        </div>
        <QueryState query={summary} minHeight={BONUS_HEIGHT} failedText={t("leader.failed")}>
          {(figures) => (
            <div className={styles.bonus}>
              <PayoutCountdown nextPayoutAt={figures.nextPayoutAt} />
              <KpiBar summary={figures} />
              <dl className={styles.figures}>
                <div>
                  <dt>{t("leader.earning")}</dt>
                  <dd className={styles.figure}>
                    {figures.earning === null ? t("common:none") : t("leader.axm", { amount: formatCoins(figures.earning, 2) })}
                  </dd>
                  {premium ? null : <dd className={styles.muted}>{t("leader.premiumOnly")}</dd>}
                </div>
                <div>
                  <dt>{t("leader.pool")}</dt>
                  <dd className={styles.figure}>{figures.pool === null ? t("common:none") : t("leader.axm", { amount: formatCoins(figures.pool, 0) })}</dd>
                </div>
              </dl>
              {kpiOpen ? <KpiDialog summary={figures} onClose={closeKpi} /> : null}
            </div>
          )}
        </QueryState>
      </Card>
      <Card>
        <h2 className={styles.sectionHeading}>{t("rating.heading")}</h2>
        <QueryState query={summary} minHeight={RATING_HEIGHT} failedText={t("leader.failed")}>
          {(figures) => <InfluenceRating rows={figures.rating} />}
        </QueryState>
      </Card>
    </>
  );
}
