// Contracts where an index starts mid-chain: codes, contracts with their code history, and CW-20 tokens with their holders, read from the node's state.
import { toHex } from "@cosmjs/encoding";
import {
  QueryCodesRequest,
  QueryCodesResponse,
  QueryContractHistoryRequest,
  QueryContractHistoryResponse,
  QueryContractInfoRequest,
  QueryContractInfoResponse,
  QueryContractsByCodeRequest,
  QueryContractsByCodeResponse,
  type CodeInfoResponse,
} from "cosmjs-types/cosmwasm/wasm/v1/query";
import { AccessType, ContractCodeHistoryOperationType, type AbsoluteTxPosition } from "cosmjs-types/cosmwasm/wasm/v1/types";
import { allPages, askModule } from "../chain/module-query.ts";
import { RpcFormatError, type RpcClient } from "../chain/rpc.ts";
import type { Queryable } from "../db/connection.ts";
import type { Permission } from "./decode-wasm.ts";
import { readToken, type TokenState } from "./seed-cw20.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";

const SERVICE = "/cosmwasm.wasm.v1.Query";

/**
 * The height a seeded code was stored at: the node keeps no store height, and the API does not show it. 0 reads as
 * "before the index began" and cannot be mistaken for a real block (heights start at 1).
 */
const UNKNOWN_STORE_HEIGHT = 0;

const PERMISSIONS: Partial<Record<AccessType, Permission>> = {
  [AccessType.ACCESS_TYPE_NOBODY]: "Nobody",
  [AccessType.ACCESS_TYPE_EVERYBODY]: "Everybody",
  [AccessType.ACCESS_TYPE_ANY_OF_ADDRESSES]: "AnyOfAddresses",
};

/** Genesis entries are a contract's first code, as init entries are: the schema knows only init and migrate. */
const OPERATIONS: Partial<Record<ContractCodeHistoryOperationType, "init" | "migrate">> = {
  [ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT]: "init",
  [ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_GENESIS]: "init",
  [ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_MIGRATE]: "migrate",
};

interface Position {
  height: number;
  txIndex: number;
}

interface HistoryEntry extends Position {
  operation: "init" | "migrate";
  codeId: number;
  msg: string | null;
}

interface SeededContract {
  address: string;
  codeId: number;
  creator: string;
  admin: string;
  label: string;
  created: Position;
  history: HistoryEntry[];
  token: TokenState | null;
}

/** wasmd's Query service at one height. */
function ask<T>(rpc: RpcClient, height: number, method: string, request: Uint8Array, decode: (bytes: Uint8Array) => T): Promise<T> {
  return askModule(rpc, height, `${SERVICE}/${method}`, request, decode);
}

function permissionOf(code: CodeInfoResponse): Permission {
  const permission = PERMISSIONS[code.instantiatePermission?.permission ?? AccessType.ACCESS_TYPE_UNSPECIFIED];
  if (!permission) throw new RpcFormatError(`Codes: code ${code.codeId} has instantiate permission ${code.instantiatePermission?.permission}`);
  return permission;
}

function position(p: AbsoluteTxPosition | undefined): Position {
  return { height: Number(p?.blockHeight ?? 0n), txIndex: Number(p?.txIndex ?? 0n) };
}

/** A contract message as the indexer keeps it (chain/messages.ts): its JSON, or its base64 as a JSON string when it is not JSON. */
function messageJson(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return null;
  try {
    return JSON.stringify(JSON.parse(Buffer.from(bytes).toString("utf8")));
  } catch {
    return JSON.stringify(Buffer.from(bytes).toString("base64"));
  }
}

async function codesAt(rpc: RpcClient, height: number): Promise<CodeInfoResponse[]> {
  return allPages(async (pagination) => {
    const answer = await ask(rpc, height, "Codes", QueryCodesRequest.encode({ pagination }).finish(), (bytes) => QueryCodesResponse.decode(bytes));
    return { items: answer.codeInfos, pagination: answer.pagination };
  }, "Codes");
}

async function contractsOf(rpc: RpcClient, height: number, codeId: bigint): Promise<string[]> {
  return allPages(async (pagination) => {
    const answer = await ask(rpc, height, "ContractsByCode", QueryContractsByCodeRequest.encode({ codeId, pagination }).finish(), (bytes) =>
      QueryContractsByCodeResponse.decode(bytes),
    );
    return { items: answer.contracts, pagination: answer.pagination };
  }, `ContractsByCode ${codeId}`);
}

async function historyOf(rpc: RpcClient, height: number, address: string): Promise<HistoryEntry[]> {
  const entries = await allPages(async (pagination) => {
    const answer = await ask(rpc, height, "ContractHistory", QueryContractHistoryRequest.encode({ address, pagination }).finish(), (bytes) =>
      QueryContractHistoryResponse.decode(bytes),
    );
    return { items: answer.entries, pagination: answer.pagination };
  }, `ContractHistory ${address}`);
  return entries.map((e) => {
    const operation = OPERATIONS[e.operation];
    if (!operation) throw new RpcFormatError(`ContractHistory ${address}: operation ${e.operation}`);
    return { operation, codeId: Number(e.codeId), ...position(e.updated), msg: messageJson(e.msg) };
  });
}

