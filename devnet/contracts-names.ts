// A name service (cw-nameservice's layout): names bought with AXM sent along, or with CW-20 tokens through a cw20 send (Receive).
import {
  type ContractEnv,
  type ContractResponse,
  type Program,
  ContractError,
  addrValidate,
  parseError,
  respond,
  text,
  uint128,
  unauthorized,
  variantOf,
} from "./wasm-program.ts";
import { type ContractStorage, itemKey, loadJson, mapKey, saveJson, setContractVersion } from "./wasm-storage.ts";

const CONTRACT = "crates.io:cw-nameservice";
const VERSION = "0.11.0";
const INSTANTIATE = "cw_nameservice::msg::InstantiateMsg";
const EXECUTE = "cw_nameservice::msg::ExecuteMsg";
const RECEIVE = "cw_nameservice::msg::ReceiveMsg";
const QUERY = "cw_nameservice::msg::QueryMsg";
const CONFIG = itemKey("config");
const NAMES = "nameresolver";
const MIN_NAME_LENGTH = 3;
const MAX_NAME_LENGTH = 64;

interface Config {
  purchase_price: { denom: string; amount: string } | null;
  transfer_price: { denom: string; amount: string } | null;
}

function price(body: Record<string, unknown>, field: string): Config["purchase_price"] {
  const value = body[field] as Record<string, unknown> | null | undefined;
  if (value === undefined || value === null) return null;
  return { denom: text(value, "denom", INSTANTIATE), amount: uint128(value, "amount", INSTANTIATE).toString() };
}

function config(storage: ContractStorage): Config {
  return loadJson<Config>(storage, CONFIG) ?? { purchase_price: null, transfer_price: null };
}

function validateName(name: string): void {
  if (name.length < MIN_NAME_LENGTH) throw new ContractError(`Name too short (length ${name.length} min_length ${MIN_NAME_LENGTH})`);
  if (name.length > MAX_NAME_LENGTH) throw new ContractError(`Name too long (length ${name.length} max_length ${MAX_NAME_LENGTH})`);
  const bad = [...name].find((c) => !/[a-z0-9.\-_]/.test(c));
  if (bad !== undefined) throw new ContractError(`Invalid character: '${bad}'`);
}

function paid(env: ContractEnv, fee: Config["purchase_price"]): void {
  if (fee && env.funds < BigInt(fee.amount)) throw new ContractError("Insufficient funds sent");
}

function register(env: ContractEnv, name: string, owner: string, extra: [string, string][]): ContractResponse {
  validateName(name);
  const key = mapKey(NAMES, name);
  if (env.storage.get(key)) throw new ContractError(`Name has been taken (name ${name})`);
  saveJson(env.storage, key, { owner });
  return respond([["action", "register"], ["name", name], ["owner", owner], ...extra]);
}

/** A CW-20 send to this contract: the token pays for the name the inner message asks for, on behalf of the sender. */
function receive(env: ContractEnv, body: Record<string, unknown>): ContractResponse {
  const sender = addrValidate(text(body, "sender", EXECUTE));
  const amount = uint128(body, "amount", EXECUTE);
  let inner: unknown;
  try {
    inner = JSON.parse(Buffer.from(text(body, "msg", EXECUTE), "base64").toString("utf8"));
  } catch {
    throw parseError(RECEIVE, "expected value");
  }
  const [, request] = variantOf(inner, RECEIVE, ["register"]);
  return register(env, text(request, "name", RECEIVE), sender, [
    ["paid_with", env.sender],
    ["amount", amount.toString()],
  ]);
}

export const NAME_SERVICE: Program = {
  contract: CONTRACT,
  version: VERSION,
  capabilities: "",
  instantiate(env, msg) {
    const body = (msg ?? {}) as Record<string, unknown>;
    setContractVersion(env.storage, CONTRACT, VERSION);
    saveJson(env.storage, CONFIG, { purchase_price: price(body, "purchase_price"), transfer_price: price(body, "transfer_price") } satisfies Config);
    return respond([]);
  },
  execute(env, msg) {
    const [variant, body] = variantOf(msg, EXECUTE, ["register", "transfer", "receive"]);
    if (variant === "receive") return receive(env, body);
    const name = text(body, "name", EXECUTE);
    const fees = config(env.storage);
    if (variant === "register") {
      paid(env, fees.purchase_price);
      return register(env, name, env.sender, []);
    }
    paid(env, fees.transfer_price);
    const key = mapKey(NAMES, name);
    const record = loadJson<{ owner: string }>(env.storage, key);
    if (!record) throw new ContractError(`Name does not exist (name ${name})`);
    if (record.owner !== env.sender) throw unauthorized();
    const to = addrValidate(text(body, "to", EXECUTE));
    saveJson(env.storage, key, { owner: to });
    return respond([
      ["action", "transfer"],
      ["name", name],
      ["to", to],
    ]);
  },
  query(env, msg) {
    const [variant, body] = variantOf(msg, QUERY, ["resolve_record", "config"]);
    if (variant === "config") return config(env.storage);
    const record = loadJson<{ owner: string }>(env.storage, mapKey(NAMES, text(body, "name", QUERY)));
    return { address: record?.owner ?? null };
  },
};
