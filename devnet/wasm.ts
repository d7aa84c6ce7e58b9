// x/wasm's messages as wasmd 0.50 handles them: uploads, instantiation (classic and predictable addresses), execution with sub-messages, migration, admin changes.
import {
  MsgExecuteContractResponse,
  MsgInstantiateContract2Response,
  MsgInstantiateContractResponse,
  MsgMigrateContractResponse,
  MsgStoreCodeResponse,
} from "cosmjs-types/cosmwasm/wasm/v1/tx";
import { AccessType } from "cosmjs-types/cosmwasm/wasm/v1/types";
import type { ChainState } from "./state.ts";
import type { EventSink } from "./events.ts";
import type { Handler, HandlerContext, TxMessage } from "./handlers.ts";
import type { AccessConfig, Code, Contract, HistoryEntry } from "./wasm-state.ts";
import { type ContractEnv, type ContractResponse, ContractError, addrValidate } from "./wasm-program.ts";
import { TxFailure, invalidAddress, invalidRequest, unauthorized, wasmError } from "./errors.ts";
import { send } from "./bank.ts";
import { checksumOf, loadCode } from "./wasm-code.ts";
import { classicContractAddress, predictableContractAddress } from "./wasm-address.ts";

type Value = TxMessage["value"];
type Coins = { denom: string; amount: string }[];
type FundsOf = (coins: Coins) => bigint;

const PERMISSIONS: Partial<Record<AccessType, AccessConfig["permission"]>> = {
  [AccessType.ACCESS_TYPE_NOBODY]: "Nobody",
  [AccessType.ACCESS_TYPE_EVERYBODY]: "Everybody",
  [AccessType.ACCESS_TYPE_ANY_OF_ADDRESSES]: "AnyOfAddresses",
};
const MAX_LABEL_LENGTH = 128;
const MAX_SALT_LENGTH = 64;

function validAddress(address: string, field: string): string {
  try {
    return addrValidate(address);
  } catch (error) {
    if (error instanceof ContractError) throw invalidAddress(`${field}: ${error.message}`);
    throw error;
  }
}

/** MsgStoreCode's instantiate_permission; absent means the chain's default, Everybody. */
function accessConfig(value: { permission: AccessType; addresses: string[] } | undefined): AccessConfig {
  if (!value) return { permission: "Everybody", addresses: [] };
  const permission = PERMISSIONS[value.permission];
  if (!permission) throw wasmError("invalid", "instantiate permission: unknown type");
  const addresses = value.addresses.map((a) => validAddress(a, "instantiate permission"));
  if (permission === "AnyOfAddresses" && addresses.length === 0) throw wasmError("empty", "instantiate permission: addresses");
  if (permission !== "AnyOfAddresses" && addresses.length > 0) throw wasmError("invalid", "instantiate permission: addresses must be empty");
  if (new Set(addresses).size !== addresses.length) throw wasmError("duplicate", "instantiate permission: addresses");
  return { permission, addresses };
}

function mayInstantiate(config: AccessConfig, actor: string): boolean {
  return config.permission === "Everybody" || (config.permission === "AnyOfAddresses" && config.addresses.includes(actor));
}

/** A contract message must be JSON (RawContractMessage.ValidateBasic). */
function contractMsg(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw wasmError("invalid", "payload msg: invalid json");
  }
}

function envOf(state: ChainState, contract: string, sender: string, funds: bigint): ContractEnv {
  return { contract, sender, funds, height: state.height, timeMs: state.timeMs, storage: state.wasm.storage(contract) };
}

/** A contract's error becomes the module error of the entry point, as wasmd wraps what the VM returns. */
function call(run: () => ContractResponse, failed: "instantiateFailed" | "executeFailed" | "migrationFailed"): ContractResponse {
  try {
    return run();
  } catch (error) {
    if (error instanceof ContractError) throw wasmError(failed, error.message);
    throw error;
  }
}

function position(state: ChainState): HistoryEntry["updated"] {
  return { height: state.height, txIndex: state.wasm.currentTxIndex() };
}

function findContract(state: ChainState, address: string): { contract: Contract; code: Code } {
  const contract = state.wasm.contract(address);
  if (!contract) throw wasmError("noSuchContract", `address ${address}`);
  return { contract, code: state.wasm.code(contract.codeId)! };
}

