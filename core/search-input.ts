// The global search input rule of SPEC.md §5, apart from address decoding so the web app's first page stays small.
export const MAX_SEARCH_LENGTH = 128;

/** SPEC.md §5: trimmed input that contains axm1/axmvaloper1, is all digits, or is letters, digits, - and _. */
export function isValidSearch(input: string): boolean {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_SEARCH_LENGTH) return false;
  return text.includes("axm1") || text.includes("axmvaloper1") || /^\d+$/.test(text) || /^[A-Za-z0-9_-]+$/.test(text);
}
