// The interface language a visitor's country suggests (SPEC.md §1), shared by the API and the web app.

export type CountryLanguage = "en" | "ru" | "de";

const RUSSIAN_SPEAKING = new Set(["RU", "BY", "KZ", "TJ", "UZ", "KG", "AM", "AZ", "GE", "UA"]);
const GERMAN_SPEAKING = new Set(["AT", "DE", "CH"]);

/** ru or de for the countries SPEC.md names, en for every other country and for an unknown one. */
export function languageOfCountry(country: string | null): CountryLanguage {
  const code = country?.toUpperCase() ?? "";
  if (RUSSIAN_SPEAKING.has(code)) return "ru";
  if (GERMAN_SPEAKING.has(code)) return "de";
  return "en";
}

/** A two-letter ISO 3166 country code in upper case, or null for anything else. */
export function countryCode(text: string | undefined): string | null {
  return text !== undefined && /^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : null;
}
