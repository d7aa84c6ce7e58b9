// react-i18next set-up: one JSON file per language and screen (namespace), fetched on demand from where the build put them
// (web/locale-assets.ts).
import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { api } from "../api/client.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, initialLanguage, type Language } from "./languages.ts";

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

async function fetchNamespace(language: string, namespace: string): Promise<unknown> {
  const response = await fetch(`${__LOCALES_BASE__}/${language}/${namespace}.json`);
  if (!response.ok) throw new Error(`${language}/${namespace}.json: HTTP ${response.status}`);
  return response.json();
}

export async function setupI18n(): Promise<typeof i18n> {
  // Nothing is stored here: only the visitor's own choice is (LanguageChoices).
  const language = await initialLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language], (signal) =>
    api.countryLanguage(signal).then((answer) => answer.language),
  );
  await i18n
    .use(resourcesToBackend(fetchNamespace))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // The header's strings come with the first load, so it does not wait for a second round trip.
      ns: ["common", "shell", "faucet", "account"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  document.documentElement.lang = language;
  i18n.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}
