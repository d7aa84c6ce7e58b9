// The transactions card's 14-day sparkline: a small SVG line of the daily counts (no chart library), named for screen
// readers with the numbers it draws. Its own chunk, fetched once the home page's blocks are on screen and the browser is idle.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../../core/format.ts";
import { chartQueries } from "../../api/charts.ts";
import { sparklinePath } from "./sparkline-path.ts";

export const SPARKLINE_DAYS = 14;
const WIDTH = 80;
const HEIGHT = 28;

export default function TxSparkline() {
  const { t } = useTranslation("home");
  const chart = useQuery(chartQueries.year("transactions"));
  const points = chart.data?.points.slice(-SPARKLINE_DAYS) ?? [];
  const path = sparklinePath(
    points.map((p) => p.value),
    WIDTH,
    HEIGHT,
  );
  if (!path) return null;
  const values = points.map((p) => (p.value === null ? "–" : formatInteger(p.value))).join(", ");
  return (
    <svg
      style={{ display: "block", color: "var(--color-primary)" }}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={t("stats.sparkline", { values })}
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
