// Messages of devnet transactions to and from protobuf, through chain/messages.ts, in the camelCase shape the handlers take.
import type { Any } from "cosmjs-types/google/protobuf/any";
import * as wasm from "cosmjs-types/cosmwasm/wasm/v1/tx";
import { encodeMessage, decodeMessage } from "../chain/messages.ts";
import type { TxMessage } from "./handlers.ts";

export function encodeTxMessage(message: TxMessage): Any {
  return encodeMessage(message.typeUrl, message.value);
}

/** Wasm messages are read with their own codecs: code and contract messages stay bytes, the shape the workload builds them in. */
const WASM_CODECS: Record<string, { decode(bytes: Uint8Array): object }> = Object.fromEntries(
  [wasm.MsgStoreCode, wasm.MsgInstantiateContract, wasm.MsgInstantiateContract2, wasm.MsgExecuteContract, wasm.MsgMigrateContract, wasm.MsgUpdateAdmin, wasm.MsgClearAdmin].map(
    (codec) => [codec.typeUrl, codec],
  ),
);

/** A message's fields in camelCase, the shape the handlers take. */
export function decodeTxMessage(typeUrl: string, bytes: Uint8Array): TxMessage["value"] {
  const wasmCodec = WASM_CODECS[typeUrl];
  if (wasmCodec) return wasmCodec.decode(bytes) as TxMessage["value"];
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
