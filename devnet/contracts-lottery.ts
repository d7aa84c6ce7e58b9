// A lottery whose draws never open: it instantiates, answers queries, and every execution fails, so its transactions fail on chain.
import { type Program, ContractError, respond, text, uint128, variantOf } from "./wasm-program.ts";
import { itemKey, loadJson, saveJson, setContractVersion } from "./wasm-storage.ts";

const CONTRACT = "crates.io:axm-lottery";
const VERSION = "0.4.2";
const INSTANTIATE = "axm_lottery::msg::InstantiateMsg";
const EXECUTE = "axm_lottery::msg::ExecuteMsg";
const QUERY = "axm_lottery::msg::QueryMsg";
const CONFIG = itemKey("config");

interface Config {
  ticket_price: string;
  operator: string;
  round: number;
}

export const LOTTERY: Program = {
  contract: CONTRACT,
  version: VERSION,
  capabilities: "iterator",
  instantiate(env, msg) {
    const body = (msg ?? {}) as Record<string, unknown>;
    setContractVersion(env.storage, CONTRACT, VERSION);
    saveJson(env.storage, CONFIG, { ticket_price: uint128(body, "ticket_price", INSTANTIATE).toString(), operator: env.sender, round: 0 } satisfies Config);
    return respond([
      ["action", "instantiate"],
      ["operator", env.sender],
    ]);
  },
  execute(env, msg) {
    const [variant, body] = variantOf(msg, EXECUTE, ["buy_ticket", "draw"]);
    const config = loadJson<Config>(env.storage, CONFIG)!;
    if (variant === "draw") throw new ContractError(`Round ${config.round} has no tickets to draw from`);
    text(body, "numbers", EXECUTE);
    throw new ContractError(`Ticket sales are closed for round ${config.round}: the draw schedule is not set`);
  },
  query(env, msg) {
    variantOf(msg, QUERY, ["config"]);
    return loadJson<Config>(env.storage, CONFIG);
  },
};
