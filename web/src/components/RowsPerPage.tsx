// The rows-per-page selector: 10, 50 or 100 rows (SPEC.md §9).
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "../../../core/page-sizes.ts";
import styles from "./RowsPerPage.module.css";

export type PageSize = (typeof PAGE_SIZES)[number];

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

export function RowsPerPage({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.rows}>
      <label htmlFor={id}>{t("rowsPerPage")}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value) as PageSize)}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
