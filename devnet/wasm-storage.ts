// Contract storage keys and values as cw-storage-plus writes them: Item keys raw, Map keys with length-prefixed namespaces, JSON values.

/** A contract's key/value store, iterated in byte order of the keys as wasmd's prefix store is. */
export interface ContractStorage {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  remove(key: Uint8Array): void;
  /** Every entry whose key starts with the prefix, in key order. */
  range(prefix: Uint8Array): { key: Buffer; value: Uint8Array }[];
}

const utf8 = (text: string) => Buffer.from(text, "utf8");

/** A two-byte big-endian length, then the bytes (cw-storage-plus `length_prefixed`). */
function lengthPrefixed(bytes: Uint8Array): Buffer {
  if (bytes.length > 0xffff) throw new Error("only supports namespaces up to length 0xFFFF");
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** `Item::new(name)`: the name is the key. */
export function itemKey(name: string): Buffer {
  return utf8(name);
}

/**
 * `Map::new(namespace)` keyed by a tuple: the namespace and every key part but the last are length-prefixed,
 * the last part is appended raw (so `Map<&Addr, _>` keys end with the address text).
 */
export function mapKey(namespace: string, ...parts: string[]): Buffer {
  const encoded = parts.map(utf8);
  return Buffer.concat([lengthPrefixed(utf8(namespace)), ...encoded.slice(0, -1).map(lengthPrefixed), ...encoded.slice(-1)]);
}

/** The prefix under which a Map's entries sit, for range scans. */
export function mapPrefix(namespace: string): Buffer {
  return lengthPrefixed(utf8(namespace));
}

/** Values are serde JSON: compact, fields in declaration order (callers build objects in that order). */
export function loadJson<T>(storage: ContractStorage, key: Uint8Array): T | undefined {
  const value = storage.get(key);
  return value === undefined ? undefined : (JSON.parse(Buffer.from(value).toString("utf8")) as T);
}

export function saveJson(storage: ContractStorage, key: Uint8Array, value: unknown): void {
  storage.set(key, utf8(JSON.stringify(value)));
}

/** cw2's `set_contract_version`: the `contract_info` item every cw-plus contract writes. */
export function setContractVersion(storage: ContractStorage, contract: string, version: string): void {
  saveJson(storage, itemKey("contract_info"), { contract, version });
}

export function contractVersion(storage: ContractStorage): { contract: string; version: string } | undefined {
  return loadJson(storage, itemKey("contract_info"));
}
