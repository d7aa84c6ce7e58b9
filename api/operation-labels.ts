// Operation titles and field labels in the language a client asks for, read from the web app's i18next resources
// (web/src/i18n/locales/<language>/operations.json), the one place they are written.
import { readFileSync } from "node:fs";
import { OPERATION_FIELDS, OPERATION_LANGUAGES, OPERATION_TYPE_IDS, type FieldKey, type OperationLanguage, type OperationType } from "../core/operations.ts";

export type Labels = Record<OperationLanguage, string>;

interface LanguageLabels {
  types: Record<OperationType, string>;
  fields: Record<FieldKey, string>;
}

// From the repository's root, one folder up: the same path from api/ and from the API's bundle in dist/ (`npm run serve`).
const LOCALES = new URL("../web/src/i18n/locales/", import.meta.url);

/** One language's labels; a missing one stops the API at start rather than showing an empty title. */
function load(language: OperationLanguage): LanguageLabels {
  const file = new URL(`${language}/operations.json`, LOCALES);
  const json = JSON.parse(readFileSync(file, "utf8")) as Partial<Record<keyof LanguageLabels, Record<string, unknown>>>;
  const pick = <K extends string>(group: keyof LanguageLabels, keys: readonly K[]) =>
    Object.fromEntries(
      keys.map((key) => {
        const label = json[group]?.[key];
        if (typeof label !== "string" || label.trim() === "") throw new Error(`${file.pathname}: ${group}.${key} has no label`);
        return [key, label];
      }),
    ) as Record<K, string>;
  return { types: pick("types", OPERATION_TYPE_IDS), fields: pick("fields", Object.keys(OPERATION_FIELDS) as FieldKey[]) };
}

const LABELS = Object.fromEntries(OPERATION_LANGUAGES.map((language) => [language, load(language)])) as Record<OperationLanguage, LanguageLabels>;

export const operationTitle = (type: OperationType, language: OperationLanguage): string => LABELS[language].types[type];
export const fieldLabel = (key: FieldKey, language: OperationLanguage): string => LABELS[language].fields[key];

/** Every type with its labels in every language (GET /blockchain/config/opfilter). */
export function operationTypeLabels(): Record<OperationType, Labels> {
  return Object.fromEntries(
    OPERATION_TYPE_IDS.map((type) => [type, Object.fromEntries(OPERATION_LANGUAGES.map((language) => [language, operationTitle(type, language)]))]),
  ) as Record<OperationType, Labels>;
}
