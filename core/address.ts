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

/** The kind of a valid AXM address, or null when the text is not one. */
export function addressKind(text: string): AddressKind | null {
  const decoded = decodeBech32(text);
  if (!decoded || text !== text.toLowerCase()) return null;
  if (decoded.prefix === ACCOUNT_PREFIX) {
    if (decoded.data.length === 20) return "account";
    if (decoded.data.length === 32) return "contract";
    return null;
  }
  if (decoded.prefix === VALOPER_PREFIX && decoded.data.length === 20) return "validator";
  if (decoded.prefix === VALCONS_PREFIX && decoded.data.length === 20) return "consensus";
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
