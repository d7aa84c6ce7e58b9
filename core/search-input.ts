// The global search input rule, apart from address decoding so the web app's first page stays small.
//
// SPEC.md §5 accepted only digits, addresses and words of Latin letters, digits, "-" and "_". Validator monikers
// ("Cobalt Validator"), token names and nicknames have spaces, dots and letters of any script, so the rule is now:
// the trimmed input (1 to 128 characters) contains axm1 or axmvaloper1, or consists only of letters of any script
// (with their combining marks), digits, spaces, "-", "_" and ".". Anything else ("<script>", "a;b", "{}", tabs
// inside) cannot name anything the explorer has and gets SPEC.md's 'Invalid search format'.
export const MAX_SEARCH_LENGTH = 128;

const NAME_TEXT = /^[\p{L}\p{M}\p{N}_.\- ]+$/u;

/** True when the trimmed input is letters, digits, spaces, "-", "_" and "." only: what a name search may hold. */
export function isNameLike(input: string): boolean {
  const text = input.trim();
  return text.length > 0 && text.length <= MAX_SEARCH_LENGTH && NAME_TEXT.test(text);
}

/** The rule above: an address prefix anywhere, or name-like text. */
export function isValidSearch(input: string): boolean {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_SEARCH_LENGTH) return false;
  return text.includes("axm1") || text.includes("axmvaloper1") || NAME_TEXT.test(text);
}
