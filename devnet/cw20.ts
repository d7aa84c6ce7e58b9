// cw20-base 1.1.2 as a devnet program: its messages, errors, `wasm` attributes and storage layout (token_info, balance, allowance, marketing_info, logo).
import {
  type ContractEnv,
  type ContractResponse,
  type Program,
  ContractError,
  addrValidate,
  checkedSub,
  genericError,
  optionalText,
  parseError,
  respond,
  text,
  uint128,
  unauthorized,
  variantOf,
} from "./wasm-program.ts";
import { type ContractStorage, itemKey, loadJson, mapKey, mapPrefix, saveJson, setContractVersion } from "./wasm-storage.ts";

const CONTRACT = "crates.io:cw20-base";
const VERSION = "1.1.2";
const INSTANTIATE = "cw20_base::msg::InstantiateMsg";
const EXECUTE = "cw20_base::msg::ExecuteMsg";
const QUERY = "cw20_base::msg::QueryMsg";
const EXECUTE_VARIANTS = [
  "transfer",
  "burn",
  "send",
  "increase_allowance",
  "decrease_allowance",
  "transfer_from",
  "send_from",
  "burn_from",
  "mint",
  "update_minter",
  "update_marketing",
  "upload_logo",
] as const;
const QUERY_VARIANTS = ["balance", "token_info", "minter", "allowance", "all_accounts", "marketing_info"] as const;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 30;

const TOKEN_INFO = itemKey("token_info");
const MARKETING_INFO = itemKey("marketing_info");
const LOGO = itemKey("logo");
const BALANCE = "balance";
const ALLOWANCE = "allowance";
const ALLOWANCE_SPENDER = "allowance_spender";

/** `TokenInfo` as stored (Uint128 as strings, Option as null). */
export interface TokenInfo {
  name: string;
  symbol: string;
  decimals: number;
  total_supply: string;
  mint: { minter: string; cap: string | null } | null;
}

/** `MarketingInfoResponse` as stored. */
export interface MarketingInfo {
  project: string | null;
  description: string | null;
  logo: { url: string } | null;
  marketing: string | null;
}

type Expiration = { never: Record<string, never> } | { at_height: number } | { at_time: string };

interface Allowance {
  allowance: string;
  expires: Expiration;
}

const NEVER: Expiration = { never: {} };

export function tokenInfo(storage: ContractStorage): TokenInfo | undefined {
  return loadJson<TokenInfo>(storage, TOKEN_INFO);
}

export function marketingInfo(storage: ContractStorage): MarketingInfo | undefined {
  return loadJson<MarketingInfo>(storage, MARKETING_INFO);
}

export function balanceOf(storage: ContractStorage, address: string): bigint {
  return BigInt(loadJson<string>(storage, mapKey(BALANCE, address)) ?? "0");
}

/** Every stored balance (zero balances included, as cw20-base keeps them), in key order. */
export function balances(storage: ContractStorage): Map<string, bigint> {
  const prefix = mapPrefix(BALANCE);
  return new Map(
    storage
      .range(prefix)
      .map(({ key, value }) => [Buffer.from(key.subarray(prefix.length)).toString("utf8"), BigInt(JSON.parse(Buffer.from(value).toString("utf8")))]),
  );
}

export function allowanceOf(storage: ContractStorage, owner: string, spender: string): bigint {
  return BigInt(loadJson<Allowance>(storage, mapKey(ALLOWANCE, owner, spender))?.allowance ?? "0");
}

function setBalance(storage: ContractStorage, address: string, amount: bigint): void {
  saveJson(storage, mapKey(BALANCE, address), amount.toString());
}

function loadTokenInfo(storage: ContractStorage): TokenInfo {
  const info = tokenInfo(storage);
  if (!info) throw new ContractError("type: cw20_base::state::TokenInfo; key: [74, 6F, 6B, 65, 6E, 5F, 69, 6E, 66, 6F] not found");
  return info;
}

function changeSupply(storage: ContractStorage, delta: bigint): TokenInfo {
  const info = loadTokenInfo(storage);
  const supply = BigInt(info.total_supply);
  info.total_supply = (delta < 0n ? checkedSub(supply, -delta) : supply + delta).toString();
  saveJson(storage, TOKEN_INFO, info);
  return info;
}

function move(storage: ContractStorage, from: string, to: string, amount: bigint): void {
  setBalance(storage, from, checkedSub(balanceOf(storage, from), amount));
  setBalance(storage, to, balanceOf(storage, to) + amount);
}

function isExpired(expires: Expiration, env: ContractEnv): boolean {
  if ("at_height" in expires) return env.height >= expires.at_height;
  if ("at_time" in expires) return BigInt(env.timeMs) * 1_000_000n >= BigInt(expires.at_time);
  return false;
}

