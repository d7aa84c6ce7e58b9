// Reads figures that live in the node's state rather than in blocks: supply, bonded coins, mempool, validators.
import { QueryBalanceRequest, QueryBalanceResponse, QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorRequest, QueryValidatorsRequest } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { moduleAddress } from "../core/module-accounts.ts";
import { BASE_DENOM } from "../core/amount.ts";
import type { RpcClient } from "../chain/rpc.ts";
import { QueryRefusedError } from "../chain/errors.ts";
import { consensusAddressOfKey } from "../chain/tx.ts";
import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { DISTRIBUTION_PARAMS_PATH, decimalFromDec, decodeCommissionRate, decodeValidatorAnswer, decodeValidatorsPage } from "../chain/staking.ts";

/** The staking module's bonded pool (core/module-accounts.ts derives it as the SDK does). */
export const BONDED_POOL_ADDRESS = moduleAddress("bonded_tokens_pool");

// The AXM chain serves staking under its own package (proto/axiome/staking/v1beta1/query.proto); other SDK chains under cosmos.staking.
export const STAKING_SERVICES = ["/axiome.staking.v1beta1.Query", "/cosmos.staking.v1beta1.Query"];

export interface SupplySnapshot {
  totalSupply: string;
  delegatedSupply: string;
  mempoolTxs: number;
}

/** The uaxm supply, asked by readSupply and, as the cheapest query at a height, by stateServedAt. */
const SUPPLY_PATH = "/cosmos.bank.v1beta1.Query/SupplyOf";
const askSupply = (rpc: RpcClient, height?: number) => rpc.abciQuery(SUPPLY_PATH, QuerySupplyOfRequest.encode({ denom: BASE_DENOM }).finish(), height);

/** Cosmos SDK's answer to a query at a height whose state the node no longer keeps (v0.50: ErrNotFound, code 38 of codespace sdk; older releases gave the same words other codes). */
const STATE_PRUNED = /failed to load state at height/;

/**
 * Which state the node answers a query at `height` from, asked with a cheap bank query: `{ served: height }` on a node
 * that keeps that height's state, a later height on one that answers every query from its latest state (the devnet
 * does), or the node's own words when it has pruned it. A refused query throws, as every module query does.
 */
export async function stateServedAt(rpc: RpcClient, height: number): Promise<{ served: number } | { pruned: string }> {
  const answer = await askSupply(rpc, height);
  if (answer.code !== 0 && STATE_PRUNED.test(answer.log)) return { pruned: answer.log };
  if (answer.code !== 0) throw new QueryRefusedError(SUPPLY_PATH, answer.code, answer.log);
  return { served: answer.height };
}

export async function readSupply(rpc: RpcClient): Promise<SupplySnapshot> {
  const supply = await askSupply(rpc);
  const bonded = await rpc.abciQuery(
    "/cosmos.bank.v1beta1.Query/Balance",
    QueryBalanceRequest.encode({ address: BONDED_POOL_ADDRESS, denom: BASE_DENOM }).finish(),
  );
  return {
    totalSupply: supply.code === 0 ? (QuerySupplyOfResponse.decode(supply.value).amount?.amount ?? "0") : "0",
    delegatedSupply: bonded.code === 0 ? (QueryBalanceResponse.decode(bonded.value).balance?.amount ?? "0") : "0",
    mempoolTxs: await rpc.numUnconfirmedTxs(),
  };
}

export interface ValidatorRecord {
  operatorAddress: string;
  consensusAddress: string | null;
  moniker: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
  status: string;
  jailed: boolean;
  tokens: string;
  delegatorShares: string;
  /** Decimal fraction: commission on delegation rewards (the delegation fee); null when the node did not tell it. */
  commissionRate: string | null;
  /** When an unbonding validator becomes unbonded (ISO time), else null. */
  unbondingTime: string | null;
}

/**
 * The distribution param validator_commission_rate, the delegation fee of every validator (the chain's Validator has no
 * commission of its own); null when the node does not answer it.
 */
export async function readCommissionRate(rpc: RpcClient, height?: number): Promise<string | null> {
  const answer = await rpc.abciQuery(DISTRIBUTION_PARAMS_PATH, new Uint8Array(), height);
  return answer.code === 0 ? decodeCommissionRate(answer.value) : null;
}

/** Every validator of the staking module, following pagination; at `height` when given. */
export async function readValidators(rpc: RpcClient, height?: number): Promise<ValidatorRecord[]> {
  const commissionRate = await readCommissionRate(rpc, height);
  for (const service of STAKING_SERVICES) {
    const validators: ValidatorRecord[] = [];
    let key: Uint8Array = new Uint8Array();
    let known = true;
    do {
      const request = QueryValidatorsRequest.encode({
        status: "",
        pagination: { key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: 200n, countTotal: false, reverse: false },
      }).finish();
      const answer = await rpc.abciQuery(`${service}/Validators`, request, height);
      if (answer.code !== 0) {
        known = false;
        break;
      }
      const page = decodeValidatorsPage(answer.value);
      validators.push(...page.validators.map((v) => toRecord(v, commissionRate)));
      key = page.nextKey;
    } while (key.length > 0);
    if (known) return validators;
  }
  return [];
}

/** One validator, read after an event named it, with the commission read by readCommissionRate; null when the chain does not know it. */
export async function readValidator(rpc: RpcClient, operator: string, commissionRate: string | null): Promise<ValidatorRecord | null> {
  for (const service of STAKING_SERVICES) {
    const answer = await rpc.abciQuery(`${service}/Validator`, QueryValidatorRequest.encode({ validatorAddr: operator }).finish());
    if (answer.code === 0) {
      const decoded = decodeValidatorAnswer(answer.value);
      return decoded ? toRecord(decoded, commissionRate) : null;
    }
  }
  return null;
}

const STATUS_NAMES = ["BOND_STATUS_UNSPECIFIED", "BOND_STATUS_UNBONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_BONDED"];

function toRecord(v: Validator, commissionRate: string | null): ValidatorRecord {
  const pubkey = v.consensusPubkey;
  const consensusAddress = pubkey?.typeUrl === "/cosmos.crypto.ed25519.PubKey" ? consensusAddressOfKey(PubKey.decode(pubkey.value).key) : null;
  const unbondingMs = Number(v.unbondingTime?.seconds ?? 0n) * 1000;
  return {
    operatorAddress: v.operatorAddress,
    consensusAddress,
    moniker: v.description?.moniker ?? "",
    identity: v.description?.identity ?? "",
    website: v.description?.website ?? "",
    securityContact: v.description?.securityContact ?? "",
    details: v.description?.details ?? "",
    status: STATUS_NAMES[v.status] ?? "BOND_STATUS_UNSPECIFIED",
    jailed: v.jailed,
    tokens: v.tokens || "0",
    delegatorShares: decimalFromDec(v.delegatorShares || "0"),
    commissionRate,
    unbondingTime: v.status === BondStatus.BOND_STATUS_UNBONDING && unbondingMs > 0 ? new Date(unbondingMs).toISOString() : null,
  };
}
