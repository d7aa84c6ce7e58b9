// Finds the AXM addresses an event names, so every event and transaction can be listed per address.
import { addressKind } from "../core/address.ts";
import type { ChainEvent } from "../chain/types.ts";

const CANDIDATE = /^axm(valoper)?1[02-9ac-hj-np-z]{38,58}$/;
const checked = new Map<string, boolean>();
const CACHE_LIMIT = 200_000;

/** True for a valid account, contract or validator operator address (checksum verified, cached). */
export function isIndexedAddress(text: string): boolean {
  // Most attribute values are amounts, numbers or names: a length and prefix check turns them away before the regex.
  if (text.length < 42 || text.length > 72 || !text.startsWith("axm") || !CANDIDATE.test(text)) return false;
  let valid = checked.get(text);
  if (valid === undefined) {
    const kind = addressKind(text);
    valid = kind === "account" || kind === "contract" || kind === "validator";
    if (checked.size >= CACHE_LIMIT) checked.clear();
    checked.set(text, valid);
  }
  return valid;
}

/** Addresses in an event's attribute values; "addr/seq" values (tx acc_seq) count for their address. */
export function eventAddresses(event: ChainEvent): string[] {
  const found = new Set<string>();
  for (const { value } of event.attributes) {
    const candidate = value.includes("/") ? value.slice(0, value.indexOf("/")) : value;
    if (isIndexedAddress(candidate)) found.add(candidate);
  }
  return [...found];
}
