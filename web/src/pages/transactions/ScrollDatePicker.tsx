// The phone's time-range picker (SPEC.md §2): presets, then day, month and year wheels for the start and the end.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WheelColumn, type WheelOption } from "./WheelColumn.tsx";
import { MIN_DAY, clampDay, dayOf, dayParts, daysInMonth, presetRange, visiblePresets, type DayRange, type Preset } from "./day-range.ts";
import control from "../../components/ControlButton.module.css";
import styles from "./ScrollDatePicker.module.css";

export interface ScrollDatePickerProps {
  value: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}

type Side = "from" | "to";

export function ScrollDatePicker({ value, today, onChange }: ScrollDatePickerProps) {
  const { t } = useTranslation("transactions");
  const [side, setSide] = useState<Side>("from");
  const presetTitles: Record<Preset, string> = {
    "1W": t("presetTitles.1W"),
    "1M": t("presetTitles.1M"),
    "3M": t("presetTitles.3M"),
    "6M": t("presetTitles.6M"),
    "1Y": t("presetTitles.1Y"),
  };
  const presetLabels: Record<Preset, string> = {
    "1W": t("presets.1W"),
    "1M": t("presets.1M"),
    "3M": t("presets.3M"),
    "6M": t("presets.6M"),
    "1Y": t("presets.1Y"),
  };

  return (
    <div className={styles.picker}>
      <div className={styles.presets} role="group" aria-label={t("timeRange.presets")}>
        {visiblePresets(today).map((preset) => {
          const range = presetRange(preset, today);
          const active = range.from === value.from && range.to === value.to;
          return (
            <button
              key={preset}
              type="button"
              className={`${control.control} ${styles.preset}`}
              aria-pressed={active}
              title={presetTitles[preset]}
              onClick={() => onChange(range)}
            >
              {presetLabels[preset]}
            </button>
          );
        })}
      </div>
      <div className={styles.sides} role="group" aria-label={t("timeRange.editing")}>
        {(["from", "to"] as const).map((end) => (
          <button key={end} type="button" className={styles.side} aria-pressed={side === end} onClick={() => setSide(end)}>
            <span className={styles.sideName}>{end === "from" ? t("timeRange.from") : t("timeRange.to")}</span>
            <span className={styles.sideDay}>{value[end]}</span>
          </button>
        ))}
      </div>
      <DateWheels key={side} day={value[side]} today={today} onChange={(day) => onChange({ ...value, [side]: day })} />
    </div>
  );
}

function range(from: number, to: number, text: (n: number) => string = String): WheelOption[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, text: text(from + i) }));
}

/** Day, month and year wheels for one day, kept between the minimum date and today. */
function DateWheels({ day, today, onChange }: { day: string; today: string; onChange: (day: string) => void }) {
  const { t, i18n } = useTranslation("transactions");
  const parts = dayParts(day);
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: "short", timeZone: "UTC" });
  const set = (change: Partial<typeof parts>) => {
    const next = { ...parts, ...change };
    onChange(clampDay(dayOf(next.year, next.month, Math.min(next.day, daysInMonth(next.year, next.month))), MIN_DAY, today));
  };
  return (
    <div className={styles.wheels}>
      <span className={styles.band} aria-hidden="true" />
      <WheelColumn
        label={t("timeRange.day")}
        options={range(1, daysInMonth(parts.year, parts.month))}
        value={parts.day}
        onChange={(value) => set({ day: value })}
      />
      <WheelColumn
        label={t("timeRange.month")}
        options={range(1, 12, (month) => monthName.format(Date.UTC(2000, month - 1, 1)))}
        value={parts.month}
        onChange={(value) => set({ month: value })}
      />
      <WheelColumn
        label={t("timeRange.year")}
        options={range(dayParts(MIN_DAY).year, dayParts(today).year)}
        value={parts.year}
        onChange={(value) => set({ year: value })}
      />
    </div>
  );
}
