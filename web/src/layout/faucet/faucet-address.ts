// SPEC.md §5: the faucet pays a trimmed address that decodes as bech32 with the account prefix axm (as the API checks it).
import { addressKind, normalizeAddress } from "../../../../core/address.ts";

/** SPEC.md §9: one payout, once a day. */
export const FAUCET_AXM = 5_000;

/** The account address in canonical lower case, or null for 'Invalid address format.'. */
export function faucetAddress(input: string): string | null {
  const address = normalizeAddress(input.trim());
  return address !== null && addressKind(address) === "account" ? address : null;
}