async function contractAt(rpc: RpcClient, height: number, address: string): Promise<SeededContract> {
  const { contractInfo: info } = await ask(rpc, height, "ContractInfo", QueryContractInfoRequest.encode({ address }).finish(), (bytes) =>
    QueryContractInfoResponse.decode(bytes),
  );
  if (!info) throw new RpcFormatError(`ContractInfo ${address}: no contract_info`);
  return {
    address,
    codeId: Number(info.codeId),
    creator: info.creator,
    admin: info.admin,
    label: info.label,
    created: position(info.created),
    history: await historyOf(rpc, height, address),
    token: await readToken(rpc, height, address),
  };
}

/**
 * The indexer numbers contracts in instantiation order; the node tells each one's (height, tx index). Contracts
 * instantiated in one transaction (by a contract) tie: their address orders them, as nothing else is known.
 */
function byCreation(a: SeededContract, b: SeededContract): number {
  return a.created.height - b.created.height || a.created.txIndex - b.created.txIndex || (a.address < b.address ? -1 : 1);
}

async function writeCodes(db: Queryable, codes: CodeInfoResponse[], counts: Map<bigint, number>): Promise<void> {
  const rows = new Columns(7);
  for (const code of codes) {
    const addresses = code.instantiatePermission?.addresses ?? [];
    rows.push(
      code.codeId.toString(),
      toHex(code.dataHash),
      code.creator,
      permissionOf(code),
      addresses.join(","),
      UNKNOWN_STORE_HEIGHT,
      counts.get(code.codeId) ?? 0,
    );
  }
  await insertUnnest(
    db,
    "codes (id, checksum, creator, permission, permission_addresses, height, contracts_count)",
    ["int8", "text", "text", "text", "text[]", "int8", "int4"],
    rows,
    "on conflict do nothing",
  );
}

/** Contracts numbered from 1 (the seed fills empty tables); executions before the start are not known and stay 0. */
async function writeContracts(db: Queryable, contracts: SeededContract[]): Promise<void> {
  const rows = new Columns(8);
  const history = new Columns(7);
  contracts.forEach((c, i) => {
    rows.push(c.address, i + 1, c.codeId, c.creator, c.admin, c.label, c.created.height, c.created.txIndex);
    c.history.forEach((e, n) => history.push(c.address, n + 1, e.operation, e.codeId, e.height, e.txIndex, e.msg));
  });
  await insertUnnest(
    db,
    "contracts (address, seq, code_id, creator, admin, label, height, tx_index)",
    ["text", "int8", "int8", "text", "text", "text", "int8", "int4"],
    rows,
    "on conflict do nothing",
  );
  await insertUnnest(
    db,
    "contract_history (contract, seq, operation, code_id, height, tx_index, msg)",
    ["text", "int4", "text", "int8", "int8", "int4", "json"],
    history,
    "on conflict do nothing",
  );
}

async function writeTokens(db: Queryable, contracts: SeededContract[]): Promise<void> {
  const tokens = new Columns(13);
  const balances = new Columns(3);
  contracts.forEach((c, i) => {
    const t = c.token;
    if (!t) return;
    tokens.push(
      c.address,
      i + 1,
      t.name,
      t.symbol,
      t.decimals,
      t.minter,
      t.cap,
      t.supply,
      t.balances.size,
      t.project,
      t.description,
      t.marketing,
      t.logo === null ? null : JSON.stringify(t.logo),
    );
    for (const [holder, amount] of t.balances) balances.push(c.address, holder, amount.toString());
  });
  await insertUnnest(
    db,
    "cw20_tokens (contract, seq, name, symbol, decimals, minter, cap, total_supply, holders, project, description, marketing, logo)",
    ["text", "int8", "text", "text", "int4", "text", "numeric", "numeric", "int4", "text", "text", "text", "jsonb"],
    tokens,
    "on conflict do nothing",
  );
  await insertUnnest(db, "cw20_balances (contract, holder, balance)", ["text", "text", "numeric"], balances, "on conflict do nothing");
}

/**
 * Fills codes, contracts, their history and CW-20 tokens from the node's state at `height` (the block before an
 * index's first height). Everything is read before anything is written, so a refused query leaves the tables empty.
 * At height 0 there is no state to read (CometBFT takes height 0 as the latest): an index from genesis sees them in its blocks.
 */
export async function seedContracts(db: Queryable, rpc: RpcClient, height: number): Promise<void> {
  if (height < 1) return;
  const codes = await codesAt(rpc, height);
  const counts = new Map<bigint, number>();
  const contracts: SeededContract[] = [];
  for (const code of codes) {
    const addresses = await contractsOf(rpc, height, code.codeId);
    counts.set(code.codeId, addresses.length);
    for (const address of addresses) contracts.push(await contractAt(rpc, height, address));
  }
  contracts.sort(byCreation);
  await writeCodes(db, codes, counts);
  await writeContracts(db, contracts);
  await writeTokens(db, contracts);
}
