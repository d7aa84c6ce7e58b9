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
import { QueryRefusedError, type RpcClient } from "../chain/rpc.ts";
import { addressRequest, decodeChildren, decodeReferralInfo, REFERRAL_SERVICE } from "../chain/referral-query.ts";
import { BASE_DENOM } from "../core/amount.ts";
import { explorerStatus } from "../core/partnership-status.ts";
import { STAKING_SERVICES, readValidators } from "./node-state.ts";

const PAGE = 1000n;
/** Per-account referral queries in flight at once. */
const CONCURRENCY = 8;

/** One page of a paged query: its items and the key of the next page (empty at the end). */
type Page<T> = { items: T[]; next: Uint8Array };

/** Every page of a query at `height`; a refusal (answer code ≠ 0) ends in QueryRefusedError. */
async function allPages<T>(
  rpc: RpcClient,
  path: string,
  height: number,
  ask: (key: Uint8Array) => Uint8Array,
  read: (value: Uint8Array) => Page<T>,
): Promise<T[]> {
  const all: T[] = [];
  let key: Uint8Array = new Uint8Array();
  do {
    const answer = await rpc.abciQuery(path, ask(key), height);
    if (answer.code !== 0) throw new QueryRefusedError(path, answer.code, answer.log);
    const page = read(answer.value);
    all.push(...page.items);
    key = page.next;
  } while (key.length > 0);
  return all;
}

const pagination = (key: Uint8Array) => ({ key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: PAGE, countTotal: false, reverse: false });

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
  const anys = await allPages(
    rpc,
    path,
    height,
    (key) => QueryAccountsRequest.encode({ pagination: pagination(key) }).finish(),
    (value) => {
      const page = QueryAccountsResponse.decode(value);
      return { items: page.accounts, next: page.pagination?.nextKey ?? new Uint8Array() };
    },
  );
  return anys.map(accountAddress).filter((address): address is string => address !== null && address !== "");
}

/** Every holder of uaxm at `height` and its balance. */
export async function readBalances(rpc: RpcClient, height: number): Promise<Map<string, bigint>> {
  const path = "/cosmos.bank.v1beta1.Query/DenomOwners";
  const owners = await allPages(
    rpc,
    path,
    height,
    (key) => QueryDenomOwnersRequest.encode({ denom: BASE_DENOM, pagination: pagination(key) }).finish(),
    (value) => {
      const page = QueryDenomOwnersResponse.decode(value);
      return { items: page.denomOwners, next: page.pagination?.nextKey ?? new Uint8Array() };
    },
  );
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
      const pages = await allPages(
        rpc,
        path,
        height,
        (key) => QueryValidatorUnbondingDelegationsRequest.encode({ validatorAddr, pagination: pagination(key) }).finish(),
        (value) => {
          const page = QueryValidatorUnbondingDelegationsResponse.decode(value);
          return { items: page.unbondingResponses, next: page.pagination?.nextKey ?? new Uint8Array() };
        },
      );
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

async function referralQuery(rpc: RpcClient, method: string, address: string, height: number): Promise<Uint8Array> {
  const path = `${REFERRAL_SERVICE}/${method}`;
  const answer = await rpc.abciQuery(path, addressRequest(address), height);
  if (answer.code !== 0) throw new QueryRefusedError(path, answer.code, answer.log);
  return answer.value;
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
      const info = decodeReferralInfo(await referralQuery(rpc, "Get", member, height));
      tree.statuses.set(member, { status: explorerStatus(info.chainStatus), downgradeAt: info.downgradeAt });
      for (const child of decodeChildren(await referralQuery(rpc, "Children", member, height))) {
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
