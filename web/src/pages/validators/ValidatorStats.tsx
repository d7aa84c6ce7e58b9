// The overview's four statistic cards: validators, average locked, average uptime (from the list) and the mempool.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../../core/format.ts";
import { queries } from "../../api/queries.ts";
import type { Validator } from "../../api/types.ts";
import { StatCard } from "../../components/StatCard.tsx";
import { LATEST_BLOCK_POLL_MS } from "../../api/poll.ts";
import { overviewFigures } from "./overview-figures.ts";
import styles from "./ValidatorsPage.module.css";

export function ValidatorStats({ validators }: { validators: Validator[] }) {
  const { t } = useTranslation("validators");
  // The same statistics as the home page's cards, refreshed as often: the mempool changes with every block.
  const stat = useQuery({ ...queries.stat(), refetchInterval: LATEST_BLOCK_POLL_MS });
  const f = overviewFigures(validators);
  return (
    <dl className={styles.stats} aria-label={t("stats.label")}>
      <StatCard label={t("stats.total")} value={f.total} detail={t("stats.activeCount", { number: f.active })} />
      <StatCard
        label={t("stats.averageLocked")}
        value={f.averageLocked === null ? t("common:none") : t("axm", { amount: f.averageLocked })}
        detail={t("stats.perValidator")}
      />
      <StatCard
        label={t("stats.averageUptime")}
        value={f.averageUptime === null ? t("common:none") : t("common:percent", { value: f.averageUptime })}
        detail={t("stats.sinceStart")}
      />
      <StatCard
        label={t("stats.mempool")}
        value={stat.data ? formatInteger(stat.data.mempool.n_txs) : stat.isError ? t("common:time.nd") : undefined}
        detail={t("stats.mempoolDetail")}
      />
    </dl>
  );
}
