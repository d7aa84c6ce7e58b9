// The desktop time-range calendar (react-day-picker, UTC days): selectable from 2023-10-02 to today, other days disabled.
import { useTranslation } from "react-i18next";
import { DayPicker, TZDate, type DateRange } from "react-day-picker";
import { de, enUS, es, hi, ru, tr, zhCN } from "react-day-picker/locale";
import "react-day-picker/style.css";
import { MIN_DAY, dayStartUtcMs, utcDay, type DayRange } from "./day-range.ts";
import styles from "./Filters.module.css";

const CALENDAR_LOCALES = { en: enUS, ru, de, tr, es, hi, zh: zhCN };

function toDate(day: string): Date {
  return new TZDate(dayStartUtcMs(day), "UTC");
}

export interface RangeCalendarProps {
  value: Partial<DayRange>;
  today: string;
  onChange: (range: Partial<DayRange>) => void;
}

export function RangeCalendar({ value, today, onChange }: RangeCalendarProps) {
  const { i18n } = useTranslation();
  const first = toDate(MIN_DAY);
  const last = toDate(today);
  const selected: DateRange | undefined = value.from ? { from: toDate(value.from), to: value.to ? toDate(value.to) : undefined } : undefined;
  const select = (range: DateRange | undefined) =>
    onChange({ from: range?.from ? utcDay(range.from.getTime()) : undefined, to: range?.to ? utcDay(range.to.getTime()) : undefined });
  return (
    <div className={styles.calendar}>
      <DayPicker
        mode="range"
        timeZone="UTC"
        locale={CALENDAR_LOCALES[i18n.language as keyof typeof CALENDAR_LOCALES] ?? enUS}
        selected={selected}
        onSelect={select}
        defaultMonth={selected?.to ?? selected?.from ?? last}
        startMonth={first}
        endMonth={last}
        disabled={[{ before: first }, { after: last }]}
        today={last}
        captionLayout="dropdown"
        navLayout="after"
        excludeDisabled
      />
    </div>
  );
}