/** handleContractResponse: the `wasm` event with the contract's attributes, then its messages, each run as the contract. */
function dispatch(ctx: HandlerContext, address: string, response: ContractResponse): void {
  if (response.attributes.length > 0) ctx.sink.emit("wasm", { _contract_address: address, ...Object.fromEntries(response.attributes) });
  for (const sub of response.messages) {
    try {
      execute(ctx, sub.contract, address, sub.msg, 0n, false);
    } catch (error) {
      if (error instanceof TxFailure) throw new TxFailure(error.codespace, error.code, `dispatch: submessages: ${error.message}`);
      throw error;
    }
  }
}

function execute(ctx: HandlerContext, address: string, sender: string, msg: unknown, funds: bigint, direct: boolean): void {
  const { state, sink } = ctx;
  const { contract, code } = findContract(state, address);
  if (funds > 0n) send(state, sink, sender, address, funds);
  const response = call(() => code.program.execute(envOf(state, address, sender, funds), msg), "executeFailed");
  sink.emit("execute", { _contract_address: address });
  state.wasm.updateContract(contract, {
    executeMessages: contract.executeMessages + (direct ? 1 : 0),
    executeEvents: contract.executeEvents + 1,
  });
  dispatch(ctx, address, response);
}

interface Instantiation {
  sender: string;
  admin: string;
  codeId: number;
  label: string;
  msg: Uint8Array;
  funds: bigint;
  /** MsgInstantiateContract2's salt and fix_msg: the address is then predictable. */
  salt?: { salt: Uint8Array; fixMsg: boolean };
}

function instantiate(ctx: HandlerContext, i: Instantiation): string {
  const { state, sink } = ctx;
  if (i.label === "") throw wasmError("empty", "label: is required");
  if (i.label.length > MAX_LABEL_LENGTH) throw wasmError("invalid", `label: cannot be longer than ${MAX_LABEL_LENGTH} characters`);
  const admin = i.admin === "" ? "" : validAddress(i.admin, "admin");
  const msg = contractMsg(i.msg);
  const code = state.wasm.code(i.codeId);
  if (!code) throw wasmError("noSuchCode", `code id ${i.codeId}`);
  if (!mayInstantiate(code.instantiatePermission, i.sender)) throw unauthorized("can not instantiate");
  const address = i.salt
    ? predictableContractAddress(code.checksum, i.sender, i.salt.salt, i.salt.fixMsg ? i.msg : new Uint8Array())
    : classicContractAddress(code.id, state.wasm.nextInstanceId());
  if (state.wasm.contract(address)) throw wasmError("duplicate", "instance with this code id, sender and label exists: try a different label");
  const existing = state.accounts.get(address);
  if (existing && (existing.sequence !== 0 || existing.pubkey)) throw wasmError("accountExists", "address is claimed by external account");
  state.ensureAccount(address);
  if (i.funds > 0n) send(state, sink, i.sender, address, i.funds);
  const response = call(() => code.program.instantiate(envOf(state, address, i.sender, i.funds), msg), "instantiateFailed");
  const created = position(state);
  const contract: Contract = { address, codeId: code.id, creator: i.sender, admin, label: i.label, created, history: [], executeMessages: 0, executeEvents: 0 };
  state.wasm.addContract(contract);
  state.wasm.appendHistory(contract, { operation: "init", codeId: code.id, updated: created, msg: Uint8Array.from(i.msg) });
  sink.emit("instantiate", { _contract_address: address, code_id: String(code.id) });
  dispatch(ctx, address, response);
  return address;
}

function storeCode(state: ChainState, sink: EventSink, v: Value): Uint8Array {
  const instantiatePermission = accessConfig(v.instantiatePermission);
  const { wasm, program } = loadCode(v.wasmByteCode);
  const checksum = checksumOf(wasm);
  const code = state.wasm.addCode({ checksum, creator: v.sender, instantiatePermission, wasm, program });
  sink.emit("store_code", {
    code_checksum: Buffer.from(checksum).toString("hex"),
    code_id: String(code.id),
    required_capabilities: program.capabilities,
  });
  return MsgStoreCodeResponse.encode({ codeId: BigInt(code.id), checksum }).finish();
}

