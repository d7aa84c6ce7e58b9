// The status filter: All, Success or Fail as one group of radio buttons.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { STATUSES, type StatusChoice } from "./list-state.ts";
import styles from "./Filters.module.css";

export function StatusFilter({ value, onChange }: { value: StatusChoice; onChange: (status: StatusChoice) => void }) {
  const { t } = useTranslation("transactions");
  const name = useId();
  const labels: Record<StatusChoice, string> = { all: t("status.all"), success: t("status.success"), fail: t("status.fail") };
  return (
    <fieldset className={styles.status}>
      <legend className="visually-hidden">{t("status.label")}</legend>
      {STATUSES.map((status) => (
        <label key={status} className={styles.statusOption}>
          <input type="radio" name={name} value={status} checked={value === status} onChange={() => onChange(status)} />
          <span>{labels[status]}</span>
        </label>
      ))}
    </fieldset>
  );
}
