// The Axiome Wallet request for a memo sign-in: an axiomesign:// deep link carrying a base64 JSON bank_send payload.
// The format is the one CHAIN.md records and public AXM apps send ({ type: "bank_send", network, to_address, amount,
// memo }; the wallet adds the sender); Axiome has published no specification of it (web/README.md says what is assumed).
import type { MemoChallenge } from "../api/types.ts";

export const AXIOME_SIGN_SCHEME = "axiomesign://";

export interface BankSendPayload {
  type: "bank_send";
  network: string;
  to_address: string;
  amount: { denom: string; amount: string }[];
  memo: string;
}

/** The transfer the code asks for: its amount from the address to the address itself, the code as memo. */
export function bankSendPayload(code: MemoChallenge): BankSendPayload {
  return { type: "bank_send", network: code.chainId, to_address: code.address, amount: [{ denom: code.denom, amount: code.amount }], memo: code.memo };
}

/** The deep link the phone opens and the QR code holds; every field is ASCII, so btoa encodes the JSON as is. */
export function axiomeSignLink(code: MemoChallenge): string {
  return `${AXIOME_SIGN_SCHEME}${btoa(JSON.stringify(bankSendPayload(code)))}`;
}
