// SPEC.md §5: how a contract's storage reads. A key (hex) is shown as text only when it is even-length hex whose bytes
// spell printable characters, otherwise as it came; a value (base64) is shown as JSON when it decodes to JSON, otherwise as it came.

export type StateValue = { kind: "json"; json: unknown } | { kind: "raw"; text: string };

const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Control, format, private-use and unassigned characters: a key holding one is bytes, not text. */
const NOT_PRINTABLE = /\p{C}/u;

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** `746F6B656E5F696E666F` → "token_info"; a map key with its length prefix (`0007 62616C616E6365 …`) stays hex. */
export function decodeStateKey(key: string): string {
  if (!HEX.test(key)) return key;
  const text = utf8(hexBytes(key));
  return text !== null && !NOT_PRINTABLE.test(text) ? text : key;
}

/** The JSON a value's base64 bytes hold, or the value itself when they hold something else. */
export function decodeStateValue(value: string): StateValue {
  if (value === "" || !BASE64.test(value)) return { kind: "raw", text: value };
  const text = utf8(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)));
  if (text === null) return { kind: "raw", text: value };
  try {
    return { kind: "json", json: JSON.parse(text) };
  } catch {
    return { kind: "raw", text: value };
  }
}
