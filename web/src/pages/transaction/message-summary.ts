// What the Message tab says about one message, whatever its type: who sends it, how many AXM it moves, which other
// addresses it names (with the amount each receives where the message says so).
import { BASE_DENOM } from "../../../../core/amount.ts";
import { SIGNER_FIELDS } from "../../../../core/message-fields.ts";
import type { TxMessage } from "../../api/types.ts";
import { isAddress } from "../../components/address-pattern.ts";

/** A multi-send's inputs carry the same coins as its outputs; counting both would double the amount. */
const INPUTS = "inputs";
const OUTPUTS = "outputs";

export interface NamedAddress {
  /** The message field that holds the address (to_address, validator_address, outputs, ...). */
  field: string;
  address: string;
  /** uaxm this entry carries, for entries with their own coins (a multi-send's outputs); null otherwise. */
  amount: bigint | null;
}

export interface MessageSummary {
  typeUrl: string;
  sender: NamedAddress | null;
  /** Every uaxm amount in the message summed, or null when the message moves no AXM. */
  amount: bigint | null;
  /** The addresses the message names besides its sender. */
  addresses: NamedAddress[];
}

interface Coin {
  denom: string;
  amount: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCoin(value: unknown): value is Coin {
  return isRecord(value) && typeof value.denom === "string" && typeof value.amount === "string" && /^\d+$/.test(value.amount);
}

/** The uaxm in any shape (a coin, a coin list, objects holding either, at any depth); null when there is none. */
export function sumUaxm(value: unknown): bigint | null {
  if (isCoin(value)) return value.denom === BASE_DENOM ? BigInt(value.amount) : null;
  const children = Array.isArray(value)
    ? value
    : isRecord(value)
      ? Object.entries(value)
          .filter(([key]) => !(key === INPUTS && OUTPUTS in value))
          .map(([, child]) => child)
      : [];
  let total: bigint | null = null;
  for (const child of children) {
    const part = sumUaxm(child);
    if (part !== null) total = (total ?? 0n) + part;
  }
  return total;
}

/** Every address in the message with the field it sits in, in message order. */
function namedAddresses(value: unknown, field: string, out: NamedAddress[]): NamedAddress[] {
  if (isAddress(value)) {
    out.push({ field, address: value, amount: null });
  } else if (Array.isArray(value)) {
    for (const item of value) namedAddresses(item, field, out);
  } else if (isRecord(value)) {
    if (isAddress(value.address) && Array.isArray(value.coins)) {
      out.push({ field, address: value.address, amount: sumUaxm(value.coins) });
    } else {
      for (const [key, child] of Object.entries(value)) if (key !== "@type") namedAddresses(child, key, out);
    }
  }
  return out;
}

function senderOf(message: TxMessage, named: NamedAddress[]): NamedAddress | null {
  for (const field of SIGNER_FIELDS) {
    const found = named.find((entry) => entry.field === field && entry.address === message[field]);
    if (found) return found;
  }
  return named.find((entry) => entry.field === INPUTS) ?? null;
}

export function summarizeMessage(message: TxMessage): MessageSummary {
  const named = namedAddresses(message, "", []);
  const sender = senderOf(message, named);
  return {
    typeUrl: message["@type"],
    sender,
    amount: sumUaxm(message),
    addresses: named.filter((entry) => entry !== sender),
  };
}
