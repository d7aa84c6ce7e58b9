// The README's configuration table, made from SETTINGS: `npx tsx cli/settings-table.ts` writes it into README.md.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SETTINGS } from "./config.ts";

export const README = new URL("../README.md", import.meta.url);
const HEADER = "| variable | default | meaning |\n|---|---|---|\n";
/** The table: its header row up to the first line that is not a row. */
const TABLE = /^\| variable \| default \| meaning \|\n(?:\|.*\|\n)+/m;

/** One row per setting, in SETTINGS' order. */
export function settingsTable(): string {
  return HEADER + SETTINGS.map((s) => `| \`${s.name}\` | ${s.default === "" ? "(empty)" : `\`${s.default}\``} | ${s.description} |\n`).join("");
}

/** The README's configuration table as it stands, or null when it has none. */
export function readmeTable(readme: string): string | null {
  return readme.match(TABLE)?.[0] ?? null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(README, "utf8");
  if (!readmeTable(readme)) throw new Error("README.md has no configuration table (a `| variable | default | meaning |` header)");
  writeFileSync(README, readme.replace(TABLE, settingsTable()));
}
