// The list under the search box: each hit with its kind, what it is called and its address or a token's name. The box
// loads it when it first gets the focus, so the first page does not carry it.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Suggestion, SuggestionKind } from "../../api/types.ts";
import { suggestionLines } from "./suggestion-lines.ts";
import styles from "./SuggestionList.module.css";

function kindLabel(t: TFunction<"shell">, kind: SuggestionKind): string {
  switch (kind) {
    case "block":
      return t("search.kind.block");
    case "transaction":
      return t("search.kind.transaction");
    case "account":
      return t("search.kind.account");
    case "validator":
      return t("search.kind.validator");
    case "token":
      return t("search.kind.token");
    case "contract":
      return t("search.kind.contract");
  }
}

export interface SuggestionListProps {
  id: string;
  optionId: (index: number) => string;
  suggestions: Suggestion[];
  highlighted: number;
  onHighlight: (index: number) => void;
  onChoose: (suggestion: Suggestion) => void;
}

export default function SuggestionList({ id, optionId, suggestions, highlighted, onHighlight, onChoose }: SuggestionListProps) {
  const { t } = useTranslation("shell");
  return (
    <ul id={id} role="listbox" aria-label={t("search.suggestions")} className={styles.list}>
      {suggestions.map((suggestion, index) => {
        const { label, detail } = suggestionLines(suggestion);
        return (
          // The box keeps the focus and the keyboard (aria-activedescendant): a press must not take the focus away.
          <li
            key={`${suggestion.kind} ${suggestion.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onPointerMove={() => onHighlight(index)}
            onClick={() => onChoose(suggestion)}
          >
            <span className={styles.kind}>{kindLabel(t, suggestion.kind)}</span>
            <span className={styles.lines}>
              <span className={styles.label}>{label}</span>
              {detail === null ? null : <span className={suggestion.kind === "token" ? styles.detail : `${styles.detail} ${styles.code}`}>{detail}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
