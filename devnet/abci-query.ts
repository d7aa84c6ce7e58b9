// abci_query: the gRPC query paths an explorer or cosmjs client asks, answered with protobuf bytes.
import { QueryAccountRequest, QueryAccountResponse, QueryAccountsRequest, QueryAccountsResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import {
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryDenomOwnersRequest,
  QueryDenomOwnersResponse,
  QuerySupplyOfRequest,
  QuerySupplyOfResponse,
  QueryTotalSupplyResponse,
} from "cosmjs-types/cosmos/bank/v1beta1/query";
import {
  QueryValidatorsRequest,
  QueryValidatorRequest,
  QueryValidatorDelegationsRequest,
  QueryValidatorDelegationsResponse,
  QueryValidatorUnbondingDelegationsRequest,
  QueryValidatorUnbondingDelegationsResponse,
  QueryPoolResponse,
} from "cosmjs-types/cosmos/staking/v1beta1/query";
import { Validator as StakingValidator, bondStatusFromJSON } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import {
  QuerySigningInfoRequest,
  QuerySigningInfoResponse,
  QuerySigningInfosRequest,
  QuerySigningInfosResponse,
} from "cosmjs-types/cosmos/slashing/v1beta1/query";
import type { ValidatorSigningInfo } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import { PageResponse, type PageRequest } from "cosmjs-types/cosmos/base/query/v1beta1/pagination";
import { BinaryWriter } from "cosmjs-types/binary";
import { SimulateRequest, SimulateResponse } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { consensusBech32ToHex, consensusHexToBech32, decodeBech32 } from "../core/address.ts";
import type { Chain } from "./chain.ts";
import type { SigningInfo, Validator } from "./state.ts";
import { MODULE } from "./module-accounts.ts";
import { pubkeyAny } from "./txbuild.ts";
import { TxFailure, invalidRequest } from "./errors.ts";
import { REFERRAL_QUERIES } from "./referral-query.ts";
import { VOTE_QUERIES } from "./vote-query.ts";
import { wasmQueries } from "./wasm-query.ts";
import { MIN_SELF_DELEGATION } from "./staking.ts";
import { DISTRIBUTION_QUERIES } from "./distribution-query.ts";
import { uint64 } from "./proto.ts";

export interface QueryAnswer {
  code: number;
  codespace: string;
  log: string;
  value: Uint8Array;
}

type QueryHandler = (chain: Chain, data: Uint8Array) => Uint8Array;

const DEC_SCALE = 10n ** 18n;
/** LegacyDec travels on the wire as its integer atomics (value × 10^18). */
const decAtomics = (whole: bigint): string => (whole * DEC_SCALE).toString();
const coin = (amount: bigint) => ({ denom: "uaxm", amount: amount.toString() });
const noPagination = (total: number) => ({ nextKey: new Uint8Array(), total: BigInt(total) });
const timestamp = (ms: number) => ({ seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1_000_000 });
/** SDK page size when a request gives no limit. */
const DEFAULT_LIMIT = 100n;
const BOND_STATUSES = new Set(["BOND_STATUS_BONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_UNBONDED"]);

// gRPC errors as baseapp turns them into ABCI query results.
const notFound = (detail: string) => new TxFailure("sdk", 22, `rpc error: code = NotFound desc = ${detail}: key not found`);
const invalidArgument = (detail: string) => invalidRequest(`rpc error: code = InvalidArgument desc = ${detail}`);

/** The SDK's Validator fields 1-9 and 11-13: the chain's has no commission (field 10), which encode() leaves out when undefined. */
function protoValidator(v: Validator): StakingValidator {
  const withoutCommission = (validator: StakingValidator) => ({ ...validator, commission: undefined }) as unknown as StakingValidator;
  return withoutCommission(
    StakingValidator.fromPartial({
      operatorAddress: v.operatorAddress,
      consensusPubkey: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key: v.consensus.pubkey }).finish() },
      jailed: v.jailed,
      status: bondStatusFromJSON(v.status),
      tokens: v.tokens.toString(),
      delegatorShares: decAtomics(v.tokens),
      description: { moniker: v.moniker, identity: v.identity, website: v.website, securityContact: v.securityContact, details: v.details },
      unbondingHeight: BigInt(v.unbondingHeight),
      unbondingTime: timestamp(v.unbondingTimeMs),
      minSelfDelegation: MIN_SELF_DELEGATION,
      unbondingOnHoldRefCount: 0n,
      unbondingIds: [],
    }),
  );
}

