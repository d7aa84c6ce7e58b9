// The seven interface languages and how the first one is chosen (SPEC.md §1).
export const LANGUAGES = ["en", "ru", "de", "tr", "es", "hi", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_STORAGE_KEY = "language";

/** Each language named in itself, for the language dropdown. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ru: "Русский",
  de: "Deutsch",
  tr: "Türkçe",
  es: "Español",
  hi: "हिन्दी",
  zh: "中文",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a browser locale list ("de-AT" → de) when it is one of ours. */
export function browserLanguage(locales: readonly string[]): Language | null {
  for (const locale of locales) {
    const base = locale.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/** A stored choice first, then the browser's language, else en. */
export function initialLanguage(stored: string | null, locales: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage(locales) ?? DEFAULT_LANGUAGE;
}
