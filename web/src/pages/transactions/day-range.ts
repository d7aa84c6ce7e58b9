// UTC calendar days ("2024-03-01") for the time-range filter: limits, presets, and the API's millisecond range.
export const MIN_DAY = "2023-10-02";
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DayRange {
  from: string;
  to: string;
}

export const PRESETS = ["1W", "1M", "3M", "6M", "1Y"] as const;
export type Preset = (typeof PRESETS)[number];

const PRESET_PERIOD: Record<Preset, { days?: number; months?: number }> = {
  "1W": { days: 7 },
  "1M": { months: 1 },
  "3M": { months: 3 },
  "6M": { months: 6 },
  "1Y": { months: 12 },
};

/** The UTC day of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The table shows UTC times, so "today" is the UTC day too. */
export function todayUtc(now: number = Date.now()): string {
  return utcDay(now);
}

/** The day itself when `text` is a real calendar day written YYYY-MM-DD, else null ("2024-02-30" is not). */
export function parseDay(text: string | null | undefined): string | null {
  const match = DAY_PATTERN.exec(text ?? "");
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  return dayOf(year, month, day) === text ? text : null;
}

/** The day of a year, month (1-12) and day of month; out-of-range parts roll over as Date.UTC does. */
export function dayOf(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year, month - 1, day);
  return date.toISOString().slice(0, 10);
}

export function dayParts(day: string): { year: number; month: number; day: number } {
  const [year, month, date] = day.split("-").map(Number);
  return { year, month, day: date };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function clampDay(day: string, min: string, max: string): string {
  return day < min ? min : day > max ? max : day;
}

export function dayStartUtcMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** API.md's `time` range: from the first millisecond of `from` to the last millisecond of `to`, both UTC. */
export function rangeToTime(range: DayRange): { from: number; to: number } {
  return { from: dayStartUtcMs(range.from), to: dayStartUtcMs(range.to) + DAY_MS - 1 };
}

/** A range with its ends in order. */
export function orderedRange(a: string, b: string): DayRange {
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

/** `day` minus whole months, kept on the last day of a shorter month (31 March minus one month is 28/29 February). */
function minusMonths(day: string, months: number): string {
  const { year, month, day: date } = dayParts(day);
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  return dayOf(targetYear, targetMonth, Math.min(date, daysInMonth(targetYear, targetMonth)));
}

export function presetStart(preset: Preset, today: string): string {
  const { days, months = 0 } = PRESET_PERIOD[preset];
  if (!days) return minusMonths(today, months);
  const parts = dayParts(today);
  return dayOf(parts.year, parts.month, parts.day - days);
}

export function presetRange(preset: Preset, today: string): DayRange {
  return { from: presetStart(preset, today), to: today };
}

/** SPEC.md §5: a preset is offered only when its start falls after the minimum date. */
export function visiblePresets(today: string): Preset[] {
  return PRESETS.filter((preset) => presetStart(preset, today) > MIN_DAY);
}