function expiration(body: Record<string, unknown>): Expiration | undefined {
  const value = body.expires;
  if (value === undefined || value === null) return undefined;
  if (value && typeof value === "object" && ("never" in value || "at_height" in value || "at_time" in value)) return value as Expiration;
  throw parseError(EXECUTE, "unknown variant of `Expiration`, expected one of `at_height`, `at_time`, `never`");
}

/** A `Logo`: the devnet's tokens link theirs (`{"url": ...}`); embedded images are not supported. */
function logoUrl(logo: Record<string, unknown>, type: string): string {
  if (typeof logo.url !== "string") throw parseError(type, "unknown variant of `Logo`, expected `url`");
  return logo.url;
}

/** Name 3-50 bytes, symbol [a-zA-Z-]{3,12}, decimals up to 18 (cw20-base's `InstantiateMsg::validate`). */
function validateToken(name: string, symbol: string, decimals: number): void {
  const bytes = Buffer.byteLength(name);
  if (bytes < 3 || bytes > 50) throw genericError("Name is not in the expected format (3-50 UTF-8 bytes)");
  if (!/^[a-zA-Z-]{3,12}$/.test(symbol)) throw genericError("Ticker symbol is not in expected format [a-zA-Z\\-]{3,12}");
  if (decimals > 18) throw genericError("Decimals must not exceed 18");
}

function instantiate(env: ContractEnv, msg: unknown): ContractResponse {
  if (!msg || typeof msg !== "object") throw parseError(INSTANTIATE, "invalid type: expected struct InstantiateMsg");
  const body = msg as Record<string, unknown>;
  const { storage } = env;
  setContractVersion(storage, CONTRACT, VERSION);
  const name = text(body, "name", INSTANTIATE);
  const symbol = text(body, "symbol", INSTANTIATE);
  const decimals = body.decimals;
  if (typeof decimals !== "number" || !Number.isInteger(decimals) || decimals < 0 || decimals > 255)
    throw parseError(INSTANTIATE, "invalid value for `decimals`, expected u8");
  validateToken(name, symbol, decimals);
  const rows = Array.isArray(body.initial_balances) ? (body.initial_balances as Record<string, unknown>[]) : [];
  const addresses = rows.map((row) => text(row, "address", INSTANTIATE));
  if (new Set(addresses).size !== addresses.length) throw new ContractError("Duplicate initial balance addresses");
  let supply = 0n;
  rows.forEach((row, i) => {
    const amount = uint128(row, "amount", INSTANTIATE);
    setBalance(storage, addrValidate(addresses[i]), amount);
    supply += amount;
  });
  const mint = body.mint as Record<string, unknown> | null | undefined;
  const cap = mint ? optionalText(mint, "cap", INSTANTIATE) : undefined;
  if (cap !== undefined && supply > uint128(mint!, "cap", INSTANTIATE)) throw genericError("Initial supply greater than cap");
  const info: TokenInfo = {
    name,
    symbol,
    decimals,
    total_supply: supply.toString(),
    mint: mint ? { minter: addrValidate(text(mint, "minter", INSTANTIATE)), cap: cap ?? null } : null,
  };
  saveJson(storage, TOKEN_INFO, info);
  const marketing = body.marketing as Record<string, unknown> | null | undefined;
  if (marketing) {
    const logo = marketing.logo ? { url: logoUrl(marketing.logo as Record<string, unknown>, INSTANTIATE) } : null;
    if (logo) saveJson(storage, LOGO, logo);
    const marketingAddress = optionalText(marketing, "marketing", INSTANTIATE);
    saveJson(storage, MARKETING_INFO, {
      project: optionalText(marketing, "project", INSTANTIATE) ?? null,
      description: optionalText(marketing, "description", INSTANTIATE) ?? null,
      logo,
      marketing: marketingAddress === undefined ? null : addrValidate(marketingAddress),
    } satisfies MarketingInfo);
  }
  return respond([]);
}

/** The Cw20ReceiveMsg a send wraps for the receiving contract. */
function receive(sender: string, amount: bigint, msg: string) {
  return { receive: { sender, amount: amount.toString(), msg } };
}

/** ALLOWANCES and ALLOWANCES_SPENDER hold the same entry under (owner, spender) and (spender, owner). */
function saveAllowance(storage: ContractStorage, owner: string, spender: string, allowance: Allowance | undefined): void {
  for (const key of [mapKey(ALLOWANCE, owner, spender), mapKey(ALLOWANCE_SPENDER, spender, owner)]) {
    if (allowance) saveJson(storage, key, allowance);
    else storage.remove(key);
  }
}

