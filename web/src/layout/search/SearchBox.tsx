// The global search box of the header, the mobile menu and the home page: one form, two sizes, and a list of
// suggestions under it while typing (the ARIA combobox pattern: the focus stays in the box, ArrowUp/ArrowDown move
// the highlight, Enter opens the highlighted hit or else searches as SPEC.md §5 says, Escape closes the list).
import { lazy, Suspense, useId, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Suggestion } from "../../api/types.ts";
import { suggestionTarget } from "./search-action.ts";
import { useGlobalSearch } from "./useGlobalSearch.ts";
import { useSuggestions } from "./useSuggestions.ts";
import styles from "./SearchBox.module.css";

export type SearchBoxSize = "compact" | "large";

const loadSuggestionList = () => import("./SuggestionList.tsx");
const SuggestionList = lazy(loadSuggestionList);

export function SearchBox({ size = "compact" }: { size?: SearchBoxSize }) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const { search, pending } = useGlobalSearch();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value, open);
  const shown = suggestions.length > 0;
  // The list can shrink under a highlight: then nothing is highlighted.
  const highlighted = active < suggestions.length ? active : -1;
  const inputId = useId();
  const listId = `${inputId}-suggestions`;
  const optionId = (index: number) => `${inputId}-suggestion-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (suggestion: Suggestion) => {
    close();
    setValue("");
    void navigate(suggestionTarget(suggestion));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    close();
    if (await search(value)) setValue("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (count === 0) return;
      if (event.key === "ArrowDown") setActive(highlighted < count - 1 ? highlighted + 1 : 0);
      else setActive(highlighted > 0 ? highlighted - 1 : count - 1);
    } else if (event.key === "Enter" && highlighted >= 0) {
      event.preventDefault();
      choose(suggestions[highlighted]);
    } else if (event.key === "Escape" && shown) {
      // Only the list closes: not the phone menu around the box, and the text stays.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    <form role="search" className={`${styles.form} ${styles[size]}`} onSubmit={submit} onBlur={onBlur} aria-busy={pending}>
      <label htmlFor={inputId} className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          setOpen(true);
          void loadSuggestionList();
        }}
        onKeyDown={onKeyDown}
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
      {shown ? (
        <Suspense fallback={null}>
          <SuggestionList id={listId} optionId={optionId} suggestions={suggestions} highlighted={highlighted} onHighlight={setActive} onChoose={choose} />
        </Suspense>
      ) : null}
    </form>
  );
}
