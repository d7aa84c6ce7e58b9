// Reads figures that live in the node's state rather than in blocks: supply, bonded coins, mempool, validators.
import { sha256 } from "@cosmjs/crypto";
import { toHex } from "@cosmjs/encoding";
import { QueryBalanceRequest, QueryBalanceResponse, QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { bytesToAccount } from "../core/address.ts";
import { BASE_DENOM } from "../core/amount.ts";
import type { RpcClient } from "../chain/rpc.ts";

/** The SDK derives a module account's address as the first 20 bytes of SHA-256 of its name. */
export const BONDED_POOL_ADDRESS = bytesToAccount(sha256(new TextEncoder().encode("bonded_tokens_pool")).slice(0, 20));

// The AXM chain serves staking under its own package; other SDK chains under cosmos.staking.
const STAKING_SERVICES = ["/cosmos.staking.v1beta1.Query", "/axiome.staking.v1beta1.Query"];

export interface SupplySnapshot {
  totalSupply: string;
  delegatedSupply: string;
  mempoolTxs: number;
}

export async function readSupply(rpc: RpcClient): Promise<SupplySnapshot> {
  const supply = await rpc.abciQuery("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest.encode({ denom: BASE_DENOM }).finish());
  const bonded = await rpc.abciQuery(
    "/cosmos.bank.v1beta1.Query/Balance",
    QueryBalanceRequest.encode({ address: BONDED_POOL_ADDRESS, denom: BASE_DENOM }).finish(),
  );
  return {
    totalSupply: supply.code === 0 ? QuerySupplyOfResponse.decode(supply.value).amount?.amount ?? "0" : "0",
    delegatedSupply: bonded.code === 0 ? QueryBalanceResponse.decode(bonded.value).balance?.amount ?? "0" : "0",
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
  commissionRate: string;
}

/** Every validator of the staking module, following pagination. */
export async function readValidators(rpc: RpcClient): Promise<ValidatorRecord[]> {
  for (const service of STAKING_SERVICES) {
    const validators: Validator[] = [];
    let key: Uint8Array = new Uint8Array();
    let known = true;
    do {
      const request = QueryValidatorsRequest.encode({ status: "", pagination: { key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: 200n, countTotal: false, reverse: false } }).finish();
      const answer = await rpc.abciQuery(`${service}/Validators`, request);
      if (answer.code !== 0) {
        known = false;
        break;
      }
      const page = QueryValidatorsResponse.decode(answer.value);
      validators.push(...page.validators);
      key = page.pagination?.nextKey ?? new Uint8Array();
    } while (key.length > 0);
    if (known) return validators.map(toRecord);
  }
  return [];
}

const STATUS_NAMES = ["BOND_STATUS_UNSPECIFIED", "BOND_STATUS_UNBONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_BONDED"];

function toRecord(v: Validator): ValidatorRecord {
  const pubkey = v.consensusPubkey;
  const consensusAddress =
    pubkey?.typeUrl === "/cosmos.crypto.ed25519.PubKey" ? toHex(sha256(PubKey.decode(pubkey.value).key).slice(0, 20)).toUpperCase() : null;
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
    delegatorShares: v.delegatorShares || "0",
    commissionRate: v.commission?.commissionRates?.rate ?? "0",
  };
}
