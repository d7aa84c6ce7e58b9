// The seven interface languages and how the first one is chosen (SPEC.md §1).
import { languageOfCountry } from "../../../core/language.ts";

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

/** The region of a language tag ("uk-UA" → UA, "zh-Hans-CN" → CN), or null when it names none or is no tag. */
function regionOf(locale: string): string | null {
  try {
    return new Intl.Locale(locale.replace(/_/g, "-")).region ?? null;
  } catch {
    return null;
  }
}

/**
 * The language SPEC.md §1 gives the country of a browser locale's region, when that is not the default: a Ukrainian
 * browser (uk-UA) is in UA, which reads Russian, though uk is none of our languages.
 */
export function browserCountryLanguage(locales: readonly string[]): Language | null {
  for (const locale of locales) {
    const language = languageOfCountry(regionOf(locale));
    if (language !== DEFAULT_LANGUAGE) return language;
  }
  return null;
}

/** How long the first paint may wait for the country's language before it is English. */
export const COUNTRY_LANGUAGE_TIMEOUT_MS = 1_500;

/**
 * SPEC.md §1: a stored choice first, then the browser's language, then the one the visitor's country suggests: the
 * region of the browser's locales as a hint first, then the server's lookup (asked for at most `timeoutMs`), else en.
 */
export async function initialLanguage(
  stored: string | null,
  locales: readonly string[],
  countryLanguage: (signal: AbortSignal) => Promise<string>,
  timeoutMs = COUNTRY_LANGUAGE_TIMEOUT_MS,
): Promise<Language> {
  if (isLanguage(stored)) return stored;
  const browser = browserLanguage(locales) ?? browserCountryLanguage(locales);
  if (browser) return browser;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
  });
  try {
    const language = await Promise.race([countryLanguage(controller.signal).catch(() => null), timedOut]);
    return isLanguage(language) ? language : DEFAULT_LANGUAGE;
  } finally {
    clearTimeout(timer);
  }
}
