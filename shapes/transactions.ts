// Shapes of API.md's "Transactions and events": transactions, their details and pages, events and their filters.
import Type, { type Static } from "typebox";
import { Coin, Nullable, StringEnum } from "./common.ts";

export const Attribute = Type.Object({ key: Type.String(), value: Type.String() });
export type Attribute = Static<typeof Attribute>;

export const ChainEvent = Type.Object({
  type: Type.String(),
  attributes: Type.Array(Attribute),
  blockId: Type.Integer(),
  timestamp: Type.String(),
  txHash: Nullable(Type.String()),
  related: Type.Array(Type.String()),
});
export type ChainEvent = Static<typeof ChainEvent>;

const txFields = {
  _id: Type.String(),
  blockId: Type.Integer(),
  index: Type.Integer(),
  /** Null when the node gave no result for the transaction: neither success nor failure is known. */
  code: Nullable(Type.Integer()),
  codespace: Type.String(),
  /** The node's log: why a failed transaction failed; empty for a success. */
  log: Type.String(),
  /** The bytes are not a Cosmos transaction: no messages, fee or signers could be read. */
  undecodable: Type.Boolean(),
  type: Type.Array(Type.String()),
  timestamp: Type.String(),
  gasUsed: Type.String(),
  gasWanted: Type.String(),
  fee: Type.Array(Coin),
  chainId: Type.String(),
  memo: Type.String(),
};

export const Tx = Type.Object(txFields);
export type Tx = Static<typeof Tx>;

/** A message as the node decodes it: its type URL and its fields. */
export type TxMessage = { "@type": string; [field: string]: unknown };
const TxMessage = Type.Unsafe<TxMessage>({ type: "object", additionalProperties: true });

/** A part of the transaction the node writes as a JSON object of its own (a public key, a mode info, an extension option). */
const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: "object", additionalProperties: true });

export const TxSignerInfo = Type.Object({
  /** The signer's public key as an unpacked Any (`@type`, `key`); absent when the chain already knows it. */
  public_key: Type.Optional(JsonObject),
  mode_info: JsonObject,
  sequence: Type.String(),
});

export const TxFee = Type.Object({ amount: Type.Array(Coin), gas_limit: Type.String(), payer: Type.String(), granter: Type.String() });

export const TxAuthInfo = Type.Object({ signer_infos: Type.Array(TxSignerInfo), fee: Type.Optional(TxFee), tip: Type.Optional(JsonObject) });

/**
 * The transaction decoded from its bytes, in the node's REST JSON names (cosmos.tx.v1beta1.Tx). The body's other fields,
 * `auth_info` and `signatures` are there when the index keeps the transaction's bytes (every transaction indexed since
 * they are kept); otherwise only the messages and the memo are.
 */
export const TxJson = Type.Object({
  body: Type.Object({
    messages: Type.Array(TxMessage),
    memo: Type.String(),
    timeout_height: Type.Optional(Type.String()),
    extension_options: Type.Optional(Type.Array(JsonObject)),
    non_critical_extension_options: Type.Optional(Type.Array(JsonObject)),
  }),
  auth_info: Type.Optional(TxAuthInfo),
  /** Base64, one per signer info. */
  signatures: Type.Optional(Type.Array(Type.String())),
});
export type TxJson = Static<typeof TxJson>;

export const TxDetail = Type.Object({
  ...txFields,
  tx: TxJson,
  evts: Type.Array(ChainEvent),
  /** An undecodable transaction's bytes (base64) and the decoder's reason. */
  raw: Type.Optional(Type.String()),
  decodeError: Type.Optional(Type.String()),
});
export type TxDetail = Static<typeof TxDetail>;

export const TxPage = Type.Object({ data: Type.Array(Tx), page: Type.Integer() });
export type TxPage = Static<typeof TxPage>;

export const EventsPage = Type.Object({ data: Type.Array(ChainEvent) });
export type EventsPage = Static<typeof EventsPage>;

/** API.md's transaction filters: message types, status (0 success, 1 fail, 2 all), a `from_to` range in ms, an address. */
export const TxFilterQuery = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 4000, pattern: "^(/[A-Za-z0-9_.]{1,200})(,/[A-Za-z0-9_.]{1,200}){0,49}$" })),
    status: Type.Optional(StringEnum(["0", "1", "2"])),
    time: Type.Optional(Type.String({ pattern: "^\\d{1,15}_\\d{1,15}$" })),
    address: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type TxFilterQuery = Static<typeof TxFilterQuery>;

export const TxHashParams = Type.Object({ hash: Type.String({ pattern: "^[0-9A-Fa-f]{64}$" }) });
