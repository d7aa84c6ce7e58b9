// @vitest-environment node
// The policy for the partnership's status names (issue 15): Starter, Leader, Guru, Boss, Pro, Top and Mega are the
// programme's own names, written as SPEC.md writes them, in Latin script, in every language; only "No status", which
// names no status, is translated. Every screen and popup takes them from partnership:status, so this holds them all.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NO_STATUS, STATUSES } from "../../../core/partnership-status.ts";
import { LANGUAGES } from "./languages.ts";

const statusNames = (language: string): Record<string, string> =>
  (JSON.parse(readFileSync(new URL(`./locales/${language}/partnership.json`, import.meta.url), "utf8")) as { status: Record<string, string> }).status;

const PROGRAMME = STATUSES.filter((s) => s.level !== NO_STATUS);

describe("status names", () => {
  it.each(LANGUAGES)("%s writes the seven statuses with the programme's names, in Latin script", (language) => {
    const names = statusNames(language);
    expect(PROGRAMME.map((s) => names[s.key])).toEqual(["Starter", "Leader", "Guru", "Boss", "Pro", "Top", "Mega"]);
    expect(PROGRAMME.map((s) => names[s.key])).toEqual(PROGRAMME.map((s) => s.name));
  });

  it('translates "No status", which is no name of the programme', () => {
    const english = statusNames("en").noStatus;
    for (const language of LANGUAGES.filter((l) => l !== "en")) expect(statusNames(language).noStatus, language).not.toBe(english);
  });
});
