// What an account address field takes (SPEC.md §5): a trimmed address that decodes as bech32 with the account prefix axm,
// as the API checks it.
import { addressKind, normalizeAddress } from "../../../core/address.ts";

/** The account address typed, in canonical lower case, or null for anything else ('Invalid address format.'). */
export function typedAccountAddress(input: string): string | null {
  const address = normalizeAddress(input.trim());
  return address !== null && addressKind(address) === "account" ? address : null;
}
