// Amounts and counts in the partnership answers are strings of whole numbers: read as BigInt, anything else refused.

/** `text` as a BigInt; a malformed answer is an error (the screen's failure state), never a guessed zero. */
export function apiAmount(text: string, what: string): bigint {
  if (typeof text !== "string" || !/^\d+$/.test(text)) throw new Error(`${what} is not a whole number: ${JSON.stringify(text)}`);
  return BigInt(text);
}
