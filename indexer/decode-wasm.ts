// What a block changes in CosmWasm: codes stored, contracts instantiated, executed, migrated and re-administered,
// and CW-20 balances, supply and marketing moved by cw20-base's `wasm` events, in chain order.
import type { ChainEvent } from "../chain/types.ts";
import { attributes, type Attributes } from "./events.ts";

const WASM = "/cosmwasm.wasm.v1.";
const AUTHZ_EXEC = "/cosmos.authz.v1beta1.MsgExec";
const INTEGER = /^\d{1,40}$/;

export type Permission = "Everybody" | "Nobody" | "AnyOfAddresses";

/** A token's marketing as cw20-base keeps it; logo is its LogoInfo ({ url } or "embedded"). */
export interface Marketing {
  project: string | null;
  description: string | null;
  marketing: string | null;
  logo: { url: string } | "embedded" | null;
}

/** What cw20-base's instantiate message sets up. */
export interface TokenInit extends Marketing {
  name: string;
  symbol: string;
  decimals: number;
  minter: string | null;
  cap: string | null;
  balances: [holder: string, amount: string][];
}

/** One change, in the order the chain made it; amounts are integer text (blocks cross from worker threads). */
export type WasmOp =
  | { kind: "store"; codeId: number; checksum: string; creator: string; permission: Permission; addresses: string[] }
  | {
      kind: "instantiate";
      contract: string;
      codeId: number;
      creator: string;
      admin: string;
      label: string;
      txIndex: number;
      msg: string | null;
      token: TokenInit | null;
    }
  | { kind: "execute"; contract: string }
  | { kind: "migrate"; contract: string; codeId: number; txIndex: number; msg: string | null }
  | { kind: "admin"; contract: string; admin: string }
  /** A cw20 balance move: from (null for a mint) to (null for a burn); only applied to known tokens. */
  | { kind: "cw20"; contract: string; from: string | null; to: string | null; amount: string }
  /** Marketing fields a cw20 update_marketing or upload_logo set; absent fields are unchanged. */
  | { kind: "marketing"; contract: string; changes: Partial<Marketing> }
  | { kind: "minter"; contract: string; minter: string | null };

/** One transaction as the wasm decoder needs it: result code, events, messages in REST JSON. */
export interface WasmTx {
  code: number | null;
  events: ChainEvent[];
  messages: { typeUrl: string; json: Record<string, unknown> }[];
}

export function wasmChanges(txs: WasmTx[]): WasmOp[] {
  const ops: WasmOp[] = [];
  txs.forEach((tx, txIndex) => {
    if (tx.code !== 0) return;
    const groups = eventsByMessage(tx.events, tx.messages.length);
    groups.forEach((events, i) => ops.push(...messageOps(events, innerMessages(tx.messages[i]), txIndex)));
  });
  return ops;
}

/**
 * The events each message emitted. SDK 0.50 tags every message event with `msg_index`; older SDKs open
 * each message with a `message` event naming its action. Events before the first message (fees) belong to none.
 */
export function eventsByMessage(events: ChainEvent[], messageCount: number): ChainEvent[][] {
  const groups: ChainEvent[][] = Array.from({ length: messageCount }, () => []);
  let current = -1;
  let marked = false;
  for (const event of events) {
    const index = event.attributes.find((a) => a.key === "msg_index")?.value;
    if (index !== undefined && /^\d{1,6}$/.test(index)) {
      current = Number(index);
      marked = true;
    } else if (event.type === "message" && event.attributes.some((a) => a.key === "action")) {
      current += 1;
      marked = true;
    }
    if (current >= 0 && current < messageCount) groups[current].push(event);
  }
  if (!marked && messageCount === 1) groups[0] = events;
  return groups;
}

type Message = { typeUrl: string; json: Record<string, unknown> };

/** A message and, for an authz MsgExec, the messages it runs (in the REST JSON they carry their `@type`). */
function innerMessages(message: Message | undefined): Message[] {
  if (!message) return [];
  if (message.typeUrl !== AUTHZ_EXEC || !Array.isArray(message.json.msgs)) return [message];
  return (message.json.msgs as Record<string, unknown>[]).map((json) => ({ typeUrl: typeof json["@type"] === "string" ? json["@type"] : "", json }));
}

/** The ops of one message's events; the first event of each kind is the message's own, later ones come from contracts it called. */
function messageOps(events: ChainEvent[], messages: Message[], txIndex: number): WasmOp[] {
  const ops: WasmOp[] = [];
  const unclaimed = [...messages];
  const claim = (...types: string[]): Record<string, unknown> | null => {
    const at = unclaimed.findIndex((m) => types.includes(m.typeUrl));
    return at < 0 ? null : unclaimed.splice(at, 1)[0].json;
  };
  for (const event of events) {
    const a = attributes(event);
    const contract = a.get("_contract_address") ?? "";
    switch (event.type) {
      case "store_code": {
        const codeId = idOf(a.get("code_id"));
        if (codeId !== null)
          ops.push({ kind: "store", codeId, checksum: (a.get("code_checksum") ?? "").toLowerCase(), ...storeFields(claim(`${WASM}MsgStoreCode`)) });
        break;
      }
      case "instantiate": {
        const codeId = idOf(a.get("code_id"));
        if (codeId !== null && contract)
          ops.push(instantiation(contract, codeId, txIndex, claim(`${WASM}MsgInstantiateContract`, `${WASM}MsgInstantiateContract2`)));
        break;
      }
      case "execute":
        if (contract) ops.push({ kind: "execute", contract });
        break;
      case "migrate": {
        const codeId = idOf(a.get("code_id"));
        if (codeId !== null && contract) ops.push({ kind: "migrate", contract, codeId, txIndex, msg: msgText(claim(`${WASM}MsgMigrateContract`)) });
        break;
      }
      case "update_contract_admin":
        if (contract) ops.push({ kind: "admin", contract, admin: a.get("new_admin_address") ?? "" });
        break;
      case "wasm":
        if (contract) ops.push(...cw20Ops(contract, a, messages));
        break;
    }
  }
  return ops;
}

