// The global search box of the header, the mobile menu and the home page: one form, three sizes.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useGlobalSearch } from "./useGlobalSearch.ts";
import styles from "./SearchBox.module.css";

export type SearchBoxSize = "compact" | "large";

export function SearchBox({ size = "compact" }: { size?: SearchBoxSize }) {
  const { t } = useTranslation("shell");
  const { search, pending } = useGlobalSearch();
  const [value, setValue] = useState("");
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (await search(value)) setValue("");
  };

  return (
    <form role="search" className={`${styles.form} ${styles[size]}`} onSubmit={submit} aria-busy={pending}>
      <label htmlFor={inputId} className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      <button type="submit" className={styles.submit} aria-label={t("search.submit")}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
