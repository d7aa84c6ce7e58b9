// The Charts screen (issue 16): one chart per daily series with a 7-day / 30-day / 1-year / all switch and a table view
// of the same numbers; the range and the view live in the URL.
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CHART_SERIES } from "../../../../core/chart-series.ts";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { ChartCard } from "./ChartCard.tsx";
import { parseRange, RANGES, type ChartRange } from "./chart-view.ts";
import frame from "../../components/ListPage.module.css";
import styles from "./ChartsPage.module.css";

export default function ChartsPage() {
  const { t } = useTranslation("charts");
  usePageTitle(t("title"));
  const [params, setParams] = useSearchParams();
  const range = parseRange(params.get("range"));
  const table = params.get("view") === "table";
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const chooseRange = (r: ChartRange) => set("range", r === "30d" ? null : r);

  return (
    <section className={frame.page}>
      <h1 className={frame.heading}>{t("title")}</h1>
      <p className={styles.intro}>{t("intro")}</p>
      <div className={styles.controls}>
        <div role="group" aria-label={t("range.label")} className={styles.switch}>
          {RANGES.map((r) => (
            <button key={r} type="button" className={styles.option} aria-pressed={r === range} onClick={() => chooseRange(r)}>
              {t(`range.${r}`)}
            </button>
          ))}
        </div>
        <button type="button" className={styles.option} aria-pressed={table} onClick={() => set("view", table ? null : "table")}>
          {t("view.table")}
        </button>
      </div>
      <div className={styles.grid}>
        {CHART_SERIES.map((series) => (
          <ChartCard key={series} series={series} range={range} table={table} />
        ))}
      </div>
    </section>
  );
}