function deductAllowance(env: ContractEnv, owner: string, amount: bigint): void {
  const current = loadJson<Allowance>(env.storage, mapKey(ALLOWANCE, owner, env.sender));
  if (!current) throw new ContractError("No allowance for this account");
  if (isExpired(current.expires, env)) throw new ContractError("Allowance is expired");
  saveAllowance(env.storage, owner, env.sender, { ...current, allowance: checkedSub(BigInt(current.allowance), amount).toString() });
}

function changeAllowance(env: ContractEnv, body: Record<string, unknown>, increase: boolean): ContractResponse {
  const spender = addrValidate(text(body, "spender", EXECUTE));
  const amount = uint128(body, "amount", EXECUTE);
  const expires = expiration(body);
  if (spender === env.sender) throw new ContractError("Cannot set to own account");
  if (expires && isExpired(expires, env)) throw new ContractError("Invalid expiration value");
  const current = loadJson<Allowance>(env.storage, mapKey(ALLOWANCE, env.sender, spender));
  if (increase) {
    const base = current ?? { allowance: "0", expires: NEVER };
    saveAllowance(env.storage, env.sender, spender, { allowance: (BigInt(base.allowance) + amount).toString(), expires: expires ?? base.expires });
  } else {
    if (!current) throw new ContractError("No allowance for this account");
    const left = BigInt(current.allowance);
    saveAllowance(env.storage, env.sender, spender, amount < left ? { allowance: (left - amount).toString(), expires: expires ?? current.expires } : undefined);
  }
  const action = increase ? "increase_allowance" : "decrease_allowance";
  return respond([
    ["action", action],
    ["owner", env.sender],
    ["spender", spender],
    ["amount", amount.toString()],
  ]);
}

function mint(env: ContractEnv, body: Record<string, unknown>): ContractResponse {
  const recipient = addrValidate(text(body, "recipient", EXECUTE));
  const amount = uint128(body, "amount", EXECUTE);
  const info = loadTokenInfo(env.storage);
  if (!info.mint || info.mint.minter !== env.sender) throw unauthorized();
  const supply = BigInt(info.total_supply) + amount;
  if (info.mint.cap !== null && supply > BigInt(info.mint.cap)) throw new ContractError("Minting cannot exceed the cap");
  saveJson(env.storage, TOKEN_INFO, { ...info, total_supply: supply.toString() });
  setBalance(env.storage, recipient, balanceOf(env.storage, recipient) + amount);
  return respond([
    ["action", "mint"],
    ["to", recipient],
    ["amount", amount.toString()],
  ]);
}

function updateMinter(env: ContractEnv, body: Record<string, unknown>): ContractResponse {
  const info = loadTokenInfo(env.storage);
  if (!info.mint || info.mint.minter !== env.sender) throw unauthorized();
  const next = optionalText(body, "new_minter", EXECUTE);
  const mintData = next === undefined ? null : { minter: addrValidate(next), cap: info.mint.cap };
  saveJson(env.storage, TOKEN_INFO, { ...info, mint: mintData });
  return respond([
    ["action", "update_minter"],
    ["new_minter", next ?? "None"],
  ]);
}

/** The marketing address alone may change marketing info; an empty string clears a field. */
function marketingFor(env: ContractEnv): MarketingInfo {
  const info = marketingInfo(env.storage);
  if (!info || info.marketing !== env.sender) throw unauthorized();
  return info;
}

function saveMarketing(storage: ContractStorage, info: MarketingInfo): void {
  if (info.project === null && info.description === null && info.marketing === null && info.logo === null) storage.remove(MARKETING_INFO);
  else saveJson(storage, MARKETING_INFO, info);
}

function updateMarketing(env: ContractEnv, body: Record<string, unknown>): ContractResponse {
  const info = marketingFor(env);
  const cleared = (value: string) => (value.trim() === "" ? null : value);
  const project = optionalText(body, "project", EXECUTE);
  const description = optionalText(body, "description", EXECUTE);
  const marketing = optionalText(body, "marketing", EXECUTE);
  if (project !== undefined) info.project = cleared(project);
  if (description !== undefined) info.description = cleared(description);
  if (marketing !== undefined) info.marketing = marketing.trim() === "" ? null : addrValidate(marketing);
  saveMarketing(env.storage, info);
  return respond([["action", "update_marketing"]]);
}

function uploadLogo(env: ContractEnv, body: Record<string, unknown>): ContractResponse {
  const info = marketingFor(env);
  const logo = { url: logoUrl(body, EXECUTE) };
  saveJson(env.storage, LOGO, logo);
  saveMarketing(env.storage, { ...info, logo });
  return respond([["action", "upload_logo"]]);
}

