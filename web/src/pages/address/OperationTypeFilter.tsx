// The Operations tab's type filter (SPEC.md §2): a checkbox per operation type, labelled in the visitor's language, and All.
import { useTranslation } from "react-i18next";
import type { OperationTypes } from "../../api/types.ts";
import styles from "./OperationsTab.module.css";

export interface OperationTypeFilterProps {
  types: OperationTypes;
  /** The types chosen; empty is All. */
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** A type's label in `language`, else in English, else its id. */
export function typeLabel(types: OperationTypes, type: string, language: string): string {
  return types[type]?.[language] ?? types[type]?.en ?? type;
}

export function OperationTypeFilter({ types, selected, onChange }: OperationTypeFilterProps) {
  const { t, i18n } = useTranslation("address");
  const all = Object.keys(types);
  const toggle = (type: string, on: boolean) => {
    const next = on ? [...selected, type] : selected.filter((s) => s !== type);
    // Every type ticked one by one is All again.
    onChange(all.every((a) => next.includes(a)) ? [] : all.filter((a) => next.includes(a)));
  };
  return (
    <fieldset className={styles.filter}>
      <legend className="visually-hidden">{t("operations.types")}</legend>
      <label className={styles.option}>
        <input type="checkbox" checked={selected.length === 0} onChange={() => onChange([])} />
        <span>{t("operations.all")}</span>
      </label>
      {all.map((type) => (
        <label key={type} className={styles.option}>
          <input type="checkbox" checked={selected.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
          <span>{typeLabel(types, type, i18n.language)}</span>
        </label>
      ))}
    </fieldset>
  );
}
