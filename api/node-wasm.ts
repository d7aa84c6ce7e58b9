// Contract info, code history, raw state and smart queries read from the node (wasmd's Query service over abci_query),
// answered in the node's REST JSON shapes and cached for a few seconds: state is not copied into the index.
import { fromBase64, fromUtf8, toBase64, toHex, toUtf8 } from "@cosmjs/encoding";
import {
  QueryAllContractStateRequest,
  QueryAllContractStateResponse,
  QueryContractHistoryRequest,
  QueryContractHistoryResponse,
  QueryContractInfoRequest,
  QueryContractInfoResponse,
  QuerySmartContractStateRequest,
  QuerySmartContractStateResponse,
} from "cosmjs-types/cosmwasm/wasm/v1/query";
import { contractCodeHistoryOperationTypeToJSON } from "cosmjs-types/cosmwasm/wasm/v1/types";
import type { PageResponse } from "cosmjs-types/cosmos/base/query/v1beta1/pagination";
import { RpcClient } from "../chain/rpc.ts";
import type { NodeOptions } from "./claimable-rewards.ts";
import { ResponseCache } from "./response-cache.ts";

const SERVICE = "/cosmwasm.wasm.v1.Query";
/** State changes with blocks (seconds apart): a few seconds of staleness spares the node a query per page view. */
const CACHE_MS = 3_000;
const CACHE_ENTRIES = 10_000;

/** The node answered, but refused the query (unknown contract, a query the contract does not support). */
export class NodeRefusal extends Error {}

/** A page of a paged query: the node's `pagination.key` (raw bytes) and how many entries. */
export interface PageAsk {
  key: Uint8Array;
  limit: number;
}

/** The REST form of a continuation key: base64, or null on the last page. */
function restPagination(page: PageResponse | undefined) {
  const next = page?.nextKey ?? new Uint8Array();
  return { next_key: next.length > 0 ? toBase64(next) : null, total: (page?.total ?? 0n).toString() };
}

/** Contract messages are JSON bytes; REST shows them as JSON (raw base64 if they are not). */
function contractJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(fromUtf8(bytes));
  } catch {
    return toBase64(bytes);
  }
}

const pageRequest = ({ key, limit }: PageAsk) => ({ key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: BigInt(limit), countTotal: false, reverse: false });

export class WasmNode {
  private readonly rpc: RpcClient;
  private readonly cache = new ResponseCache(CACHE_MS, CACHE_ENTRIES);

  constructor(options: NodeOptions) {
    this.rpc = new RpcClient(options.rpcUrl, { timeoutMs: options.timeoutMs });
  }

  private async query(method: string, request: Uint8Array): Promise<Uint8Array> {
    const answer = await this.rpc.abciQuery(`${SERVICE}/${method}`, request);
    if (answer.code !== 0) throw new NodeRefusal(`${method}: ${answer.log || `code ${answer.code}`}`);
    return answer.value;
  }

  /** `{ address, contract_info: { code_id, creator, admin, label, created: { block_height, tx_index }, ibc_port_id, extension } }` as JSON. */
  contractInfo(address: string): Promise<string> {
    return this.cache.get(`info ${address}`, async () => {
      const value = await this.query("ContractInfo", QueryContractInfoRequest.encode({ address }).finish());
      const { contractInfo: c } = QueryContractInfoResponse.decode(value);
      return {
        address,
        contract_info: {
          code_id: c.codeId.toString(),
          creator: c.creator,
          admin: c.admin,
          label: c.label,
          created: { block_height: (c.created?.blockHeight ?? 0n).toString(), tx_index: (c.created?.txIndex ?? 0n).toString() },
          ibc_port_id: c.ibcPortId,
          extension: c.extension ? { "@type": c.extension.typeUrl, value: toBase64(c.extension.value) } : null,
        },
      };
    });
  }

  /** `{ entries: [{ operation, code_id, updated: { block_height, tx_index }, msg }], pagination: { next_key, total } }` as JSON. */
  history(address: string, page: PageAsk): Promise<string> {
    return this.cache.get(`history ${address} ${page.limit} ${toHex(page.key)}`, async () => {
      const value = await this.query("ContractHistory", QueryContractHistoryRequest.encode({ address, pagination: pageRequest(page) }).finish());
      const answer = QueryContractHistoryResponse.decode(value);
      return {
        entries: answer.entries.map((e) => ({
          operation: contractCodeHistoryOperationTypeToJSON(e.operation),
          code_id: e.codeId.toString(),
          updated: { block_height: (e.updated?.blockHeight ?? 0n).toString(), tx_index: (e.updated?.txIndex ?? 0n).toString() },
          msg: contractJson(e.msg),
        })),
        pagination: restPagination(answer.pagination),
      };
    });
  }

  /** `{ models: [{ key (upper-case hex), value (base64) }], pagination: { next_key, total } }` as JSON. */
  state(address: string, page: PageAsk): Promise<string> {
    return this.cache.get(`state ${address} ${page.limit} ${toHex(page.key)}`, async () => {
      const value = await this.query("AllContractState", QueryAllContractStateRequest.encode({ address, pagination: pageRequest(page) }).finish());
      const answer = QueryAllContractStateResponse.decode(value);
      return {
        models: answer.models.map((m) => ({ key: toHex(m.key).toUpperCase(), value: toBase64(m.value) })),
        pagination: restPagination(answer.pagination),
      };
    });
  }

  /** The contract's JSON answer to a smart query, as JSON. */
  smart(address: string, query: Record<string, unknown>): Promise<string> {
    const queryJson = JSON.stringify(query);
    return this.cache.get(`smart ${address} ${queryJson}`, async () => {
      const value = await this.query("SmartContractState", QuerySmartContractStateRequest.encode({ address, queryData: toUtf8(queryJson) }).finish());
      return contractJson(QuerySmartContractStateResponse.decode(value).data);
    });
  }
}

/** A `pagination.key` as REST takes it (base64), or null when it is not base64. */
export function pageKey(text: string | undefined): Uint8Array | null {
  if (text === undefined || text === "") return new Uint8Array();
  // A "+" a client left unescaped arrives as a space; the URL-safe alphabet is taken too.
  const base64 = text.replace(/[ -]/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  try {
    return fromBase64(base64);
  } catch {
    return null;
  }
}
