// Messages of devnet transactions to and from protobuf, through chain/messages.ts, in the camelCase shape the handlers take.
import type { Any } from "cosmjs-types/google/protobuf/any";
import { encodeMessage, decodeMessage } from "../chain/messages.ts";
import type { TxMessage } from "./handlers.ts";

export function encodeTxMessage(message: TxMessage): Any {
  return encodeMessage(message.typeUrl, message.value);
}

/** A message's fields in camelCase, the shape the handlers take. */
export function decodeTxMessage(typeUrl: string, bytes: Uint8Array): TxMessage["value"] {
  return camelCase(decodeMessage(typeUrl, bytes).json) as TxMessage["value"];
}

function camelCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCase);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== "@type") out[key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = camelCase(inner);
  }
  return out;
}
