// Registry of the message types the chain carries: encode to Any, decode to the node's REST JSON shape.
import type { BinaryWriter } from "cosmjs-types/binary";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { fromBase64, toBase64, fromUtf8 } from "@cosmjs/encoding";
import * as bank from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as staking from "cosmjs-types/cosmos/staking/v1beta1/tx";
import * as distribution from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import * as slashing from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import * as wasm from "cosmjs-types/cosmwasm/wasm/v1/tx";
import * as authz from "cosmjs-types/cosmos/authz/v1beta1/tx";
import * as feegrant from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import * as ed25519 from "cosmjs-types/cosmos/crypto/ed25519/keys";
import * as secp256k1 from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import * as multisig from "cosmjs-types/cosmos/crypto/multisig/keys";
import * as authzTypes from "cosmjs-types/cosmos/authz/v1beta1/authz";
import * as bankAuthz from "cosmjs-types/cosmos/bank/v1beta1/authz";
import * as stakingAuthz from "cosmjs-types/cosmos/staking/v1beta1/authz";
import * as feegrantTypes from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import * as wasmAuthz from "cosmjs-types/cosmwasm/wasm/v1/authz";
import * as axiome from "./proto/axiome.ts";
import { ACCOUNT_PREFIX, VALOPER_PREFIX, bech32Prefix } from "../core/address.ts";
import type { DecodedMessage } from "./types.ts";
import { messageLabel } from "../core/format.ts";

/** What the registry needs of a codec; cosmjs-types' generated codecs and ours both fit. */
interface Codec {
  typeUrl: string;
  encode(message: any, writer?: BinaryWriter): BinaryWriter;
  decode(input: Uint8Array): unknown;
  fromPartial(object: any): unknown;
  toJSON(message: any): unknown;
}

const registry = new Map<string, Codec>();

function register(...codecs: Codec[]): void {
  for (const codec of codecs) registry.set(codec.typeUrl, codec);
}

/** The chain re-exports SDK messages under its own package: same bytes, other type URL. */
function registerUnder(pkg: string, ...codecs: Codec[]): void {
  for (const codec of codecs) registry.set(`/${pkg}.${messageLabel(codec.typeUrl)}`, codec);
}

const sdkStaking = [staking.MsgDelegate, staking.MsgUndelegate, staking.MsgBeginRedelegate, staking.MsgCancelUnbondingDelegation];
const sdkDistribution = [
  distribution.MsgWithdrawDelegatorReward,
  distribution.MsgWithdrawValidatorCommission,
  distribution.MsgSetWithdrawAddress,
  distribution.MsgFundCommunityPool,
  distribution.MsgDepositValidatorRewardsPool,
];

register(bank.MsgSend, bank.MsgMultiSend);
register(...sdkStaking, staking.MsgCreateValidator, staking.MsgEditValidator);
// The chain's MsgEditValidator keeps the SDK layout (CHAIN.md); only its MsgCreateValidator differs.
registerUnder("axiome.staking.v1beta1", ...sdkStaking, staking.MsgEditValidator);
register(axiome.MsgCreateValidator, axiome.MsgRequestStakeMove, axiome.MsgConfirmRequestStakeMove, axiome.MsgCancelRequestStakeMove);
register(...sdkDistribution);
registerUnder("axiome.distribution.v1beta1", ...sdkDistribution);
register(slashing.MsgUnjail);
registerUnder("axiome.slashing.v1beta1", slashing.MsgUnjail);
register(axiome.MsgRegisterReferral, axiome.MsgBurnPartnerFee, axiome.MsgUpdateReferralParams);
register(
  axiome.MsgPropose,
  axiome.MsgVote,
  axiome.MsgStartPoll,
  axiome.MsgAnswerPoll,
  axiome.MsgAddGovernor,
  axiome.MsgRemoveGovernor,
  axiome.MsgUpdateVoteParams,
);
register(
  wasm.MsgStoreCode,
  wasm.MsgInstantiateContract,
  wasm.MsgInstantiateContract2,
  wasm.MsgExecuteContract,
  wasm.MsgMigrateContract,
  wasm.MsgUpdateAdmin,
  wasm.MsgClearAdmin,
);
register(authz.MsgExec, authz.MsgGrant, authz.MsgRevoke);
register(feegrant.MsgGrantAllowance, feegrant.MsgRevokeAllowance);

/** Every message type URL the explorer decodes (the types nested in them are not listed). */
export const MESSAGE_TYPE_URLS: readonly string[] = [...registry.keys()];

