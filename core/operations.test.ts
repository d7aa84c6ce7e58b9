// Operation types, labels and field types: the eleven ids, seven languages in their own scripts, signs and value types.
import { describe, expect, it } from "vitest";
import {
  FIELD_TYPES,
  OPERATION_FIELDS,
  OPERATION_LANGUAGES,
  OPERATION_TYPE_IDS,
  OPERATION_TYPES,
  fieldLabel,
  isOperationLanguage,
  isOperationType,
  operationTitle,
  operationTypeLabels,
} from "./operations.ts";

// Scripts the labels of these languages must be written in (KPI and Premium are names, kept as they are).
const SCRIPTS: Partial<Record<(typeof OPERATION_LANGUAGES)[number], RegExp>> = {
  ru: /[\u0400-\u04ff]/,
  zh: /[\u4e00-\u9fff]/,
  hi: /[\u0900-\u097f]/,
};
const NAMES = new Set(["KPI"]);

describe("operation types", () => {
  it("are the product's eleven, with stable snake_case ids", () => {
    expect(OPERATION_TYPE_IDS).toEqual(["transfer_in", "transfer_out", "delegate", "undelegate", "redelegate", "reward", "partner_reward", "leader_bonus", "burn", "premium", "faucet"]);
    for (const id of OPERATION_TYPE_IDS) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("have a label in each of the seven languages, distinct within a language and written in its script", () => {
    expect([...OPERATION_LANGUAGES].sort()).toEqual(["de", "en", "es", "hi", "ru", "tr", "zh"]);
    for (const language of OPERATION_LANGUAGES) {
      const titles = OPERATION_TYPE_IDS.map((type) => operationTitle(type, language));
      expect(new Set(titles).size, language).toBe(titles.length);
      for (const title of titles) {
        expect(title.trim(), `${language}: ${title}`).not.toBe("");
        if (SCRIPTS[language]) expect(title, `${language}: ${title}`).toMatch(SCRIPTS[language]);
      }
    }
  });

  it("give incoming coins +1 and outgoing ones -1", () => {
    const signs = Object.fromEntries(OPERATION_TYPE_IDS.map((type) => [type, OPERATION_TYPES[type].sign]));
    expect(signs).toMatchObject({ transfer_in: 1, transfer_out: -1, delegate: -1, reward: 1, partner_reward: 1, leader_bonus: 1, burn: -1, premium: -1, faucet: 1 });
  });

  it("answer the filter map of every type to its seven labels", () => {
    const map = operationTypeLabels();
    expect(Object.keys(map)).toEqual(OPERATION_TYPE_IDS);
    for (const labels of Object.values(map)) expect(Object.keys(labels).sort()).toEqual([...OPERATION_LANGUAGES].sort());
    expect(map.partner_reward.ru).toBe("Партнёрское вознаграждение");
  });

  it("recognise only their own ids and languages", () => {
    expect(isOperationType("faucet")).toBe(true);
    for (const text of ["toString", "__proto__", "constructor", "Faucet", "", "transfer"]) expect(isOperationType(text), text).toBe(false);
    expect(isOperationLanguage("hi")).toBe(true);
    for (const text of ["EN", "fr", "toString", ""]) expect(isOperationLanguage(text), text).toBe(false);
  });
});

describe("operation fields", () => {
  it("each have a documented value type and a label in every language", () => {
    const types = new Set<number>(Object.values(FIELD_TYPES));
    for (const [key, field] of Object.entries(OPERATION_FIELDS)) {
      expect(types.has(field.t), key).toBe(true);
      for (const language of OPERATION_LANGUAGES) {
        const label = fieldLabel(key as keyof typeof OPERATION_FIELDS, language);
        expect(label.trim(), `${key} ${language}`).not.toBe("");
        if (SCRIPTS[language] && !NAMES.has(label)) expect(label, `${key} ${language}`).toMatch(SCRIPTS[language]);
      }
    }
    expect(FIELD_TYPES).toEqual({ text: 0, address: 1, amount: 2, transaction: 3, date: 4, status: 5, block: 6 });
  });
});
