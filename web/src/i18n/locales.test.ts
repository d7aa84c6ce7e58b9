// @vitest-environment node
// Every locale is complete and translated: same keys as English, the plural forms each language needs, no English left
// in a non-English file, and every key the code asks for exists.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STATUSES } from "../../../core/partnership-status.ts";
import { LANGUAGES } from "./languages.ts";

const LOCALES = new URL("./locales/", import.meta.url).pathname;
const SOURCE = new URL("../", import.meta.url).pathname;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Words that stay the same in every language: names (the statuses' among them, status-names.test.ts), units and codes. */
const SAME_IN_EVERY_LANGUAGE = ["AXM", "RET", "Explorer", "Mainnet", "Testnet", "Devnet", "UTC", "JSON", "CW", "KPI", ...STATUSES.slice(1).map((s) => s.name)];
/** Words a language writes exactly as English does. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: ["Error", "Token"],
  de: ["Hash", "Status", "Name", "Validator", "Delegation", "Faucet", "Partner", "Block", "Token", "Governance", "Quorum"],
  tr: [],
};

function keptWords(language: string): Set<string> {
  return new Set([...SAME_IN_EVERY_LANGUAGE, ...(SAME_AS_ENGLISH[language] ?? [])].map((w) => w.toLowerCase()));
}

type Messages = Record<string, string>;

function flatten(value: unknown, prefix = "", out: Messages = {}): Messages {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out[path] = child;
    else flatten(child, path, out);
  }
  return out;
}

function load(language: string, namespace: string): Messages {
  return flatten(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8")));
}

const namespaces = readdirSync(join(LOCALES, "en")).map((file) => file.replace(/\.json$/, ""));

function baseKeys(messages: Messages): Set<string> {
  return new Set(Object.keys(messages).map((key) => key.replace(PLURAL_SUFFIX, "")));
}

function untranslatedWords(language: string, text: string): string[] {
  const kept = keptWords(language);
  const words = text.replace(/\{\{[^}]*\}\}/g, " ").match(/[A-Za-z]{3,}/g) ?? [];
  return words.filter((word) => !kept.has(word.toLowerCase()));
}

describe("locales", () => {
  it("has every namespace in every language", () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort(), language).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of namespaces) {
    const english = load("en", namespace);
    const englishKeys = baseKeys(english);
    const pluralKeys = new Set(
      Object.keys(english)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map((key) => key.replace(PLURAL_SUFFIX, "")),
    );

    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      it(`${language}/${namespace} has the keys of en, with its own plural forms, all translated`, () => {
        const messages = load(language, namespace);
        expect([...baseKeys(messages)].sort()).toEqual([...englishKeys].sort());
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const key of pluralKeys) {
          for (const category of categories) expect(messages, `${language} ${namespace}:${key}_${category}`).toHaveProperty([`${key}_${category}`]);
        }
        for (const [key, value] of Object.entries(messages)) {
          expect(value.trim(), `${language} ${namespace}:${key} is empty`).not.toBe("");
          if (value === english[key]) expect(untranslatedWords(language, value), `${language} ${namespace}:${key} is still English: "${value}"`).toEqual([]);
        }
      });
    }
  }

  it("has every key the code asks for", () => {
    const all = Object.fromEntries(namespaces.map((ns) => [ns, baseKeys(load("en", ns))]));
    const missing: string[] = [];
    const files = readdirSync(SOURCE, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
    for (const file of files) {
      const text = readFileSync(join(SOURCE, file), "utf8");
      const declared = [...text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|"[^"]*")?/g)].flatMap((m) =>
        m[1] ? [...m[1].matchAll(/"([^"]+)"/g)].map((n) => n[1]) : [],
      );
      const scope = [...new Set([...declared, "common"])];
      for (const match of text.matchAll(/\bt\(\s*"([^"]+)"|i18nKey="([^"]+)"/g)) {
        const key = match[1] ?? match[2];
        const [ns, name] = key.includes(":") ? key.split(":", 2) : [null, key];
        const found = ns ? all[ns]?.has(name) : scope.some((s) => all[s]?.has(name));
        if (!found) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
