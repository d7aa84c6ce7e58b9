// The six statistic cards of the home page, refreshed every 5 s with the latest block.
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { LATEST_BLOCK_POLL_MS } from "./blocks-window.ts";
import { statFigures } from "./stat-figures.ts";
import styles from "./StatCards.module.css";

function Card({ label, value, detail }: { label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <div className={styles.card}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{value}</dd>
      <dd className={styles.detail}>{detail}</dd>
    </div>
  );
}

export function StatCards() {
  const { t } = useTranslation("home");
  const stat = useQuery({ queryKey: ["stat"], queryFn: ({ signal }) => api.stat(signal), refetchInterval: LATEST_BLOCK_POLL_MS });

  if (!stat.data) {
    return (
      <div className={styles.grid} aria-busy={!stat.isError}>
        {stat.isError ? <p className={styles.unavailable}>{t("stats.unavailable")}</p> : null}
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" />
        ))}
      </div>
    );
  }

  const f = statFigures(stat.data);
  return (
    <dl className={styles.grid} aria-label={t("stats.label")}>
      <Card
        label={t("stats.minedSupply")}
        value={t("stats.coins", { amount: f.minedSupply })}
        detail={t("stats.ofMaximum", { percent: f.minedPercent, maximum: f.maximalSupply })}
      />
      <Card label={t("stats.transactions")} value={f.txsTotal} detail={t("stats.perSecond", { rate: f.txsPerSecond })} />
      <Card label={t("stats.addresses")} value={f.registrations} detail={t("stats.registeredToday", { value: f.registeredToday })} />
      <Card
        label={t("stats.totalLocked")}
        value={t("stats.coins", { amount: f.lockedSupply })}
        detail={t("stats.ofMined", { percent: f.lockedPercent })}
      />
      <Card label={t("stats.burned")} value={t("stats.coins", { amount: f.burnedTotal })} detail={t("stats.burnedToday", { amount: f.burnedToday })} />
      <Card label={t("stats.blockTime")} value={t("stats.seconds", { seconds: f.blockTime })} detail={t("stats.approximate")} />
    </dl>
  );
}
