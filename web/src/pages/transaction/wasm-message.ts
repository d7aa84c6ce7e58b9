// What the Message tab reads in a CosmWasm message: the contract message (`msg`) as JSON, and a CW-20 transfer or send
// as who sends how much of the token to whom.
import type { TxMessage } from "../../api/types.ts";

const EXECUTE = "/cosmwasm.wasm.v1.MsgExecuteContract";
/** The messages carrying a contract message: execute, instantiate (both kinds) and migrate. */
const WITH_CONTRACT_MESSAGE = new Set([
  EXECUTE,
  "/cosmwasm.wasm.v1.MsgInstantiateContract",
  "/cosmwasm.wasm.v1.MsgInstantiateContract2",
  "/cosmwasm.wasm.v1.MsgMigrateContract",
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Base64 JSON bytes, as a node that did not decode `msg` gives it. */
function fromBase64Json(value: string): unknown {
  try {
    const bytes = Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return value;
  }
}

/** The contract message of an execute, instantiate or migrate as JSON (decoded when it came as base64); null for other messages. */
export function contractMessage(message: TxMessage): { json: unknown } | null {
  if (!WITH_CONTRACT_MESSAGE.has(message["@type"]) || message.msg === undefined) return null;
  return { json: typeof message.msg === "string" ? fromBase64Json(message.msg) : message.msg };
}

export type Cw20Action = "transfer" | "send" | "transfer_from" | "send_from";

export interface Cw20Transfer {
  action: Cw20Action;
  /** The token's contract. */
  contract: string;
  from: string;
  /** The recipient, or for a send the receiving contract. */
  to: string;
  /** In the token's smallest unit. */
  amount: string;
}

/** A CW-20 transfer, send, transfer_from or send_from (cw20-base's ExecuteMsg); null for any other message. */
export function cw20Transfer(message: TxMessage): Cw20Transfer | null {
  if (message["@type"] !== EXECUTE) return null;
  const contract = text(message.contract);
  const sender = text(message.sender);
  const json = contractMessage(message)?.json;
  if (!contract || !sender || !isRecord(json) || Object.keys(json).length !== 1) return null;
  const [action, body] = Object.entries(json)[0];
  if (!isRecord(body) || typeof body.amount !== "string" || !/^\d+$/.test(body.amount)) return null;
  const from = action === "transfer_from" || action === "send_from" ? text(body.owner) : sender;
  const to =
    action === "send" || action === "send_from" ? text(body.contract) : action === "transfer" || action === "transfer_from" ? text(body.recipient) : null;
  if (!from || !to) return null;
  return { action: action as Cw20Action, contract, from, to, amount: body.amount };
}
