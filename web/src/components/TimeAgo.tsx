// "25 seconds ago", "3 minutes ago" or the date and time in UTC (SPEC.md §4); n/d for a bad time.
import { useTranslation } from "react-i18next";
import { formatUtcDateTime, timeAgo } from "../../../core/format.ts";

export function TimeAgo({ timestamp, now = Date.now() }: { timestamp: string; now?: number }) {
  const { t } = useTranslation();
  const ago = timeAgo(timestamp, now);
  const text =
    ago.kind === "seconds"
      ? t("time.secondsAgo", { count: ago.value })
      : ago.kind === "minutes"
        ? t("time.minutesAgo", { count: ago.value })
        : ago.kind === "date"
          ? ago.text
          : t("time.nd");
  return ago.kind === "error" ? (
    <span>{text}</span>
  ) : (
    <time dateTime={timestamp} title={formatUtcDateTime(timestamp)}>
      {text}
    </time>
  );
}
