// The team search box: what is typed becomes the URL's q half a second after the last key, or at once on Enter.
import { useTranslation } from "react-i18next";
import { useDebouncedSearch } from "../../components/useDebouncedSearch.ts";
import styles from "./TeamTab.module.css";

export const TEAM_SEARCH_DEBOUNCE_MS = 500;

export function TeamSearch({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation("address");
  const { text, setText, submit } = useDebouncedSearch(value, onSearch, TEAM_SEARCH_DEBOUNCE_MS);

  return (
    <form className={styles.search} onSubmit={submit}>
      <input
        type="search"
        aria-label={t("team.search")}
        placeholder={t("team.searchPlaceholder")}
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
