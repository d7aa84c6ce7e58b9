// Bech32 address rules of the AXM chain: prefixes, validation, conversion between kinds.
import { fromBech32, toBech32, fromHex, toHex } from "@cosmjs/encoding";

export const ACCOUNT_PREFIX = "axm";
export const VALOPER_PREFIX = "axmvaloper";
export const VALCONS_PREFIX = "axmvalcons";

// cosmjs's default limit (Infinity) is rejected by the bech32 library it uses; 90 is BIP-173's maximum length.
const BECH32_LIMIT = 90;

export type AddressKind = "account" | "contract" | "validator" | "consensus";

/** Decodes a bech32 string, or null when it is not valid bech32 (bad checksum, mixed case, ...). */
export function decodeBech32(text: string): { prefix: string; data: Uint8Array } | null {
  try {
    const { prefix, data } = fromBech32(text, BECH32_LIMIT);
    return { prefix, data };
  } catch {
    return null;
  }
}

/** An address in canonical lower case; bech32 allows all-upper case too, but never mixed case. */
export function normalizeAddress(text: string): string | null {
  const lower = text.toLowerCase();
  return text === lower || text === text.toUpperCase() ? lower : null;
}

/** Prefix and data length of a valid bech32 string, or null; remembered, as the same addresses come back in every block. */
function bech32Shape(text: string): { prefix: string; length: number } | null {
  let shape = shapes.get(text);
  if (shape === undefined) {
    const decoded = decodeBech32(text);
    shape = decoded && { prefix: decoded.prefix, length: decoded.data.length };
    if (shapes.size >= SHAPE_CACHE_LIMIT) shapes.clear();
    shapes.set(text, shape);
  }
  return shape;
}

const shapes = new Map<string, { prefix: string; length: number } | null>();
const SHAPE_CACHE_LIMIT = 200_000;

/** The prefix of a valid bech32 string (checksum verified), or null when the text is not bech32. */
export function bech32Prefix(text: string): string | null {
  return bech32Shape(text)?.prefix ?? null;
}

/** The kind of a valid AXM address, or null when the text is not one. */
export function addressKind(text: string): AddressKind | null {
  const decoded = bech32Shape(text);
  if (!decoded || text !== text.toLowerCase()) return null;
  if (decoded.prefix === ACCOUNT_PREFIX) {
    if (decoded.length === 20) return "account";
    if (decoded.length === 32) return "contract";
    return null;
  }
  if (decoded.prefix === VALOPER_PREFIX && decoded.length === 20) return "validator";
  if (decoded.prefix === VALCONS_PREFIX && decoded.length === 20) return "consensus";
  return null;
}

export function accountToValoper(account: string): string {
  return toBech32(VALOPER_PREFIX, fromBech32(account, BECH32_LIMIT).data);
}

/** Consensus address (upper-case hex, as CometBFT writes it) to its bech32 axmvalcons form. */
export function consensusHexToBech32(hex: string): string {
  return toBech32(VALCONS_PREFIX, fromHex(hex));
}

export function consensusBech32ToHex(bech32: string): string {
  return toHex(fromBech32(bech32, BECH32_LIMIT).data).toUpperCase();
}

export function bytesToAccount(bytes: Uint8Array): string {
  return toBech32(ACCOUNT_PREFIX, bytes);
}

const INDEXED_CANDIDATE = /^axm(valoper)?1[02-9ac-hj-np-z]{38,58}$/;

/** True for an address the explorer lists activity for: an account, a contract or a validator operator (checksum verified, cached). */
export function isIndexedAddress(text: string): boolean {
  // Most attribute values are amounts, numbers or names: a length and prefix check turns them away before the regex.
  if (text.length < 42 || text.length > 72 || !text.startsWith("axm") || !INDEXED_CANDIDATE.test(text)) return false;
  const kind = addressKind(text);
  return kind === "account" || kind === "contract" || kind === "validator";
}

/** Addresses an event's attribute values name; "addr/seq" values (tx acc_seq) count for their address. */
export function eventAddresses(event: { attributes: { value: string }[] }): string[] {
  const found = new Set<string>();
  for (const { value } of event.attributes) {
    const slash = value.indexOf("/");
    const candidate = slash === -1 ? value : value.slice(0, slash);
    if (isIndexedAddress(candidate)) found.add(candidate);
  }
  return [...found];
}

/** A validator's user address: its operator bytes re-encoded with the account prefix (SPEC.md §1). */
export function valoperToAccount(valoper: string): string {
  return bytesToAccount(fromBech32(valoper, BECH32_LIMIT).data);
}
