// The overview's search box: what is typed becomes the URL's q after 1 s without typing (SPEC.md §5), or at once on Enter.
import { useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./ValidatorsPage.module.css";

/** SPEC.md §5: the validator search waits 1 s after the last key. */
export const SEARCH_DEBOUNCE_MS = 1000;

export function ValidatorSearch({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation("validators");
  const [text, setText] = useState(value);
  // The URL can change under the box (Back, a link): the box follows, unless it already says the same.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const search = useEffectEvent(onSearch);
  useEffect(() => {
    const query = text.trim();
    if (query === value) return;
    const timer = setTimeout(() => search(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      aria-label={t("search.label")}
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== value) onSearch(text.trim());
      }}
    >
      <input type="search" aria-label={t("search.label")} placeholder={t("search.placeholder")} value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
