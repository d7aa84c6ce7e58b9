// What kind of thing an accepted global search input names; the input rule itself is in search-input.ts.
import { addressKind, normalizeAddress } from "./address.ts";
import { isNameLike } from "./search-input.ts";

export { isNameLike, isValidSearch, MAX_SEARCH_LENGTH } from "./search-input.ts";

export type SearchKind = "height" | "hash" | "account" | "contract" | "validator" | "consensus" | "name";

/** Search suggestions answered at most: a short list under the box. */
export const MAX_SUGGESTIONS = 8;

/**
 * Shorter name searches match only the start of a name: one or two characters would match a large share of all
 * nicknames anywhere inside them, and trigram indexes need three characters to find candidates.
 */
export const MIN_SUBSTRING_SEARCH = 3;

/** What an accepted search input can name; null when it cannot name anything the explorer has. */
export function classifySearch(input: string): SearchKind | null {
  const text = input.trim();
  if (/^\d{1,15}$/.test(text)) return "height";
  if (/^[0-9a-fA-F]{64}$/.test(text)) return "hash";
  const address = normalizeAddress(text);
  const kind = address === null ? null : addressKind(address);
  if (kind) return kind;
  if (/^axm(valoper|valcons)?1/i.test(text)) return null;
  if (isNameLike(text)) return "name";
  return null;
}

/** Whether a name (moniker, token, contract label, nickname) may be what the input means: names can be all digits too. */
export function mayBeName(kind: SearchKind | null): boolean {
  return kind === "name" || kind === "height";
}

/** The text a name search matches: trimmed, runs of spaces made one. */
export function nameQuery(input: string): string {
  return input.trim().replace(/ {2,}/g, " ");
}
