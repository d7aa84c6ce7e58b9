// Reading what the AXM chain (axiome-pro/axm-node, SDK 0.50) emits: event attributes by key, coin amounts, message groups, authz-wrapped messages.
import { amountOf, BASE_DENOM } from "../core/amount.ts";
import { CHAIN_STATUS_NAMES, explorerStatus, NO_STATUS, type Status } from "../core/partnership-status.ts";
import type { ChainEvent } from "../chain/types.ts";

/** The RET token, in which the referral module pays partner rewards when its uret_mode param is on (x/referral/keeper/keeper.go PayUpFees). */
export const RET_DENOM = "uret";

const MSG_EXEC = "/cosmos.authz.v1beta1.MsgExec";

/** An event's attributes read by key; a key given twice reads as its last value. */
export interface Attributes {
  get(key: string): string | undefined;
}

/**
 * Attributes by key. Typed events come from a Go map (util/msg_server.go EmitEvent) in random order, so no reader
 * relies on the order; values are bare (no JSON quotes). Events carry a handful of attributes and most are read for one
 * or two keys, so each look-up scans the list rather than building a map first.
 */
export function attributes(event: ChainEvent): Attributes {
  const list = event.attributes;
  return {
    get(key) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i].key === key) return list[i].value;
      return undefined;
    },
  };
}

/** BeginBlock / EndBlock for block events (SDK 0.50 baseapp), undefined for a transaction's. */
export function modeOf(event: ChainEvent): string | undefined {
  return event.attributes.find((a) => a.key === "mode")?.value;
}

/** The message an event belongs to (SDK 0.50 baseapp appends msg_index); -1 for the fee's and older SDKs' events. */
export function msgIndexOf(event: ChainEvent): number {
  const number = Number(event.attributes.find((a) => a.key === "msg_index")?.value);
  return Number.isInteger(number) ? number : -1;
}

/** One denom of an event's coins string ("5uaxm", "0uaxm", or "" for empty coins as SDK 0.50 bank prints them). */
export function coinAmount(value: string | undefined, denom: string): bigint {
  return value ? amountOf(value, denom) : 0n;
}

/** uaxm of an event's coins string; a single "<digits>uaxm" coin, the usual value, without parsing the whole list. */
export function uaxm(value: string | undefined): bigint {
  if (value && value.length > BASE_DENOM.length && value.endsWith(BASE_DENOM) && DIGITS.test(value.slice(0, -BASE_DENOM.length))) {
    return BigInt(value.slice(0, -BASE_DENOM.length));
  }
  return coinAmount(value, BASE_DENOM);
}

const DIGITS = /^\d+$/;

/**
 * The explorer status of a chain enum name (x/referral/types/types.pb.go Status): STATUS_NEW..STATUS_MEGA give 0..7;
 * STATUS_UNSPECIFIED, STATUS_DEPRECATED and any unknown name give 0 (no status).
 */
export function statusFromName(name: string | undefined): Status {
  const index = (CHAIN_STATUS_NAMES as readonly string[]).indexOf(name ?? "");
  return index < 0 ? NO_STATUS : explorerStatus(index);
}

/** A decoded message as indexing reads it: type URL and the node's REST JSON. */
export interface TxMessage {
  typeUrl: string;
  json: Record<string, unknown>;
}

/**
 * The messages that actually run: an authz MsgExec {1 grantee, 2 msgs} stands for its inner messages, recursively
 * (x/authz keeper DispatchActions; their events carry the MsgExec's msg_index).
 */
export function executedMessages(message: TxMessage): TxMessage[] {
  if (message.typeUrl !== MSG_EXEC || !Array.isArray(message.json.msgs)) return [message];
  return (message.json.msgs as unknown[]).flatMap((inner) => {
    if (inner === null || typeof inner !== "object") return [];
    const json = inner as Record<string, unknown>;
    return typeof json["@type"] === "string" ? executedMessages({ typeUrl: json["@type"], json }) : [];
  });
}
