// Global search input rules (SPEC.md §5) and what kind of thing an accepted input names.
import { addressKind, normalizeAddress } from "./address.ts";

export type SearchKind = "height" | "hash" | "account" | "contract" | "validator" | "consensus" | "name";

const MAX_SEARCH_LENGTH = 128;

/** SPEC.md §5: trimmed input that contains axm1/axmvaloper1, is all digits, or is letters, digits, - and _. */
export function isValidSearch(input: string): boolean {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_SEARCH_LENGTH) return false;
  return text.includes("axm1") || text.includes("axmvaloper1") || /^\d+$/.test(text) || /^[A-Za-z0-9_-]+$/.test(text);
}

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