/** proto/axiome/staking/v1beta1/staking.proto Validator: the SDK's fields, then 14 points (uint64) and 15 emission (LegacyDec atomics). */
function validatorBytes(v: Validator): Uint8Array {
  const writer = StakingValidator.encode(protoValidator(v));
  if (v.points > 0n) uint64(writer.uint32(14 << 3), v.points);
  return writer
    .uint32((15 << 3) | 2)
    .string(v.emission.toString())
    .finish();
}

/** QueryValidatorsResponse written by hand, since each validator carries the chain's own fields. */
function validators(chain: Chain, data: Uint8Array): Uint8Array {
  const { status } = QueryValidatorsRequest.decode(data);
  if (status !== "" && !BOND_STATUSES.has(status)) throw invalidArgument(`invalid validator status ${status}`);
  const list = chain.state.validators.filter((v) => status === "" || v.status === status);
  const writer = BinaryWriter.create();
  for (const v of list) writer.uint32(10).bytes(validatorBytes(v));
  return writer
    .uint32(18)
    .bytes(PageResponse.encode(noPagination(list.length)).finish())
    .finish();
}

function validator(chain: Chain, data: Uint8Array): Uint8Array {
  const { validatorAddr } = QueryValidatorRequest.decode(data);
  if (validatorAddr === "") throw invalidArgument("validator address cannot be empty");
  const found = chain.state.validatorByOperator.get(validatorAddr);
  if (!found) throw notFound(`validator ${validatorAddr} not found`);
  return BinaryWriter.create().uint32(10).bytes(validatorBytes(found)).finish();
}

/** An address as the SDK's store keys hold it: its length, then its bytes (so pages follow byte order). */
function storeKey(bech32: string): Buffer {
  const data = decodeBech32(bech32)?.data ?? new Uint8Array();
  return Buffer.concat([Buffer.from([data.length]), data]);
}

/** The SDK's query.Paginate over items in store-key order: from a key or an offset; no limit means 100 and a counted total. */
function paginate<T extends { key: Buffer }>(items: T[], request: PageRequest | undefined): { page: T[]; pagination: PageResponse } {
  const key = Buffer.from(request?.key ?? []);
  const offset = Number(request?.offset ?? 0n);
  if (key.length > 0 && offset > 0) throw invalidRequest("invalid request, either offset or key is expected, got both");
  const limit = Number(request?.limit || DEFAULT_LIMIT);
  const countTotal = key.length === 0 && (request?.countTotal || !request?.limit);
  const found = items.findIndex((item) => Buffer.compare(item.key, key) >= 0);
  const start = key.length === 0 ? offset : found < 0 ? items.length : found;
  const next = items[start + limit];
  return {
    page: items.slice(start, start + limit),
    pagination: { nextKey: next ? next.key : new Uint8Array(), total: countTotal ? BigInt(items.length) : 0n },
  };
}

const byKey = (a: { key: Buffer }, b: { key: Buffer }) => Buffer.compare(a.key, b.key);

function validatorDelegations(chain: Chain, data: Uint8Array): Uint8Array {
  const { validatorAddr, pagination } = QueryValidatorDelegationsRequest.decode(data);
  if (validatorAddr === "") throw invalidArgument("validator address cannot be empty");
  const entries = [...(chain.state.delegations.get(validatorAddr) ?? [])].map(([delegator, amount]) => ({ key: storeKey(delegator), delegator, amount }));
  const { page, pagination: response } = paginate(entries.sort(byKey), pagination);
  return QueryValidatorDelegationsResponse.encode({
    delegationResponses: page.map(({ delegator, amount }) => ({
      delegation: { delegatorAddress: delegator, validatorAddress: validatorAddr, shares: decAtomics(amount) },
      balance: coin(amount),
    })),
    pagination: response,
  }).finish();
}

