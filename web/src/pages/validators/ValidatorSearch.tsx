// The overview's search box: what is typed becomes the URL's q after 1 s without typing (SPEC.md §5), or at once on Enter.
import { useTranslation } from "react-i18next";
import { useDebouncedSearch } from "../../components/useDebouncedSearch.ts";
import styles from "./ValidatorsPage.module.css";

/** SPEC.md §5: the validator search waits 1 s after the last key. */
export const SEARCH_DEBOUNCE_MS = 1000;

export function ValidatorSearch({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation("validators");
  const { text, setText, submit } = useDebouncedSearch(value, onSearch, SEARCH_DEBOUNCE_MS);

  return (
    <form role="search" aria-label={t("search.label")} className={styles.search} onSubmit={submit}>
      <input
        type="search"
        aria-label={t("search.label")}
        placeholder={t("search.placeholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
