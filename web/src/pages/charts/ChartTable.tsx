// A series as a table, newest day first, in a box of the chart's size that scrolls (reachable by keyboard).
import { useTranslation } from "react-i18next";
import type { ChartPoint } from "../../api/types.ts";
import styles from "./ChartsPage.module.css";

/** The readout line and the chart under it: what the table view and the placeholders take, so nothing moves. */
export const CHART_BOX_HEIGHT = 232;

export function ChartTable({ caption, points, valueText }: { caption: string; points: ChartPoint[]; valueText: (value: number | null) => string }) {
  const { t } = useTranslation("charts");
  return (
    <div className={styles.tableBox} style={{ height: CHART_BOX_HEIGHT }} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("table.day")}</th>
            <th scope="col">{t("table.value")}</th>
          </tr>
        </thead>
        <tbody>
          {[...points].reverse().map((p) => (
            <tr key={p.day}>
              <td>{p.day}</td>
              <td>{valueText(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