/** A validator's unbonding delegations, one per delegator with its entries in creation order (x/staking ValidatorUnbondingDelegations). */
function validatorUnbondingDelegations(chain: Chain, data: Uint8Array): Uint8Array {
  const { validatorAddr, pagination } = QueryValidatorUnbondingDelegationsRequest.decode(data);
  if (validatorAddr === "") throw invalidArgument("validator address cannot be empty");
  const byDelegator = new Map<string, typeof chain.state.unbondings>();
  for (const entry of chain.state.unbondings) {
    if (entry.validator !== validatorAddr) continue;
    byDelegator.set(entry.delegator, [...(byDelegator.get(entry.delegator) ?? []), entry]);
  }
  const items = [...byDelegator].map(([delegator, entries]) => ({ key: storeKey(delegator), delegator, entries }));
  const { page, pagination: response } = paginate(items.sort(byKey), pagination);
  return QueryValidatorUnbondingDelegationsResponse.encode({
    unbondingResponses: page.map(({ delegator, entries }) => ({
      delegatorAddress: delegator,
      validatorAddress: validatorAddr,
      entries: entries.map((e) => ({
        creationHeight: BigInt(e.creationHeight),
        completionTime: timestamp(e.completionMs),
        initialBalance: e.amount.toString(),
        balance: e.amount.toString(),
        unbondingId: 0n,
        unbondingOnHoldRefCount: 0n,
      })),
    })),
    pagination: response,
  }).finish();
}

function pool(chain: Chain): Uint8Array {
  const bonded = chain.state.balance(MODULE.bondedPool);
  const notBonded = chain.state.balance(MODULE.notBondedPool);
  return QueryPoolResponse.encode({ pool: { bondedTokens: bonded.toString(), notBondedTokens: notBonded.toString() } }).finish();
}

function protoSigningInfo(address: string, info: SigningInfo): ValidatorSigningInfo {
  return {
    address,
    startHeight: BigInt(info.startHeight),
    indexOffset: BigInt(info.indexOffset),
    jailedUntil: timestamp(info.jailedUntilMs),
    tombstoned: false,
    missedBlocksCounter: BigInt(info.missedBlocksCounter),
  };
}

function signingInfos(chain: Chain, data: Uint8Array): Uint8Array {
  const { pagination } = QuerySigningInfosRequest.decode(data);
  const entries = [...chain.state.signingInfos].map(([addressHex, info]) => {
    const address = consensusHexToBech32(addressHex);
    return { key: storeKey(address), info: protoSigningInfo(address, info) };
  });
  const { page, pagination: response } = paginate(entries.sort(byKey), pagination);
  return QuerySigningInfosResponse.encode({ info: page.map((entry) => entry.info), pagination: response }).finish();
}

function signingInfo(chain: Chain, data: Uint8Array): Uint8Array {
  const { consAddress } = QuerySigningInfoRequest.decode(data);
  if (consAddress === "") throw invalidArgument("invalid request");
  let addressHex: string;
  try {
    addressHex = consensusBech32ToHex(consAddress);
  } catch (error) {
    throw invalidRequest(error instanceof Error ? error.message : String(error));
  }
  const info = chain.state.signingInfos.get(addressHex);
  if (!info) throw notFound(`SigningInfo not found for validator ${consAddress}`);
  return QuerySigningInfoResponse.encode({ valSigningInfo: protoSigningInfo(consAddress, info) }).finish();
}

/** The chain replaces x/staking, x/slashing and x/distribution: their queries exist only under its own package. */
function axiomeService(module: string, handlers: Record<string, QueryHandler>): Record<string, QueryHandler> {
  return Object.fromEntries(Object.entries(handlers).map(([method, handler]) => [`/axiome.${module}.v1beta1.Query/${method}`, handler]));
}

/** An address's coins in denom order, zero amounts left out (uret only exists in uret mode). */
function balances(chain: Chain, address: string) {
  const held = [coin(chain.state.balance(address)), { denom: "uret", amount: chain.state.uretBalance(address).toString() }];
  return held.filter((c) => c.amount !== "0");
}

function balanceOf(chain: Chain, address: string, denom: string): bigint {
  return denom === "uaxm" ? chain.state.balance(address) : denom === "uret" ? chain.state.uretBalance(address) : 0n;
}

function supplyOf(chain: Chain, denom: string): bigint {
  return denom === "uaxm" ? chain.state.supply : denom === "uret" ? chain.state.uretSupply : 0n;
}

