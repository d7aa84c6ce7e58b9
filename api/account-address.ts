// A user account address a client sends (faucet, sign-in): trimmed, in canonical lower case, or a 400 'Invalid address format.'.
import { addressKind, normalizeAddress } from "../core/address.ts";
import { badRequest } from "./errors.ts";

export const INVALID_ADDRESS = "Invalid address format.";

/** The account address (bech32, prefix axm, 20 bytes) the text holds; contracts, validators and anything else are refused. */
export function accountAddress(text: string): string {
  const address = normalizeAddress(text.trim());
  if (address === null || addressKind(address) !== "account") throw badRequest(INVALID_ADDRESS);
  return address;
}

/** An address that holds coins: an account's, or a contract's (32 bytes), as the account info route reads either. */
export function holderAddress(text: string): string {
  const address = normalizeAddress(text.trim());
  const kind = address === null ? null : addressKind(address);
  if (address === null || (kind !== "account" && kind !== "contract")) throw badRequest(INVALID_ADDRESS);
  return address;
}
