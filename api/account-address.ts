// A user account address a client sends (faucet, sign-in): trimmed, in canonical lower case, or a 400 'Invalid address format.'.
import { requireAddress } from "./http.ts";

export const INVALID_ADDRESS = "Invalid address format.";

/** The account address (bech32, prefix axm, 20 bytes) the text holds; contracts, validators and anything else are refused. */
export function accountAddress(text: string): string {
  return requireAddress(text, ["account"], INVALID_ADDRESS);
}

/** An address that holds coins: an account's, or a contract's (32 bytes), as the account info route reads either. */
export function holderAddress(text: string): string {
  return requireAddress(text, ["account", "contract"], INVALID_ADDRESS);
}
