// One series on the Charts screen: its title and what it counts, then the chart (or its table), a placeholder of the
// chart's size while it loads.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { chartQueries } from "../../api/charts.ts";
import type { ChartPoint, ChartSeries, ChartUnit } from "../../api/types.ts";
import { formatValue, pointsOf, type ChartRange } from "./chart-view.ts";
import { CHART_BOX_HEIGHT, ChartTable } from "./ChartTable.tsx";
import { SeriesChart } from "./SeriesChart.tsx";
import styles from "./ChartsPage.module.css";

function Placeholder({ busy }: { busy: boolean }) {
  return <div className={`${styles.placeholder} ${busy ? styles.skeleton : ""}`} style={{ height: CHART_BOX_HEIGHT }} aria-hidden="true" />;
}

export function ChartCard({ series, range, table }: { series: ChartSeries; range: ChartRange; table: boolean }) {
  const { t } = useTranslation("charts");
  const year = useQuery(chartQueries.year(series));
  const all = useQuery({ ...chartQueries.all(series, year.data), enabled: range === "all" && year.data !== undefined });
  const points = year.data ? pointsOf(range, year.data.points, all.data) : undefined;
  const unit: ChartUnit = year.data?.unit ?? "count";
  const title = t(`series.${series}.title`);
  /** A value with its unit's word, or "no data". */
  const valueText = (value: number | null) => {
    const figure = formatValue(unit, value);
    return figure === null ? t("value.none") : t(`value.${unit}`, { value: figure });
  };
  const describe = (p: ChartPoint) => t("point", { day: p.day, value: valueText(p.value) });
  const failed = year.isError || (range === "all" && all.isError);
  const empty = year.data !== undefined && year.data.lastDay === null;

  let body;
  if (failed) body = <p className={styles.message}>{t("unavailable")}</p>;
  else if (empty) body = <p className={styles.message}>{t("empty")}</p>;
  else if (!points) body = <Placeholder busy />;
  else if (table) body = <ChartTable caption={title} points={points} valueText={valueText} />;
  else {
    const label = t("chartLabel", { title, from: points[0]?.day ?? "", to: points[points.length - 1]?.day ?? "" });
    body = <SeriesChart points={points} label={label} describe={describe} tick={(v) => formatValue(unit, v) ?? ""} />;
  }
  return (
    <section className={styles.card} aria-labelledby={`chart-${series}`} data-series={series}>
      <h2 id={`chart-${series}`} className={styles.title}>
        {title}
      </h2>
      <p className={styles.about}>{t(`series.${series}.about`)}</p>
      {body}
    </section>
  );
}