function execute(env: ContractEnv, msg: unknown): ContractResponse {
  const [variant, body] = variantOf(msg, EXECUTE, EXECUTE_VARIANTS);
  const { storage, sender } = env;
  switch (variant) {
    case "transfer": {
      const recipient = addrValidate(text(body, "recipient", EXECUTE));
      const amount = uint128(body, "amount", EXECUTE);
      move(storage, sender, recipient, amount);
      return respond([
        ["action", "transfer"],
        ["from", sender],
        ["to", recipient],
        ["amount", amount.toString()],
      ]);
    }
    case "burn": {
      const amount = uint128(body, "amount", EXECUTE);
      setBalance(storage, sender, checkedSub(balanceOf(storage, sender), amount));
      changeSupply(storage, -amount);
      return respond([
        ["action", "burn"],
        ["from", sender],
        ["amount", amount.toString()],
      ]);
    }
    case "send": {
      const contract = addrValidate(text(body, "contract", EXECUTE));
      const amount = uint128(body, "amount", EXECUTE);
      move(storage, sender, contract, amount);
      return respond(
        [
          ["action", "send"],
          ["from", sender],
          ["to", contract],
          ["amount", amount.toString()],
        ],
        [{ contract, msg: receive(sender, amount, text(body, "msg", EXECUTE)) }],
      );
    }
    case "increase_allowance":
      return changeAllowance(env, body, true);
    case "decrease_allowance":
      return changeAllowance(env, body, false);
    case "transfer_from": {
      const owner = addrValidate(text(body, "owner", EXECUTE));
      const recipient = addrValidate(text(body, "recipient", EXECUTE));
      const amount = uint128(body, "amount", EXECUTE);
      deductAllowance(env, owner, amount);
      move(storage, owner, recipient, amount);
      return respond([
        ["action", "transfer_from"],
        ["from", owner],
        ["to", recipient],
        ["by", sender],
        ["amount", amount.toString()],
      ]);
    }
    case "send_from": {
      const owner = addrValidate(text(body, "owner", EXECUTE));
      const contract = addrValidate(text(body, "contract", EXECUTE));
      const amount = uint128(body, "amount", EXECUTE);
      deductAllowance(env, owner, amount);
      move(storage, owner, contract, amount);
      return respond(
        [
          ["action", "send_from"],
          ["from", owner],
          ["to", contract],
          ["by", sender],
          ["amount", amount.toString()],
        ],
        [{ contract, msg: receive(sender, amount, text(body, "msg", EXECUTE)) }],
      );
    }
    case "burn_from": {
      const owner = addrValidate(text(body, "owner", EXECUTE));
      const amount = uint128(body, "amount", EXECUTE);
      deductAllowance(env, owner, amount);
      setBalance(storage, owner, checkedSub(balanceOf(storage, owner), amount));
      changeSupply(storage, -amount);
      return respond([
        ["action", "burn_from"],
        ["from", owner],
        ["by", sender],
        ["amount", amount.toString()],
      ]);
    }
    case "mint":
      return mint(env, body);
    case "update_minter":
      return updateMinter(env, body);
    case "update_marketing":
      return updateMarketing(env, body);
    default:
      return uploadLogo(env, body);
  }
}

function allAccounts(storage: ContractStorage, body: Record<string, unknown>): { accounts: string[] } {
  const startAfter = optionalText(body, "start_after", QUERY);
  const limit = Math.min(typeof body.limit === "number" ? body.limit : DEFAULT_LIMIT, MAX_LIMIT);
  const accounts = [...balances(storage).keys()].filter((address) => startAfter === undefined || address > startAfter);
  return { accounts: accounts.slice(0, limit) };
}

function query(env: ContractEnv, msg: unknown): unknown {
  const [variant, body] = variantOf(msg, QUERY, QUERY_VARIANTS);
  const { storage } = env;
  switch (variant) {
    case "balance":
      return { balance: balanceOf(storage, addrValidate(text(body, "address", QUERY))).toString() };
    case "token_info": {
      const { name, symbol, decimals, total_supply } = loadTokenInfo(storage);
      return { name, symbol, decimals, total_supply };
    }
    case "minter":
      return loadTokenInfo(storage).mint;
    case "allowance": {
      const owner = addrValidate(text(body, "owner", QUERY));
      const spender = addrValidate(text(body, "spender", QUERY));
      return loadJson<Allowance>(storage, mapKey(ALLOWANCE, owner, spender)) ?? { allowance: "0", expires: NEVER };
    }
    case "all_accounts":
      return allAccounts(storage, body);
    default:
      return marketingInfo(storage) ?? { project: null, description: null, logo: null, marketing: null };
  }
}

export const CW20_BASE: Program = {
  contract: CONTRACT,
  version: VERSION,
  capabilities: "iterator",
  instantiate,
  execute,
  query,
};
