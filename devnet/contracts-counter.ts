// The counter contract (cw-template's): a count and its owner in the `state` item; v0.2 adds increment_by and migrates from v0.1.
import {
  type ContractEnv,
  type ContractResponse,
  type Program,
  ContractError,
  genericError,
  parseError,
  respond,
  unauthorized,
  variantOf,
} from "./wasm-program.ts";
import { type ContractStorage, contractVersion, itemKey, loadJson, saveJson, setContractVersion } from "./wasm-storage.ts";

const CONTRACT = "crates.io:counter";
const INSTANTIATE = "counter::msg::InstantiateMsg";
const EXECUTE = "counter::msg::ExecuteMsg";
const QUERY = "counter::msg::QueryMsg";
const MIGRATE = "counter::msg::MigrateMsg";
const STATE = itemKey("state");

interface State {
  count: number;
  owner: string;
}

function count(body: Record<string, unknown>, field: string, type: string): number {
  const value = body[field];
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > 2 ** 31)
    throw parseError(type, `invalid value for \`${field}\`, expected i32`);
  return value;
}

function load(storage: ContractStorage): State {
  const state = loadJson<State>(storage, STATE);
  if (!state) throw new ContractError("type: counter::state::State; key: [73, 74, 61, 74, 65] not found");
  return state;
}

function counter(version: string, variants: readonly string[]): Program {
  return {
    contract: CONTRACT,
    version,
    capabilities: "",
    instantiate(env, msg): ContractResponse {
      const body = (msg ?? {}) as Record<string, unknown>;
      const state: State = { count: count(body, "count", INSTANTIATE), owner: env.sender };
      setContractVersion(env.storage, CONTRACT, version);
      saveJson(env.storage, STATE, state);
      return respond([
        ["method", "instantiate"],
        ["owner", env.sender],
        ["count", String(state.count)],
      ]);
    },
    execute(env: ContractEnv, msg): ContractResponse {
      const [variant, body] = variantOf(msg, EXECUTE, variants);
      const state = load(env.storage);
      if (variant === "reset") {
        if (env.sender !== state.owner) throw unauthorized();
        state.count = count(body, "count", EXECUTE);
        saveJson(env.storage, STATE, state);
        return respond([
          ["action", "reset"],
          ["count", String(state.count)],
        ]);
      }
      state.count += variant === "increment_by" ? count(body, "amount", EXECUTE) : 1;
      saveJson(env.storage, STATE, state);
      return respond([
        ["action", variant],
        ["count", String(state.count)],
      ]);
    },
    query(env, msg) {
      variantOf(msg, QUERY, ["get_count"]);
      return { count: load(env.storage).count };
    },
    migrate(env, msg): ContractResponse {
      if (!msg || typeof msg !== "object" || Array.isArray(msg)) throw parseError(MIGRATE, "invalid type: expected struct MigrateMsg");
      const [field] = Object.keys(msg);
      if (field !== undefined) throw parseError(MIGRATE, `unknown field \`${field}\`, there are no fields`);
      const previous = contractVersion(env.storage);
      if (previous?.contract !== CONTRACT) throw genericError(`This is ${CONTRACT}, cannot migrate from ${previous?.contract ?? "an unknown contract"}`);
      setContractVersion(env.storage, CONTRACT, version);
      return respond([
        ["action", "migrate"],
        ["from_version", previous.version],
        ["to_version", version],
      ]);
    },
  };
}

export const COUNTER_V1 = counter("0.1.0", ["increment", "reset"]);
export const COUNTER_V2 = counter("0.2.0", ["increment", "increment_by", "reset"]);
/** An unreleased build, uploaded with instantiate permission Nobody. */
export const COUNTER_RC = counter("0.3.0-rc.1", ["increment", "increment_by", "reset"]);