const HANDLERS: Record<string, QueryHandler> = {
  "/cosmos.auth.v1beta1.Query/Account": (chain, data) => {
    const { address } = QueryAccountRequest.decode(data);
    const account = chain.state.accounts.get(address);
    if (!account) throw notFound(`account ${address} not found`);
    const base = BaseAccount.encode({
      address,
      pubKey: account.pubkey ? pubkeyAny(account.pubkey) : undefined,
      accountNumber: BigInt(account.number),
      sequence: BigInt(account.sequence),
    }).finish();
    return QueryAccountResponse.encode({ account: { typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: base } }).finish();
  },
  "/cosmos.auth.v1beta1.Query/Accounts": (chain, data) => {
    const { pagination } = QueryAccountsRequest.decode(data);
    const items = [...chain.state.accounts.values()].map((account) => ({ key: storeKey(account.address), account }));
    const { page, pagination: response } = paginate(items.sort(byKey), pagination);
    return QueryAccountsResponse.encode({
      accounts: page.map(({ account }) => ({
        typeUrl: "/cosmos.auth.v1beta1.BaseAccount",
        value: BaseAccount.encode({
          address: account.address,
          pubKey: account.pubkey ? pubkeyAny(account.pubkey) : undefined,
          accountNumber: BigInt(account.number),
          sequence: BigInt(account.sequence),
        }).finish(),
      })),
      pagination: response,
    }).finish();
  },
  "/cosmos.bank.v1beta1.Query/DenomOwners": (chain, data) => {
    const { denom, pagination } = QueryDenomOwnersRequest.decode(data);
    if (denom === "") throw invalidArgument("empty denom");
    const held = denom === "uaxm" ? chain.state.balances : denom === "uret" ? chain.state.uretBalances : new Map<string, bigint>();
    const items = [...held].filter(([, amount]) => amount > 0n).map(([address, amount]) => ({ key: storeKey(address), address, amount }));
    const { page, pagination: response } = paginate(items.sort(byKey), pagination);
    return QueryDenomOwnersResponse.encode({
      denomOwners: page.map(({ address, amount }) => ({ address, balance: { denom, amount: amount.toString() } })),
      pagination: response,
    }).finish();
  },
  "/cosmos.bank.v1beta1.Query/Balance": (chain, data) => {
    const { address, denom } = QueryBalanceRequest.decode(data);
    return QueryBalanceResponse.encode({ balance: { denom, amount: balanceOf(chain, address, denom).toString() } }).finish();
  },
  "/cosmos.bank.v1beta1.Query/AllBalances": (chain, data) => {
    const list = balances(chain, QueryAllBalancesRequest.decode(data).address);
    return QueryAllBalancesResponse.encode({ balances: list, pagination: noPagination(list.length) }).finish();
  },
  "/cosmos.bank.v1beta1.Query/SupplyOf": (chain, data) => {
    const { denom } = QuerySupplyOfRequest.decode(data);
    return QuerySupplyOfResponse.encode({ amount: { denom, amount: supplyOf(chain, denom).toString() } }).finish();
  },
  "/cosmos.bank.v1beta1.Query/TotalSupply": (chain) => {
    const supply = ["uaxm", "uret"].map((denom) => ({ denom, amount: supplyOf(chain, denom).toString() })).filter((c) => c.amount !== "0");
    return QueryTotalSupplyResponse.encode({ supply, pagination: noPagination(supply.length) }).finish();
  },
  ...axiomeService("staking", {
    Validators: validators,
    Validator: validator,
    ValidatorDelegations: validatorDelegations,
    ValidatorUnbondingDelegations: validatorUnbondingDelegations,
    Pool: pool,
  }),
  ...axiomeService("slashing", { SigningInfos: signingInfos, SigningInfo: signingInfo }),
  ...DISTRIBUTION_QUERIES,
  ...REFERRAL_QUERIES,
  ...VOTE_QUERIES,
  ...wasmQueries(paginate),
  "/cosmos.tx.v1beta1.Service/Simulate": (chain, data) => {
    const result = chain.simulate(SimulateRequest.decode(data).txBytes);
    if (result.code !== 0) throw new TxFailure(result.codespace, result.code, result.log);
    return SimulateResponse.encode({
      gasInfo: { gasWanted: BigInt(result.gasWanted), gasUsed: BigInt(result.gasUsed) },
      result: {
        data: new Uint8Array(),
        log: "",
        events: result.events.map((e) => ({ type: e.type, attributes: e.attributes })),
        msgResponses: [],
      },
    }).finish();
  },
};

export function abciQuery(chain: Chain, path: string, data: Uint8Array): QueryAnswer {
  const handler = HANDLERS[path];
  if (!handler) return { code: 6, codespace: "sdk", log: "unknown query path: unknown request", value: new Uint8Array() };
  try {
    return { code: 0, codespace: "", log: "", value: handler(chain, data) };
  } catch (error) {
    if (error instanceof TxFailure) return { code: error.code, codespace: error.codespace, log: error.message, value: new Uint8Array() };
    return { code: 2, codespace: "sdk", log: `${error instanceof Error ? error.message : String(error)}: tx parse error`, value: new Uint8Array() };
  }
}