// Types that only travel inside another message's Any: public keys, grants and allowances.
register(ed25519.PubKey, secp256k1.PubKey, multisig.LegacyAminoPubKey);
register(authzTypes.GenericAuthorization, bankAuthz.SendAuthorization, stakingAuthz.StakeAuthorization);
registerUnder("axiome.staking.v1beta1", stakingAuthz.StakeAuthorization);
register(feegrantTypes.BasicAllowance, feegrantTypes.PeriodicAllowance, feegrantTypes.AllowedMsgAllowance);
register(
  wasmAuthz.StoreCodeAuthorization,
  wasmAuthz.ContractExecutionAuthorization,
  wasmAuthz.ContractMigrationAuthorization,
  wasmAuthz.MaxCallsLimit,
  wasmAuthz.MaxFundsLimit,
  wasmAuthz.CombinedLimit,
  wasmAuthz.AllowAllMessagesFilter,
  wasmAuthz.AcceptedMessageKeysFilter,
  wasmAuthz.AcceptedMessagesFilter,
);

/** The type's last segment, what the UI shows as the operation name ("MsgSend"). */
export function isKnownType(typeUrl: string): boolean {
  return registry.has(typeUrl);
}

/** Packs a message given in camelCase (as cosmjs-types' fromPartial takes it) into an Any. */
export function encodeMessage(typeUrl: string, value: object): Any {
  const codec = registry.get(typeUrl);
  if (!codec) throw new Error(`unknown message type ${typeUrl}`);
  return { typeUrl, value: codec.encode(codec.fromPartial(value)).finish() };
}

/** Decodes one message; an unknown type or undecodable bytes give the raw Any instead of throwing. */
export function decodeMessage(typeUrl: string, bytes: Uint8Array): DecodedMessage {
  const decoded = decodeAny(typeUrl, bytes);
  return { typeUrl, json: decoded.json, addresses: findAddresses(decoded.json), known: decoded.known };
}

function decodeAny(typeUrl: string, bytes: Uint8Array): { json: Record<string, unknown>; known: boolean } {
  const codec = registry.get(typeUrl);
  if (codec) {
    try {
      const fields = toRestJson(codec.toJSON(codec.decode(bytes))) as Record<string, unknown>;
      if (typeUrl.startsWith("/cosmwasm.wasm.") && typeof fields.msg === "string") fields.msg = parseContractMsg(fields.msg);
      return { json: { "@type": typeUrl, ...fields }, known: true };
    } catch {
      // Bytes that do not fit the layout are shown raw, like an unknown type: indexing must go on.
    }
  }
  return { json: { "@type": typeUrl, value: toBase64(bytes) }, known: false };
}

/** cosmjs-types' camelCase JSON to the node's snake_case proto names, unpacking nested Anys. */
export function toRestJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toRestJson);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (isAnyJson(record)) return decodeAny(record.typeUrl, fromBase64(record.value)).json;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (field !== undefined) out[snakeCase(key)] = toRestJson(field);
  }
  return out;
}

function isAnyJson(record: Record<string, unknown>): record is { typeUrl: string; value: string } {
  const keys = Object.keys(record);
  return keys.length === 2 && typeof record.typeUrl === "string" && typeof record.value === "string";
}

/** Field names are few and come back in every message: each is converted once. */
function snakeCase(key: string): string {
  let snake = snakeNames.get(key);
  if (snake === undefined) {
    snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    if (snakeNames.size < SNAKE_NAMES_LIMIT) snakeNames.set(key, snake);
  }
  return snake;
}

const snakeNames = new Map<string, string>();
const SNAKE_NAMES_LIMIT = 10_000;

/** Contract messages are JSON bytes; the REST API shows them as JSON, so do we. */
function parseContractMsg(base64: string): unknown {
  try {
    return JSON.parse(fromUtf8(fromBase64(base64)));
  } catch {
    return base64;
  }
}

/** Every AXM account or operator address anywhere in the JSON, in order of appearance, once each. */
function findAddresses(json: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (isAxmAddress(value)) found.add(value);
    } else if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (value !== null && typeof value === "object") {
      Object.values(value).forEach(walk);
    }
  };
  walk(json);
  return [...found];
}

function isAxmAddress(text: string): boolean {
  if (!text.startsWith(`${ACCOUNT_PREFIX}1`) && !text.startsWith(`${VALOPER_PREFIX}1`)) return false;
  const prefix = bech32Prefix(text);
  return prefix === ACCOUNT_PREFIX || prefix === VALOPER_PREFIX;
}
