// What a contract program is to the wasm module: entry points over its storage, the response they give, and serde-like message parsing.
import { decodeBech32, ACCOUNT_PREFIX } from "../core/address.ts";
import type { ContractStorage } from "./wasm-storage.ts";

/** env + info + deps of a CosmWasm entry point. */
export interface ContractEnv {
  /** env.contract.address */
  contract: string;
  /** info.sender: the signer, or the calling contract for a sub-message. */
  sender: string;
  /** info.funds, in uaxm (the devnet's only denom). */
  funds: bigint;
  height: number;
  timeMs: number;
  storage: ContractStorage;
}

/** WasmMsg::Execute sent back by a contract (the only CosmosMsg the devnet's programs send). */
export interface SubMessage {
  contract: string;
  msg: unknown;
}

export interface ContractResponse {
  /** Become the `wasm` event's attributes after `_contract_address`. */
  attributes: [string, string][];
  messages: SubMessage[];
}

/** The Rust side of a contract: entry points keyed by the cw2 name and version its code was built from. */
export interface Program {
  contract: string;
  version: string;
  /** What wasmvm's AnalyzeCode reports (the store_code `required_capabilities` attribute). */
  capabilities: string;
  instantiate(env: ContractEnv, msg: unknown): ContractResponse;
  execute(env: ContractEnv, msg: unknown): ContractResponse;
  query(env: ContractEnv, msg: unknown): unknown;
  /** Absent when the code exports no `migrate`. */
  migrate?(env: ContractEnv, msg: unknown): ContractResponse;
}

/** An error a contract returns: its message is the contract error's Display text. */
export class ContractError extends Error {}

export const genericError = (text: string) => new ContractError(`Generic error: ${text}`);
export const unauthorized = () => new ContractError("Unauthorized");

export function respond(attributes: [string, string][], messages: SubMessage[] = []): ContractResponse {
  return { attributes, messages };
}

/** A serde externally tagged enum: `{"variant": {...}}` (or a bare string for a unit variant). */
export function variantOf(msg: unknown, type: string, variants: readonly string[]): [string, Record<string, unknown>] {
  let name: string;
  let body: unknown = {};
  if (typeof msg === "string") name = msg;
  else if (msg && typeof msg === "object" && !Array.isArray(msg) && Object.keys(msg).length === 1) [[name, body]] = Object.entries(msg);
  else throw parseError(type, "expected value");
  if (!variants.includes(name)) {
    throw parseError(type, `unknown variant \`${name}\`, expected one of ${variants.map((v) => `\`${v}\``).join(", ")}`);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw parseError(type, "invalid type: expected struct");
  return [name, body as Record<string, unknown>];
}

export function parseError(type: string, detail: string): ContractError {
  return new ContractError(`Error parsing into type ${type}: ${detail}`);
}

/** A required string field. */
export function text(body: Record<string, unknown>, field: string, type: string): string {
  const value = body[field];
  if (typeof value !== "string")
    throw parseError(type, value === undefined ? `missing field \`${field}\`` : `invalid type for \`${field}\`, expected a string`);
  return value;
}

/** An optional string field (absent or null gives undefined). */
export function optionalText(body: Record<string, unknown>, field: string, type: string): string | undefined {
  return body[field] === undefined || body[field] === null ? undefined : text(body, field, type);
}

/** A Uint128: decimal digits in a JSON string. */
export function uint128(body: Record<string, unknown>, field: string, type: string): bigint {
  const value = text(body, field, type);
  if (!/^\d{1,39}$/.test(value) || BigInt(value) >= 2n ** 128n) throw parseError(type, `Invalid Uint128 '${value}'`);
  return BigInt(value);
}

/** deps.api.addr_validate: a bech32 account or contract address with the chain's prefix, in canonical (lower) case. */
export function addrValidate(address: string): string {
  const decoded = decodeBech32(address);
  if (!decoded) throw genericError(`addr_canonicalize errored: decoding bech32 failed: invalid bech32 string ${address}`);
  if (decoded.prefix !== ACCOUNT_PREFIX)
    throw genericError(`addr_canonicalize errored: invalid Bech32 prefix; expected ${ACCOUNT_PREFIX}, got ${decoded.prefix}`);
  if (address !== address.toLowerCase()) throw genericError("Invalid input: address not normalized");
  return address;
}

/** Uint128 arithmetic failing as cosmwasm-std's checked_sub does. */
export function checkedSub(a: bigint, b: bigint): bigint {
  if (b > a) throw new ContractError(`Overflow: Cannot Sub with ${a} and ${b}`);
  return a - b;
}
