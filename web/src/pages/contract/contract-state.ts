// SPEC.md §5: how a contract's storage reads. A key (hex) is shown as text when its bytes spell printable characters (an
// Item's name), as namespaces and a key when cw-storage-plus built it (a Map's), otherwise as it came; a value (base64) is
// shown as JSON when it decodes to JSON, otherwise as it came.

export type StateValue = { kind: "json"; json: unknown } | { kind: "raw"; text: string };

/** One part of a key: its bytes as text when they spell printable characters, else as hex (as the key came). */
export interface KeyPart {
  text: string;
  hex: boolean;
}

/**
 * A key as cw-storage-plus lays it out: an Item's key is its name; a Map's is its namespace and every key part but the
 * last, each after a two-byte big-endian length, then the last part as it is (`Path::new`, `nested_namespaces_with_key`).
 */
export type StateKey = { kind: "text"; text: string } | { kind: "map"; namespaces: KeyPart[]; key: KeyPart } | { kind: "raw"; text: string };

const HEX = /^(?:[0-9a-f]{2})+$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Control, format, private-use and unassigned characters: a key holding one is bytes, not text. */
const NOT_PRINTABLE = /\p{C}/u;
const LENGTH_BYTES = 2;

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

/** The bytes' printable text, or null. */
function printable(bytes: Uint8Array): string | null {
  const text = utf8(bytes);
  return text !== null && !NOT_PRINTABLE.test(text) ? text : null;
}

/** Bytes `from`..`to` of the key: their text when printable, else the key's own hex for them. */
function part(hex: string, bytes: Uint8Array, from: number, to: number): KeyPart {
  const text = printable(bytes.subarray(from, to));
  return text !== null ? { text, hex: false } : { text: hex.slice(from * 2, to * 2), hex: true };
}

/**
 * The namespaces and key of a Map's key: a printable namespace after its length, then as many length-prefixed parts as
 * fit with something left over, the rest being the key. Null when the bytes do not start like that.
 */
function mapKey(hex: string, bytes: Uint8Array): { namespaces: KeyPart[]; key: KeyPart } | null {
  if (bytes.length < LENGTH_BYTES) return null;
  const lengthAt = (at: number) => (bytes[at] << 8) | bytes[at + 1];
  const namespaceLength = lengthAt(0);
  const keyStart = LENGTH_BYTES + namespaceLength;
  if (namespaceLength === 0 || keyStart > bytes.length) return null;
  if (printable(bytes.subarray(LENGTH_BYTES, keyStart)) === null) return null;
  const namespaces = [part(hex, bytes, LENGTH_BYTES, keyStart)];
  let at = keyStart;
  while (bytes.length - at > LENGTH_BYTES) {
    const length = lengthAt(at);
    if (length === 0 || at + LENGTH_BYTES + length >= bytes.length) break;
    namespaces.push(part(hex, bytes, at + LENGTH_BYTES, at + LENGTH_BYTES + length));
    at += LENGTH_BYTES + length;
  }
  return { namespaces, key: part(hex, bytes, at, bytes.length) };
}

/** `746F6B656E5F696E666F` → "token_info"; `000762616C616E6365 61786D31…` → namespace "balance", key "axm1…". */
export function decodeStateKey(key: string): StateKey {
  if (!HEX.test(key)) return { kind: "raw", text: key };
  const bytes = hexBytes(key);
  const text = printable(bytes);
  if (text !== null) return { kind: "text", text };
  const map = mapKey(key, bytes);
  return map ? { kind: "map", ...map } : { kind: "raw", text: key };
}

/** The key in one line, as a screen reader and a title read it: namespaces and key joined by " / ". */
export function stateKeyText(key: StateKey): string {
  return key.kind === "map" ? [...key.namespaces, key.key].map((p) => p.text).join(" / ") : key.text;
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
