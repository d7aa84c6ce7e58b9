// x/wasm's gRPC queries through abci_query (cosmjs-types cosmwasm/wasm/v1/query), paged over wasmd's own store keys.
import {
  QueryAllContractStateRequest,
  QueryAllContractStateResponse,
  QueryCodeInfoRequest,
  QueryCodeInfoResponse,
  QueryCodeRequest,
  QueryCodeResponse,
  QueryCodesRequest,
  QueryCodesResponse,
  QueryContractHistoryRequest,
  QueryContractHistoryResponse,
  QueryContractInfoRequest,
  QueryContractInfoResponse,
  QueryContractsByCodeRequest,
  QueryContractsByCodeResponse,
  QueryContractsByCreatorRequest,
  QueryContractsByCreatorResponse,
  QueryParamsResponse,
  QueryRawContractStateRequest,
  QueryRawContractStateResponse,
  QuerySmartContractStateRequest,
  QuerySmartContractStateResponse,
  type CodeInfoResponse,
} from "cosmjs-types/cosmwasm/wasm/v1/query";
import { AccessType, ContractCodeHistoryOperationType, type AccessConfig as ProtoAccessConfig } from "cosmjs-types/cosmwasm/wasm/v1/types";
import type { PageRequest, PageResponse } from "cosmjs-types/cosmos/base/query/v1beta1/pagination";
import { decodeBech32 } from "../core/address.ts";
import type { Chain } from "./chain.ts";
import type { AccessConfig, Code, Contract, TxPosition } from "./wasm-state.ts";
import { ContractError } from "./wasm-program.ts";
import { invalidRequest, wasmError } from "./errors.ts";

type QueryHandler = (chain: Chain, data: Uint8Array) => Uint8Array;
type Paginate = <T extends { key: Buffer }>(items: T[], request: PageRequest | undefined) => { page: T[]; pagination: PageResponse };

const ACCESS_TYPES: Record<AccessConfig["permission"], AccessType> = {
  Nobody: AccessType.ACCESS_TYPE_NOBODY,
  Everybody: AccessType.ACCESS_TYPE_EVERYBODY,
  AnyOfAddresses: AccessType.ACCESS_TYPE_ANY_OF_ADDRESSES,
};
const OPERATIONS = {
  init: ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT,
  migrate: ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_MIGRATE,
  genesis: ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_GENESIS,
};

const invalidArgument = (detail: string) => invalidRequest(`rpc error: code = InvalidArgument desc = ${detail}`);