function idOf(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

const PERMISSIONS: Record<string, Permission> = {
  ACCESS_TYPE_NOBODY: "Nobody",
  ACCESS_TYPE_EVERYBODY: "Everybody",
  ACCESS_TYPE_ANY_OF_ADDRESSES: "AnyOfAddresses",
};

/** Creator and instantiate permission of a MsgStoreCode; without a permission the chain's default (Everybody) applies. */
function storeFields(json: Record<string, unknown> | null): { creator: string; permission: Permission; addresses: string[] } {
  const config = json?.instantiate_permission as { permission?: string; addresses?: unknown } | undefined;
  const addresses = Array.isArray(config?.addresses) ? config.addresses.filter((x): x is string => typeof x === "string") : [];
  return { creator: typeof json?.sender === "string" ? json.sender : "", permission: PERMISSIONS[config?.permission ?? ""] ?? "Everybody", addresses };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The message's `msg` (already JSON, see chain/messages.ts) as JSON text, or null when the contract was called by another. */
function msgText(json: Record<string, unknown> | null): string | null {
  return json && json.msg !== undefined ? JSON.stringify(json.msg) : null;
}

function instantiation(contract: string, codeId: number, txIndex: number, json: Record<string, unknown> | null): WasmOp {
  return {
    kind: "instantiate",
    contract,
    codeId,
    creator: text(json?.sender),
    admin: text(json?.admin),
    label: text(json?.label),
    txIndex,
    msg: msgText(json),
    token: json ? tokenInit(json.msg) : null,
  };
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** cw20-base's instantiate message (name, symbol, decimals, initial_balances), or null for any other contract. */
export function tokenInit(msg: unknown): TokenInit | null {
  const m = record(msg);
  if (!m || typeof m.name !== "string" || typeof m.symbol !== "string" || !Number.isInteger(m.decimals) || !Array.isArray(m.initial_balances)) return null;
  const balances: [string, string][] = [];
  for (const row of m.initial_balances) {
    const r = record(row);
    if (!r || typeof r.address !== "string" || typeof r.amount !== "string" || !INTEGER.test(r.amount)) return null;
    balances.push([r.address, r.amount]);
  }
  const mint = record(m.mint);
  const marketing = record(m.marketing);
  return {
    name: m.name,
    symbol: m.symbol,
    decimals: m.decimals as number,
    minter: typeof mint?.minter === "string" ? mint.minter : null,
    cap: typeof mint?.cap === "string" && INTEGER.test(mint.cap) ? mint.cap : null,
    balances,
    project: optionalText(marketing?.project),
    description: optionalText(marketing?.description),
    marketing: optionalText(marketing?.marketing),
    logo: logoInfo(marketing?.logo),
  };
}

function optionalText(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** cw20's Logo ({ url } or { embedded }) as the LogoInfo marketing_info answers with. */
function logoInfo(logo: unknown): Marketing["logo"] {
  const l = record(logo);
  if (typeof l?.url === "string") return { url: l.url };
  return l?.embedded !== undefined ? "embedded" : null;
}

/** update_marketing: an absent field stays, a blank one is cleared (cw20-base's rule). */
function marketingChanges(update: Record<string, unknown>): Partial<Marketing> {
  const changes: Partial<Marketing> = {};
  for (const field of ["project", "description", "marketing"] as const) {
    const value = update[field];
    if (typeof value === "string") changes[field] = value.trim() === "" ? null : value;
  }
  return changes;
}

/** The execute message a token received for `action`, from the transaction's own MsgExecuteContract to it. */
function executeMsg(messages: Message[], contract: string, action: string): Record<string, unknown> | null {
  for (const m of messages) {
    if (m.typeUrl !== `${WASM}MsgExecuteContract` || m.json.contract !== contract) continue;
    const body = record(record(m.json.msg)?.[action]);
    if (body) return body;
  }
  return null;
}

/** The cw20-base actions a `wasm` event reports: balance moves, minter and marketing changes. */
function cw20Ops(contract: string, a: Attributes, messages: Message[]): WasmOp[] {
  const action = a.get("action") ?? "";
  const amount = a.get("amount") ?? "";
  const from = a.get("from") ?? "";
  const to = a.get("to") ?? "";
  switch (action) {
    case "transfer":
    case "send":
    case "transfer_from":
    case "send_from":
      return INTEGER.test(amount) && from && to ? [{ kind: "cw20", contract, from, to, amount }] : [];
    case "mint":
      return INTEGER.test(amount) && to ? [{ kind: "cw20", contract, from: null, to, amount }] : [];
    case "burn":
    case "burn_from":
      return INTEGER.test(amount) && from ? [{ kind: "cw20", contract, from, to: null, amount }] : [];
    case "update_minter": {
      const minter = a.get("new_minter");
      return minter === undefined ? [] : [{ kind: "minter", contract, minter: minter === "None" || minter === "" ? null : minter }];
    }
    case "update_marketing": {
      const update = executeMsg(messages, contract, "update_marketing");
      return update ? [{ kind: "marketing", contract, changes: marketingChanges(update) }] : [];
    }
    case "upload_logo": {
      const logo = executeMsg(messages, contract, "upload_logo");
      return logo ? [{ kind: "marketing", contract, changes: { logo: logoInfo(logo) } }] : [];
    }
    default:
      return [];
  }
}
