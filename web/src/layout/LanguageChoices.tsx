// The seven interface languages, each named in itself; a choice switches the interface and is remembered (SPEC.md §1).
import { useTranslation } from "react-i18next";
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from "../i18n/languages.ts";
import { storeLanguage } from "../i18n/index.ts";
import styles from "./ChoiceList.module.css";

export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : "en";
}

export function LanguageChoices({ onChosen, columns = 1 }: { onChosen?: () => void; columns?: 1 | 2 }) {
  const { i18n } = useTranslation();
  const current = useCurrentLanguage();
  const choose = (language: Language) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
    onChosen?.();
  };
  return (
    <ul className={`${styles.list} ${columns === 2 ? styles.twoColumns : ""}`}>
      {LANGUAGES.map((language) => (
        <li key={language}>
          <button
            type="button"
            lang={language}
            className={`${styles.item} ${language === current ? styles.current : ""}`}
            aria-current={language === current ? "true" : undefined}
            onClick={() => choose(language)}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        </li>
      ))}
    </ul>
  );
}