function uint64(value: number | bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

/** wasmd's AbsoluteTxPosition.Bytes(): height then tx index, big-endian. */
const positionKey = (p: TxPosition) => Buffer.concat([uint64(p.height), uint64(p.txIndex)]);
const addressBytes = (address: string) => Buffer.from(decodeBech32(address)!.data);
const byKey = (a: { key: Buffer }, b: { key: Buffer }) => Buffer.compare(a.key, b.key);

/** A bech32 address as the query's AccAddressFromBech32 accepts it. */
function checkedAddress(address: string): string {
  if (address === "") throw invalidArgument("empty address string is not allowed");
  if (!decodeBech32(address)) throw invalidArgument(`decoding bech32 failed: invalid bech32 string ${address}`);
  return address;
}

function existingContract(chain: Chain, address: string): Contract {
  const contract = chain.state.wasm.contract(checkedAddress(address));
  if (!contract) throw wasmError("noSuchContract", `address ${address}`);
  return contract;
}

function existingCode(chain: Chain, codeId: bigint): Code {
  if (codeId === 0n) throw invalidArgument("invalid code id");
  const code = chain.state.wasm.code(Number(codeId));
  if (!code) throw wasmError("noSuchCode", `code id ${codeId}`);
  return code;
}

const protoAccess = (config: AccessConfig): ProtoAccessConfig => ({ permission: ACCESS_TYPES[config.permission], addresses: config.addresses });
const protoPosition = (p: TxPosition) => ({ blockHeight: BigInt(p.height), txIndex: BigInt(p.txIndex) });

function codeInfo(code: Code): CodeInfoResponse {
  return { codeId: BigInt(code.id), creator: code.creator, dataHash: code.checksum, instantiatePermission: protoAccess(code.instantiatePermission) };
}

/** A contract's place in wasmd's by-code and by-creator indexes: the position of the entry that set its code, then its address. */
function indexKey(contract: Contract, at: TxPosition): Buffer {
  return Buffer.concat([positionKey(at), addressBytes(contract.address)]);
}

function smartQuery(chain: Chain, data: Uint8Array): Uint8Array {
  const { address, queryData } = QuerySmartContractStateRequest.decode(data);
  let msg: unknown;
  try {
    msg = JSON.parse(Buffer.from(queryData).toString("utf8"));
  } catch {
    throw invalidArgument("invalid query data");
  }
  const contract = existingContract(chain, address);
  const code = chain.state.wasm.code(contract.codeId)!;
  const state = chain.state;
  let answer: unknown;
  try {
    answer = code.program.query(
      { contract: address, sender: "", funds: 0n, height: state.height, timeMs: state.timeMs, storage: state.wasm.storage(address) },
      msg,
    );
  } catch (error) {
    if (error instanceof ContractError) throw wasmError("queryFailed", error.message);
    throw error;
  }
  return QuerySmartContractStateResponse.encode({ data: Buffer.from(JSON.stringify(answer)) }).finish();
}

export function wasmQueries(paginate: Paginate): Record<string, QueryHandler> {
  const handlers: Record<string, QueryHandler> = {
    ContractInfo: (chain, data) => {
      const { address } = QueryContractInfoRequest.decode(data);
      const c = existingContract(chain, address);
      return QueryContractInfoResponse.encode({
        address,
        contractInfo: {
          codeId: BigInt(c.codeId),
          creator: c.creator,
          admin: c.admin,
          label: c.label,
          created: protoPosition(c.created),
          ibcPortId: "",
          ibc2PortId: "",
        },
      }).finish();
    },
    ContractHistory: (chain, data) => {
      const { address, pagination } = QueryContractHistoryRequest.decode(data);
      const history = chain.state.wasm.contract(checkedAddress(address))?.history ?? [];
      const { page, pagination: response } = paginate(
        history.map((entry, i) => ({ key: uint64(i + 1), entry })),
        pagination,
      );
      return QueryContractHistoryResponse.encode({
        entries: page.map(({ entry }) => ({
          operation: OPERATIONS[entry.operation],
          codeId: BigInt(entry.codeId),
          updated: protoPosition(entry.updated),
          msg: entry.msg,
        })),
        pagination: response,
      }).finish();
    },
    ContractsByCode: (chain, data) => {
      const { codeId, pagination } = QueryContractsByCodeRequest.decode(data);
      if (codeId === 0n) throw invalidArgument("invalid code id");
      const contracts = chain.state.wasm
        .contractList()
        .filter((c) => c.codeId === Number(codeId))
        .map((c) => ({ key: indexKey(c, c.history[c.history.length - 1].updated), address: c.address }));
      const { page, pagination: response } = paginate(contracts.sort(byKey), pagination);
      return QueryContractsByCodeResponse.encode({ contracts: page.map((c) => c.address), pagination: response }).finish();
    },
    ContractsByCreator: (chain, data) => {
      const { creatorAddress, pagination } = QueryContractsByCreatorRequest.decode(data);
      checkedAddress(creatorAddress);
      const contracts = chain.state.wasm
        .contractList()
        .filter((c) => c.creator === creatorAddress)
        .map((c) => ({ key: indexKey(c, c.created), address: c.address }));
      const { page, pagination: response } = paginate(contracts.sort(byKey), pagination);
      return QueryContractsByCreatorResponse.encode({ contractAddresses: page.map((c) => c.address), pagination: response }).finish();
    },
    AllContractState: (chain, data) => {
      const { address, pagination } = QueryAllContractStateRequest.decode(data);
      existingContract(chain, address);
      const { page, pagination: response } = paginate(chain.state.wasm.storage(address).range(new Uint8Array()), pagination);
      return QueryAllContractStateResponse.encode({ models: page, pagination: response }).finish();
    },
    RawContractState: (chain, data) => {
      const { address, queryData } = QueryRawContractStateRequest.decode(data);
      existingContract(chain, address);
      return QueryRawContractStateResponse.encode({ data: chain.state.wasm.storage(address).get(queryData) ?? new Uint8Array() }).finish();
    },
    SmartContractState: smartQuery,
    Code: (chain, data) => {
      const code = existingCode(chain, QueryCodeRequest.decode(data).codeId);
      return QueryCodeResponse.encode({ codeInfo: codeInfo(code), data: code.wasm }).finish();
    },
    CodeInfo: (chain, data) => {
      const code = existingCode(chain, QueryCodeInfoRequest.decode(data).codeId);
      return QueryCodeInfoResponse.encode({
        codeId: BigInt(code.id),
        creator: code.creator,
        checksum: code.checksum,
        instantiatePermission: protoAccess(code.instantiatePermission),
      }).finish();
    },
    Codes: (chain, data) => {
      const { pagination } = QueryCodesRequest.decode(data);
      const codes = chain.state.wasm.codeList().map((code) => ({ key: uint64(code.id), code }));
      const { page, pagination: response } = paginate(codes, pagination);
      return QueryCodesResponse.encode({ codeInfos: page.map(({ code }) => codeInfo(code)), pagination: response }).finish();
    },
    Params: () =>
      QueryParamsResponse.encode({
        params: { codeUploadAccess: protoAccess({ permission: "Everybody", addresses: [] }), instantiateDefaultPermission: AccessType.ACCESS_TYPE_EVERYBODY },
      }).finish(),
  };
  return Object.fromEntries(Object.entries(handlers).map(([method, handler]) => [`/cosmwasm.wasm.v1.Query/${method}`, handler]));
}
