// abci_query: the gRPC query paths an explorer or cosmjs client asks, answered with protobuf bytes.
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import {
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QuerySupplyOfRequest,
  QuerySupplyOfResponse,
  QueryTotalSupplyResponse,
} from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorsResponse, QueryPoolResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus, type Validator as ProtoValidator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { SimulateRequest, SimulateResponse } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import type { Chain } from "./chain.ts";
import type { Validator } from "./state.ts";
import { MODULE } from "./module-accounts.ts";
import { pubkeyAny } from "./txbuild.ts";
import { TxFailure } from "./errors.ts";

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

function protoValidator(v: Validator): ProtoValidator {
  return {
    operatorAddress: v.operatorAddress,
    consensusPubkey: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key: v.consensus.pubkey }).finish() },
    jailed: false,
    status: BondStatus.BOND_STATUS_BONDED,
    tokens: v.tokens.toString(),
    delegatorShares: decAtomics(v.tokens),
    description: { moniker: v.moniker, identity: v.identity, website: v.website, securityContact: v.securityContact, details: v.details },
    unbondingHeight: 0n,
    unbondingTime: { seconds: 0n, nanos: 0 },
    commission: {
      commissionRates: { rate: (DEC_SCALE / 20n).toString(), maxRate: (DEC_SCALE / 5n).toString(), maxChangeRate: (DEC_SCALE / 100n).toString() },
      updateTime: { seconds: 1767225600n, nanos: 0 },
    },
    minSelfDelegation: "1",
    unbondingOnHoldRefCount: 0n,
    unbondingIds: [],
  };
}

function validators(chain: Chain): Uint8Array {
  const list = chain.state.validators.map(protoValidator);
  return QueryValidatorsResponse.encode({ validators: list, pagination: noPagination(list.length) }).finish();
}

function pool(chain: Chain): Uint8Array {
  const bonded = chain.state.balance(MODULE.bondedPool);
  const notBonded = chain.state.balance(MODULE.notBondedPool);
  return QueryPoolResponse.encode({ pool: { bondedTokens: bonded.toString(), notBondedTokens: notBonded.toString() } }).finish();
}

function balances(chain: Chain, address: string) {
  const amount = chain.state.balance(address);
  return amount > 0n ? [coin(amount)] : [];
}

const HANDLERS: Record<string, QueryHandler> = {
  "/cosmos.auth.v1beta1.Query/Account": (chain, data) => {
    const { address } = QueryAccountRequest.decode(data);
    const account = chain.state.accounts.get(address);
    if (!account) throw new TxFailure("sdk", 22, `rpc error: code = NotFound desc = account ${address} not found: key not found`);
    const base = BaseAccount.encode({
      address,
      pubKey: account.pubkey ? pubkeyAny(account.pubkey) : undefined,
      accountNumber: BigInt(account.number),
      sequence: BigInt(account.sequence),
    }).finish();
    return QueryAccountResponse.encode({ account: { typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: base } }).finish();
  },
  "/cosmos.bank.v1beta1.Query/Balance": (chain, data) => {
    const { address, denom } = QueryBalanceRequest.decode(data);
    const amount = denom === "uaxm" ? chain.state.balance(address) : 0n;
    return QueryBalanceResponse.encode({ balance: { denom, amount: amount.toString() } }).finish();
  },
  "/cosmos.bank.v1beta1.Query/AllBalances": (chain, data) => {
    const list = balances(chain, QueryAllBalancesRequest.decode(data).address);
    return QueryAllBalancesResponse.encode({ balances: list, pagination: noPagination(list.length) }).finish();
  },
  "/cosmos.bank.v1beta1.Query/SupplyOf": (chain, data) => {
    const { denom } = QuerySupplyOfRequest.decode(data);
    return QuerySupplyOfResponse.encode({ amount: { denom, amount: (denom === "uaxm" ? chain.state.supply : 0n).toString() } }).finish();
  },
  "/cosmos.bank.v1beta1.Query/TotalSupply": (chain) =>
    QueryTotalSupplyResponse.encode({ supply: [coin(chain.state.supply)], pagination: noPagination(1) }).finish(),
  "/cosmos.staking.v1beta1.Query/Validators": validators,
  "/axiome.staking.v1beta1.Query/Validators": validators,
  "/cosmos.staking.v1beta1.Query/Pool": pool,
  "/axiome.staking.v1beta1.Query/Pool": pool,
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
    return { code: 2, codespace: "sdk", log: `${error instanceof Error ? error.message : error}: tx parse error`, value: new Uint8Array() };
  }
}
