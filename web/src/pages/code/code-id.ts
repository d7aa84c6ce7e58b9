// A code id from the URL: a whole number from 1 (wasmd counts codes from 1); null for anything else.
const MAX_CODE_ID = Number.MAX_SAFE_INTEGER;

export function parseCodeId(text: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_CODE_ID ? id : null;
}
