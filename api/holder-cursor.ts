// The cursor of a token's holder list: the last row's balance and address, base64url-encoded.
import type { HolderRow } from "../db/queries/contracts.ts";
import { badRequest } from "./errors.ts";

export function encodeHolderCursor(row: HolderRow): string {
  return Buffer.from(`${row.balance}:${row.holder}`).toString("base64url");
}

/** The row a cursor names; null for none (the first page), a 400 for one this API did not give. */
export function decodeHolderCursor(text: string | undefined): { balance: string; holder: string } | null {
  if (!text) return null;
  const match = /^(\d{1,80}):([a-z0-9]{1,100})$/.exec(Buffer.from(text, "base64url").toString("utf8"));
  if (!match) throw badRequest("cursor: not one this API gave");
  return { balance: match[1], holder: match[2] };
}
