// The team's filters (SPEC.md §2): search by nickname or address, level 1..14, status Starter..Mega, clear, and the count found.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../../core/format.ts";
import { MAX_LEVEL, STATUSES } from "../../../../core/partnership-status.ts";
import { TeamSearch } from "./TeamSearch.tsx";
import styles from "./TeamTab.module.css";

const LEVELS = Array.from({ length: MAX_LEVEL }, (_, i) => i + 1);
const FILTER_STATUSES = STATUSES.filter((s) => s.level > 0);

export interface TeamFiltersProps {
  q: string;
  level: number | null;
  status: number | null;
  /** Null until the count arrives. */
  found: number | null;
  onChange: (change: { q?: string; level?: number | null; status?: number | null }) => void;
  onClear: () => void;
}

export function TeamFilters({ q, level, status, found, onChange, onClear }: TeamFiltersProps) {
  const { t } = useTranslation(["address", "partnership"]);
  const levelId = useId();
  const statusId = useId();
  const choice = (value: string) => (value === "" ? null : Number(value));
  return (
    <div className={styles.filters} role="search" aria-label={t("team.filters")}>
      <TeamSearch value={q} onSearch={(text) => onChange({ q: text })} />
      <span className={styles.select}>
        <label htmlFor={levelId}>{t("team.level")}</label>
        <select id={levelId} value={level ?? ""} onChange={(event) => onChange({ level: choice(event.target.value) })}>
          <option value="">{t("team.allLevels")}</option>
          {LEVELS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </span>
      <span className={styles.select}>
        <label htmlFor={statusId}>{t("team.status")}</label>
        <select id={statusId} value={status ?? ""} onChange={(event) => onChange({ status: choice(event.target.value) })}>
          <option value="">{t("team.allStatuses")}</option>
          {FILTER_STATUSES.map((s) => (
            <option key={s.level} value={s.level}>
              {t(`partnership:status.${s.key}`)}
            </option>
          ))}
        </select>
      </span>
      <button type="button" className={styles.clear} onClick={onClear}>
        {t("team.clear")}
      </button>
      <p className={styles.found} aria-live="polite">
        {found === null ? "" : t("team.found", { count: found, total: formatInteger(found) })}
      </p>
    </div>
  );
}
