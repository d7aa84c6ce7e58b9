// The time-range filter: a calendar on desktop, wheels with presets on phones; the range applies with Apply.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterDropdown } from "./FilterDropdown.tsx";
import { RangeCalendar } from "./RangeCalendar.tsx";
import { ScrollDatePicker } from "./ScrollDatePicker.tsx";
import { MOBILE_QUERY, useMediaQuery } from "../../components/useMediaQuery.ts";
import { orderedRange, type DayRange } from "./day-range.ts";
import styles from "./Filters.module.css";

export interface TimeRangeFilterProps {
  value: DayRange | null;
  today: string;
  onChange: (range: DayRange | null) => void;
}

export function TimeRangeFilter({ value, today, onChange }: TimeRangeFilterProps) {
  const { t } = useTranslation("transactions");
  return (
    <FilterDropdown
      panelLabel={t("timeRange.label")}
      panelClassName={styles.timePanel}
      label={value ? t("timeRange.range", { from: value.from, to: value.to }) : t("timeRange.label")}
    >
      {(close) => (
        <TimeRangePanel
          value={value}
          today={today}
          onChange={(range) => {
            onChange(range);
            close();
          }}
        />
      )}
    </FilterDropdown>
  );
}

/** The open panel: a draft range the visitor edits, applied or reset with the buttons. */
function TimeRangePanel({ value, today, onChange }: TimeRangeFilterProps) {
  const { t } = useTranslation("transactions");
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [draft, setDraft] = useState<Partial<DayRange>>(value ?? (mobile ? { from: today, to: today } : {}));
  const { from, to } = draft;
  return (
    <>
      {mobile ? (
        <ScrollDatePicker value={{ from: from ?? today, to: to ?? today }} today={today} onChange={setDraft} />
      ) : (
        <RangeCalendar value={draft} today={today} onChange={setDraft} />
      )}
      <div className={styles.panelActions}>
        <button type="button" className={styles.secondary} onClick={() => onChange(null)}>
          {t("timeRange.reset")}
        </button>
        <button type="button" className={styles.primary} disabled={!from || !to} onClick={() => from && to && onChange(orderedRange(from, to))}>
          {t("timeRange.apply")}
        </button>
      </div>
    </>
  );
}