function migrate(ctx: HandlerContext, v: Value): Uint8Array {
  const { state, sink } = ctx;
  const msg = contractMsg(v.msg);
  const contract = state.wasm.contract(v.contract);
  if (!contract) throw invalidRequest("unknown contract");
  if (contract.admin === "" || contract.admin !== v.sender) throw unauthorized("can not migrate");
  const code = state.wasm.code(Number(v.codeId));
  if (!code) throw invalidRequest("unknown code");
  if (!mayInstantiate(code.instantiatePermission, v.sender)) throw unauthorized("to use new code");
  const entry = code.program.migrate;
  if (!entry) throw wasmError("migrationFailed", "Error calling the VM: Error resolving Wasm function: Could not get export: Missing export migrate");
  const response = call(() => entry(envOf(state, contract.address, v.sender, 0n), msg), "migrationFailed");
  state.wasm.updateContract(contract, { codeId: code.id });
  state.wasm.appendHistory(contract, { operation: "migrate", codeId: code.id, updated: position(state), msg: Uint8Array.from(v.msg) });
  sink.emit("migrate", { code_id: String(code.id), _contract_address: contract.address });
  dispatch(ctx, contract.address, response);
  return MsgMigrateContractResponse.encode({ data: new Uint8Array() }).finish();
}

/** MsgUpdateAdmin and MsgClearAdmin (new admin ""): the admin alone may change the admin. */
function setAdmin(ctx: HandlerContext, sender: string, address: string, newAdmin: string): void {
  const { state, sink } = ctx;
  const contract = state.wasm.contract(address);
  if (!contract) throw invalidRequest("unknown contract");
  if (contract.admin === "" || contract.admin !== sender) throw unauthorized("can not modify contract");
  state.wasm.updateContract(contract, { admin: newAdmin });
  sink.emit("update_contract_admin", { _contract_address: address, new_admin_address: newAdmin });
}

function saltOf(salt: Uint8Array): Uint8Array {
  if (salt.length === 0) throw wasmError("empty", "salt");
  if (salt.length > MAX_SALT_LENGTH) throw wasmError("invalid", `salt: cannot be longer than ${MAX_SALT_LENGTH} bytes`);
  return salt;
}

const contractGas = (v: Value) => 110_000 + 2 * (v.msg?.length ?? 0);

/** The wasm handlers by message name; `fundsOf` reads a coin list as the devnet's other modules do. */
export function wasmHandlers(fundsOf: FundsOf): Record<string, Handler> {
  const instantiation = (v: Value): Instantiation => ({
    sender: v.sender,
    admin: v.admin ?? "",
    codeId: Number(v.codeId),
    label: v.label ?? "",
    msg: v.msg,
    funds: fundsOf(v.funds),
  });
  return {
    MsgStoreCode: {
      signer: (v) => v.sender,
      run: ({ state, sink }, v) => storeCode(state, sink, v),
      gas: (v) => 200_000 + 10 * (v.wasmByteCode?.length ?? 0),
    },
    MsgInstantiateContract: {
      signer: (v) => v.sender,
      run: (ctx, v) => MsgInstantiateContractResponse.encode({ address: instantiate(ctx, instantiation(v)), data: new Uint8Array() }).finish(),
      gas: (v) => 40_000 + contractGas(v),
    },
    MsgInstantiateContract2: {
      signer: (v) => v.sender,
      run: (ctx, v) => {
        const address = instantiate(ctx, { ...instantiation(v), salt: { salt: saltOf(v.salt), fixMsg: Boolean(v.fixMsg) } });
        return MsgInstantiateContract2Response.encode({ address, data: new Uint8Array() }).finish();
      },
      gas: (v) => 40_000 + contractGas(v),
    },
    MsgExecuteContract: {
      signer: (v) => v.sender,
      run: (ctx, v) => {
        execute(ctx, v.contract, v.sender, contractMsg(v.msg), fundsOf(v.funds), true);
        return MsgExecuteContractResponse.encode({ data: new Uint8Array() }).finish();
      },
      gas: contractGas,
    },
    MsgMigrateContract: {
      signer: (v) => v.sender,
      run: migrate,
      gas: (v) => 30_000 + contractGas(v),
    },
    MsgUpdateAdmin: {
      signer: (v) => v.sender,
      run: (ctx, v) => setAdmin(ctx, v.sender, v.contract, validAddress(v.newAdmin ?? "", "new admin")),
      gas: () => 42_000,
    },
    MsgClearAdmin: {
      signer: (v) => v.sender,
      run: (ctx, v) => setAdmin(ctx, v.sender, v.contract, ""),
      gas: () => 38_000,
    },
  };
}

export const WASM_TYPE_URLS = [
  "MsgStoreCode",
  "MsgInstantiateContract",
  "MsgInstantiateContract2",
  "MsgExecuteContract",
  "MsgMigrateContract",
  "MsgUpdateAdmin",
  "MsgClearAdmin",
].map((name) => `/cosmwasm.wasm.v1.${name}`);
