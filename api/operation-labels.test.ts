// Operation labels read from the i18next resources: every type and field in each of the web app's seven languages, in its own script.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPERATION_FIELDS, OPERATION_LANGUAGES, OPERATION_TYPE_IDS, type FieldKey } from "../core/operations.ts";
import { fieldLabel, operationTitle, operationTypeLabels } from "./operation-labels.ts";

// Scripts the labels of these languages must be written in (KPI and Premium are names, kept as they are).
const SCRIPTS: Partial<Record<(typeof OPERATION_LANGUAGES)[number], RegExp>> = {
  ru: /[\u0400-\u04ff]/,
  zh: /[\u4e00-\u9fff]/,
  hi: /[\u0900-\u097f]/,
};
const NAMES = new Set(["KPI"]);

describe("operation labels", () => {
  it("exist in the web app's languages", () => {
    expect([...OPERATION_LANGUAGES].sort()).toEqual(readdirSync(new URL("../web/src/i18n/locales/", import.meta.url)).sort());
  });

  it("title each type in every language, distinct within a language and written in its script", () => {
    for (const language of OPERATION_LANGUAGES) {
      const titles = OPERATION_TYPE_IDS.map((type) => operationTitle(type, language));
      expect(new Set(titles).size, language).toBe(titles.length);
      for (const title of titles) {
        expect(title.trim(), `${language}: ${title}`).not.toBe("");
        if (SCRIPTS[language]) expect(title, `${language}: ${title}`).toMatch(SCRIPTS[language]);
      }
    }
  });

  it("answer the filter map of every type to its seven labels", () => {
    const map = operationTypeLabels();
    expect(Object.keys(map)).toEqual(OPERATION_TYPE_IDS);
    for (const labels of Object.values(map)) expect(Object.keys(labels).sort()).toEqual([...OPERATION_LANGUAGES].sort());
    expect(map.partner_reward.ru).toBe("Партнёрское вознаграждение");
    expect(map.transfer_in.en).toBe("Incoming transfer");
  });

  it("label each field in every language", () => {
    for (const key of Object.keys(OPERATION_FIELDS) as FieldKey[]) {
      for (const language of OPERATION_LANGUAGES) {
        const label = fieldLabel(key, language);
        expect(label.trim(), `${key} ${language}`).not.toBe("");
        if (SCRIPTS[language] && !NAMES.has(label)) expect(label, `${key} ${language}`).toMatch(SCRIPTS[language]);
      }
    }
    expect(fieldLabel("source_validator", "de")).toBe("Von Validator");
  });
});
