// The six statistic cards of the home page, refreshed with every new block (every 5 s while the live stream is down).
import { lazy, Suspense, useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import { useLiveUpdates } from "../../api/useLiveUpdates.ts";
import { StatCard, StatCardPlaceholder } from "../../components/StatCard.tsx";
import { LATEST_BLOCK_POLL_MS } from "../../api/poll.ts";
import { routes } from "../../routes.ts";
import { statFigures } from "./stat-figures.ts";
import styles from "./StatCards.module.css";

const TxSparkline = lazy(() => import("./TxSparkline.tsx"));

/** True once `ready` holds and the browser has then been idle: what the first load does not need waits for it. */
function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [ready, idle]);
  return idle;
}

/** `sparkline`: the page's first content (the blocks) is on screen, so the transactions card may fetch its sparkline once the browser is idle. */
export function StatCards({ sparkline }: { sparkline: boolean }) {
  const { t } = useTranslation("home");
  const queryClient = useQueryClient();
  const live = useLiveUpdates({ onBlock: () => void queryClient.invalidateQueries({ queryKey: queries.stat().queryKey }) });
  const stat = useQuery({ ...queries.stat(), refetchInterval: live ? false : LATEST_BLOCK_POLL_MS });
  const drawSparkline = useIdleAfter(sparkline);

  if (!stat.data) {
    return (
      <div className={styles.grid} aria-busy={!stat.isError}>
        {stat.isError ? <p className={styles.unavailable}>{t("stats.unavailable")}</p> : null}
        {Array.from({ length: 6 }, (_, index) => (
          <StatCardPlaceholder key={index} />
        ))}
      </div>
    );
  }

  const f = statFigures(stat.data);
  const countedFrom = stat.data.countedFrom;
  /** Totals of an index started in mid-chain count from its first block: the card says so. */
  const counted = (detail: string) => (countedFrom === null ? detail : t("stats.countedFrom", { detail, height: formatInteger(countedFrom) }));
  const richList = { to: routes.richList(), label: t("stats.richList") };
  return (
    <dl className={styles.grid} aria-label={t("stats.label")}>
      <StatCard
        label={t("stats.minedSupply")}
        value={t("stats.coins", { amount: f.minedSupply })}
        detail={t("stats.ofMaximum", { percent: f.minedPercent, maximum: f.maximalSupply })}
        link={richList}
      />
      <StatCard
        label={t("stats.transactions")}
        value={f.txsTotal}
        detail={counted(t("stats.perSecond", { rate: f.txsPerSecond }))}
        aside={
          drawSparkline ? (
            <Suspense fallback={null}>
              <TxSparkline />
            </Suspense>
          ) : null
        }
      />
      <StatCard label={t("stats.addresses")} value={f.registrations} detail={t("stats.registeredToday", { value: f.registeredToday })} />
      <StatCard
        label={t("stats.totalLocked")}
        value={t("stats.coins", { amount: f.lockedSupply })}
        detail={t("stats.ofMined", { percent: f.lockedPercent })}
        link={richList}
      />
      <StatCard
        label={t("stats.burned")}
        value={t("stats.coins", { amount: f.burnedTotal })}
        detail={counted(t("stats.burnedToday", { amount: f.burnedToday }))}
      />
      <StatCard label={t("stats.blockTime")} value={t("stats.seconds", { seconds: f.blockTime })} detail={t("stats.approximate")} />
    </dl>
  );
}
