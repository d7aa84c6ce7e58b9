// Messages of devnet transactions to and from protobuf, through chain/messages.ts, in the camelCase shape the handlers take.
import type { Any } from "cosmjs-types/google/protobuf/any";
import * as wasm from "cosmjs-types/cosmwasm/wasm/v1/tx";
import { MsgExec, MsgGrant } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { encodeMessage, decodeMessage, isKnownType } from "../chain/messages.ts";
import { MsgPropose, MsgStartPoll } from "../chain/proto/axiome.ts";
import type { TxMessage } from "./handlers.ts";
import { GENERIC_AUTHORIZATION, type GrantMessage } from "./authz.ts";

/** Authz messages carry other messages and authorizations as Anys: the handlers take them decoded (MsgExec's msgs as TxMessages). */
const AUTHZ_CODECS: Record<string, { encode(value: TxMessage["value"]): Any; decode(bytes: Uint8Array): TxMessage["value"] }> = {
  [MsgExec.typeUrl]: {
    encode: (v) => ({ typeUrl: MsgExec.typeUrl, value: MsgExec.encode({ grantee: v.grantee, msgs: (v.msgs as TxMessage[]).map(encodeTxMessage) }).finish() }),
    decode: (bytes) => {
      const { grantee, msgs } = MsgExec.decode(bytes);
      return { grantee, msgs: msgs.map((any) => ({ typeUrl: any.typeUrl, value: decodeTxMessage(any.typeUrl, any.value) })) };
    },
  },
  [MsgGrant.typeUrl]: {
    encode: (v) => ({ typeUrl: MsgGrant.typeUrl, value: encodeGrant(v as GrantMessage) }),
    decode: (bytes) => decodeGrant(bytes),
  },
};

/**
 * A proposal carries messages as Anys (the handler takes them decoded, as MsgExec's); a type the chain does not register
 * fails the transaction's decoding, as the SDK's interface registry fails it. A poll keeps its status enum a number.
 */
const VOTE_CODECS: Record<string, { encode(value: TxMessage["value"]): Any; decode(bytes: Uint8Array): TxMessage["value"] }> = {
  [MsgPropose.typeUrl]: {
    encode: (v) => ({
      typeUrl: MsgPropose.typeUrl,
      value: MsgPropose.encode({ author: v.author, name: v.name, messages: (v.messages as TxMessage[]).map(encodeTxMessage) }).finish(),
    }),
    decode: (bytes) => {
      const { author, name, messages } = MsgPropose.decode(bytes);
      return {
        author,
        name,
        messages: messages.map((any) => {
          if (!isKnownType(any.typeUrl)) throw new Error(`no concrete type registered for type URL ${any.typeUrl} against interface *types.Msg`);
          return { typeUrl: any.typeUrl, value: decodeTxMessage(any.typeUrl, any.value) };
        }),
      };
    },
  },
  [MsgStartPoll.typeUrl]: {
    encode: (v) => ({ typeUrl: MsgStartPoll.typeUrl, value: MsgStartPoll.encode(MsgStartPoll.fromPartial(v)).finish() }),
    decode: (bytes) => MsgStartPoll.decode(bytes) as unknown as TxMessage["value"],
  },
};

function encodeGrant({ granter, grantee, grant }: GrantMessage): Uint8Array {
  const authorization = { typeUrl: grant.authorization.typeUrl, value: GenericAuthorization.encode({ msg: grant.authorization.msg }).finish() };
  const expiration =
    grant.expirationMs === undefined ? undefined : { seconds: BigInt(Math.floor(grant.expirationMs / 1000)), nanos: (grant.expirationMs % 1000) * 1_000_000 };
  return MsgGrant.encode({ granter, grantee, grant: { authorization, expiration } }).finish();
}

function decodeGrant(bytes: Uint8Array): GrantMessage {
  const { granter, grantee, grant } = MsgGrant.decode(bytes);
  const any = grant?.authorization;
  const msg = any?.typeUrl === GENERIC_AUTHORIZATION ? GenericAuthorization.decode(any.value).msg : "";
  const expiration = grant?.expiration;
  const expirationMs = expiration ? Number(expiration.seconds) * 1000 + Math.floor(expiration.nanos / 1_000_000) : undefined;
  return { granter, grantee, grant: { authorization: { typeUrl: any?.typeUrl ?? "", msg }, expirationMs } };
}

export function encodeTxMessage(message: TxMessage): Any {
  const own = AUTHZ_CODECS[message.typeUrl] ?? VOTE_CODECS[message.typeUrl];
  return own ? own.encode(message.value) : encodeMessage(message.typeUrl, message.value);
}

/** Wasm messages are read with their own codecs: code and contract messages stay bytes, the shape the workload builds them in. */
const WASM_CODECS: Record<string, { decode(bytes: Uint8Array): object }> = Object.fromEntries(
  [
    wasm.MsgStoreCode,
    wasm.MsgInstantiateContract,
    wasm.MsgInstantiateContract2,
    wasm.MsgExecuteContract,
    wasm.MsgMigrateContract,
    wasm.MsgUpdateAdmin,
    wasm.MsgClearAdmin,
  ].map((codec) => [codec.typeUrl, codec]),
);

/** A message's fields in camelCase, the shape the handlers take. */
export function decodeTxMessage(typeUrl: string, bytes: Uint8Array): TxMessage["value"] {
  const own = WASM_CODECS[typeUrl] ?? AUTHZ_CODECS[typeUrl] ?? VOTE_CODECS[typeUrl];
  if (own) return own.decode(bytes) as TxMessage["value"];
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
