// What kind of thing an accepted global search input names; the input rule itself (SPEC.md §5) is in search-input.ts.
import { addressKind, normalizeAddress } from "./address.ts";

export { isValidSearch } from "./search-input.ts";

export type SearchKind = "height" | "hash" | "account" | "contract" | "validator" | "consensus" | "name";

/** What an accepted search input can name; null when it cannot name anything the explorer has. */
export function classifySearch(input: string): SearchKind | null {
  const text = input.trim();
  if (/^\d{1,15}$/.test(text)) return "height";
  if (/^[0-9a-fA-F]{64}$/.test(text)) return "hash";
  const address = normalizeAddress(text);
  const kind = address === null ? null : addressKind(address);
  if (kind) return kind;
  if (/^axm(valoper|valcons)?1/i.test(text)) return null;
  if (/^[A-Za-z0-9_-]{1,64}$/.test(text)) return "name";
  return null;
}
