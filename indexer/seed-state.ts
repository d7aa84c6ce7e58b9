// What an index started in mid-chain reads of the node's state at the height before its start: accounts, balances,
// unbondings and the referral tree, by paged abci_query (the genesis document tells these only for an index from height 1).
import { QueryAccountsRequest, QueryAccountsResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { BaseAccount, ModuleAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import {
  BaseVestingAccount,
  ContinuousVestingAccount,
  DelayedVestingAccount,
  PeriodicVestingAccount,
  PermanentLockedAccount,
} from "cosmjs-types/cosmos/vesting/v1beta1/vesting";
import { QueryDenomOwnersRequest, QueryDenomOwnersResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorUnbondingDelegationsRequest, QueryValidatorUnbondingDelegationsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { allPages, askModule } from "../chain/module-query.ts";
import { QueryRefusedError, type RpcClient } from "../chain/rpc.ts";
import { addressRequest, decodeChildren, decodeReferralInfo, REFERRAL_SERVICE } from "../chain/referral-query.ts";
import { BASE_DENOM } from "../core/amount.ts";
import { explorerStatus } from "../core/partnership-status.ts";
import { STAKING_SERVICES, readValidators } from "./node-state.ts";

/** Per-account referral queries in flight at once. */
const CONCURRENCY = 8;

/** The address an auth account holds, whatever its kind (base, module, vesting); null for kinds unknown here. */
function accountAddress(any: Any): string | null {
  const fromVesting = (v: BaseVestingAccount | undefined) => v?.baseAccount?.address ?? null;
  switch (any.typeUrl) {
    case "/cosmos.auth.v1beta1.BaseAccount":
      return BaseAccount.decode(any.value).address;
    case "/cosmos.auth.v1beta1.ModuleAccount":
      return ModuleAccount.decode(any.value).baseAccount?.address ?? null;
    case "/cosmos.vesting.v1beta1.ContinuousVestingAccount":
      return fromVesting(ContinuousVestingAccount.decode(any.value).baseVestingAccount);
    case "/cosmos.vesting.v1beta1.DelayedVestingAccount":
      return fromVesting(DelayedVestingAccount.decode(any.value).baseVestingAccount);
    case "/cosmos.vesting.v1beta1.PeriodicVestingAccount":
      return fromVesting(PeriodicVestingAccount.decode(any.value).baseVestingAccount);
    case "/cosmos.vesting.v1beta1.PermanentLockedAccount":
      return fromVesting(PermanentLockedAccount.decode(any.value).baseVestingAccount);
    default:
      return null;
  }
}

/** Every account the auth module knows at `height`. */
export async function readAccounts(rpc: RpcClient, height: number): Promise<string[]> {
  const path = "/cosmos.auth.v1beta1.Query/Accounts";
  const anys = await allPages(async (pagination) => {
    const page = await askModule(rpc, height, path, QueryAccountsRequest.encode({ pagination }).finish(), (bytes) => QueryAccountsResponse.decode(bytes));
    return { items: page.accounts, pagination: page.pagination };
  }, path);
  return anys.map(accountAddress).filter((address): address is string => address !== null && address !== "");
}

/** Every holder of uaxm at `height` and its balance. */
export async function readBalances(rpc: RpcClient, height: number): Promise<Map<string, bigint>> {
  const path = "/cosmos.bank.v1beta1.Query/DenomOwners";
  const owners = await allPages(async (pagination) => {
    const request = QueryDenomOwnersRequest.encode({ denom: BASE_DENOM, pagination }).finish();
    const page = await askModule(rpc, height, path, request, (bytes) => QueryDenomOwnersResponse.decode(bytes));
    return { items: page.denomOwners, pagination: page.pagination };
  }, path);
  return new Map(owners.map((o) => [o.address, BigInt(o.balance?.amount ?? "0")]));
}

export interface SeedUnbonding {
  delegator: string;
  validator: string;
  creationHeight: number;
  amount: bigint;
  completionTime: string;
}

/** Every unbonding entry at `height`, validator by validator (under the chain's staking package, or the SDK's). */
export async function readUnbondings(rpc: RpcClient, height: number): Promise<SeedUnbonding[]> {
  const list: SeedUnbonding[] = [];
  for (const validator of await readValidators(rpc, height)) {
    list.push(...(await unbondingsOf(rpc, height, validator.operatorAddress)));
  }
  return list;
}

async function unbondingsOf(rpc: RpcClient, height: number, validatorAddr: string): Promise<SeedUnbonding[]> {
  let refusal: unknown = null;
  for (const service of STAKING_SERVICES) {
    const path = `${service}/ValidatorUnbondingDelegations`;
    try {
      const pages = await allPages(async (pagination) => {
        const request = QueryValidatorUnbondingDelegationsRequest.encode({ validatorAddr, pagination }).finish();
        const page = await askModule(rpc, height, path, request, (bytes) => QueryValidatorUnbondingDelegationsResponse.decode(bytes));
        return { items: page.unbondingResponses, pagination: page.pagination };
      }, path);
      return pages.flatMap((u) =>
        u.entries.map((e) => ({
          delegator: u.delegatorAddress,
          validator: validatorAddr,
          creationHeight: Number(e.creationHeight),
          amount: BigInt(e.balance),
          completionTime: new Date(Number(e.completionTime.seconds) * 1000 + Math.floor(e.completionTime.nanos / 1_000_000)).toISOString(),
        })),
      );
    } catch (error) {
      if (!(error instanceof QueryRefusedError)) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

export interface SeedTree {
  roots: string[];
  referrers: Map<string, string>;
  statuses: Map<string, { status: number; downgradeAt: string | null }>;
}

function referralQuery<T>(rpc: RpcClient, method: string, address: string, height: number, decode: (bytes: Uint8Array) => T): Promise<T> {
  return askModule(rpc, height, `${REFERRAL_SERVICE}/${method}`, addressRequest(address), decode);
}

/**
 * The referral tree at `height`, breadth-first from its roots (the genesis' top-level accounts: only genesis makes
 * roots): each member's first line (Children) and record (Get: status, scheduled downgrade).
 */
export async function readReferralTree(rpc: RpcClient, height: number, roots: string[]): Promise<SeedTree> {
  const tree: SeedTree = { roots, referrers: new Map(), statuses: new Map() };
  let level = roots;
  while (level.length > 0) {
    const next: string[] = [];
    await inBatches(level, async (member) => {
      const info = await referralQuery(rpc, "Get", member, height, decodeReferralInfo);
      tree.statuses.set(member, { status: explorerStatus(info.chainStatus), downgradeAt: info.downgradeAt });
      for (const child of await referralQuery(rpc, "Children", member, height, decodeChildren)) {
        if (tree.referrers.has(child) || roots.includes(child)) continue;
        tree.referrers.set(child, member);
        next.push(child);
      }
    });
    level = next;
  }
  return tree;
}

/** Runs `work` on every item, CONCURRENCY at a time; the first failure fails the whole. */
async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const worker = async () => {
    while (index < items.length) await work(items[index++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}
