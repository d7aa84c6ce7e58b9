// One series drawn by uPlot (only the Charts screen's chunk carries it): the value of the day under the pointer, and the arrow
// keys moving a focused day whose value a live region reads out. Colours come from the theme's CSS variables.
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { dayMs } from "../../api/charts.ts";
import type { ChartPoint } from "../../api/types.ts";
import styles from "./ChartsPage.module.css";

export const CHART_HEIGHT = 200;

/**
 * The theme on screen (<html data-theme>), watched here rather than through the shell's theme module: sharing that
 * module with this screen would split it out of the first load's chunks into a file of its own.
 */
function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}
const useTheme = () => useSyncExternalStore(subscribeTheme, () => document.documentElement.dataset.theme ?? "");

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

interface Props {
  points: ChartPoint[];
  /** The accessible name of the chart (title, range and how to use the keys). */
  label: string;
  /** A day's value as read out and shown: "27 Nov 2026: 1,234 transactions". */
  describe: (point: ChartPoint) => string;
  /** A tick of the value axis. */
  tick: (value: number) => string;
}

/** Up to a month every day gets a dot; over longer ranges only a day between unknown ones (no line to show it). */
const DOTTED_DAYS = 31;

function dotted(values: (number | null)[]): number[] | null {
  if (values.length <= DOTTED_DAYS) return null;
  return values.flatMap((v, i) => (v !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null ? [i] : []));
}

function options(width: number, tick: Props["tick"], onCursor: (idx: number | null) => void, values: (number | null)[]): uPlot.Options {
  const muted = cssVar("--color-muted");
  const border = cssVar("--color-border");
  const primary = cssVar("--color-primary");
  const font = `12px ${cssVar("--font") || "system-ui, sans-serif"}`;
  const axis = { stroke: muted, font, grid: { stroke: border, width: 1 }, ticks: { stroke: border, width: 1 } };
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    padding: [12, 28, 0, 0],
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
    cursor: { y: false, drag: { x: false, y: false }, points: { size: 8, fill: primary, stroke: primary } },
    scales: { x: { time: true } },
    series: [
      {},
      {
        stroke: primary,
        width: 2,
        fill: cssVar("--color-primary-soft"),
        spanGaps: false,
        points: { show: true, size: 6, fill: primary, stroke: primary, filter: () => dotted(values) },
      },
    ],
    axes: [axis, { ...axis, size: 64, values: (_u, values) => values.map((v) => tick(v)) }],
    hooks: { setCursor: [(u) => onCursor(u.cursor.idx ?? null)] },
  };
}

export function SeriesChart({ points, label, describe, tick }: Props) {
  const { t } = useTranslation("charts");
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const theme = useTheme();
  const [active, setActive] = useState<number | null>(null);
  const [spoken, setSpoken] = useState("");
  const latest = useRef({ tick, points });
  latest.current = { tick, points };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [latest.current.points.map((p) => dayMs(p.day) / 1000), latest.current.points.map((p) => p.value)];
    const u = new uPlot(
      options(el.clientWidth, (v) => latest.current.tick(v), setActive, data[1] as (number | null)[]),
      data,
      el,
    );
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height: CHART_HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [points, theme]);

  /** Moves the focused day and puts uPlot's cursor on it, as the pointer would. */
  const focusDay = (idx: number) => {
    const u = plot.current;
    const point = points[idx];
    if (!u || !point) return;
    const left = u.valToPos(dayMs(point.day) / 1000, "x");
    const top = point.value === null ? CHART_HEIGHT / 2 : u.valToPos(point.value, "y");
    u.setCursor({ left, top });
    setActive(idx);
    setSpoken(describe(point));
  };

  const onKey = (event: KeyboardEvent) => {
    const last = points.length - 1;
    const from = active ?? last;
    const next = { ArrowLeft: from - 1, ArrowRight: from + 1, Home: 0, End: last, PageUp: from - 7, PageDown: from + 7 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusDay(Math.max(0, Math.min(last, active === null && event.key.startsWith("Arrow") ? last : next)));
  };

  const shown = active !== null ? points[active] : points[points.length - 1];
  return (
    <div className={styles.chart}>
      <p className={styles.readout} data-testid="chart-readout">
        {shown ? describe(shown) : t("value.none")}
      </p>
      <div
        ref={box}
        className={styles.plot}
        style={{ height: CHART_HEIGHT }}
        tabIndex={0}
        role="img"
        aria-label={label}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        onMouseLeave={() => setActive(null)}
      />
      <p className="visually-hidden" aria-live="polite" data-testid="chart-spoken">
        {spoken}
      </p>
    </div>
  );
}
