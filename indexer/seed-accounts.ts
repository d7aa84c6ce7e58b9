// Accounts where an index starts: at height 1 from genesis (balances, delegations, the referral tree with team aggregates,
// statuses and profiles); in mid-chain from the node's state at the height before (accounts, balances, unbondings, the tree).
import { RpcFormatError, type RpcClient } from "../chain/rpc.ts";
import { amountOf, BASE_DENOM } from "../core/amount.ts";
import { MAX_LEVEL } from "../core/partnership-status.ts";
import type { Queryable } from "../db/connection.ts";
import { statusFromName } from "./events.ts";
import { genesisDelegations } from "./seed-staking.ts";
import { readAccounts, readBalances, readReferralTree, readUnbondings } from "./seed-state.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";
import { copyAncestorsToProfiles, insertAncestorLinks, isActive, syncMembers, type Holdings } from "./write-accounts.ts";

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new RpcFormatError(`genesis ${what}: expected an object`);
  return value as Json;
}

function list(value: unknown, what: string): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RpcFormatError(`genesis ${what}: expected an array`);
  return value.map((item, i) => object(item, `${what}[${i}]`));
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw new RpcFormatError(`genesis ${what}: expected a string`);
  return value;
}

function optionalTime(value: unknown, what: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  const time = text(value, what);
  if (Number.isNaN(Date.parse(time))) throw new RpcFormatError(`genesis ${what}: expected a time`);
  return time;
}

function coinsOf(value: unknown, what: string): { denom: string; amount: string }[] {
  return list(value, what).map((c) => {
    const amount = text(c.amount, `${what}.amount`);
    if (!/^\d{1,40}$/.test(amount)) throw new RpcFormatError(`genesis ${what}.amount: expected an integer`);
    return { denom: text(c.denom, `${what}.denom`), amount };
  });
}

export interface GenesisAccounts {
  holdings: Map<string, Holdings>;
  /** top_level_accounts: roots of the tree (no referrer). */
  roots: string[];
  referrers: Map<string, string>;
  statuses: Map<string, { status: number; downgradeAt: string | null }>;
  profiles: { address: string; nickname: string; avatar: string; telegram: string; confirmed: boolean; exchange: boolean }[];
}

type Statuses = GenesisAccounts["statuses"];

/**
 * The referral genesis (proto/axiome/referral/v1beta1/genesis.proto, x/referral/keeper/genesis.go): top_level_accounts
 * [{address, status}], other_accounts [{referrer, referrals [{address, status}]}] breadth-first, downgrades [{account,
 * current, time}]; statuses are enum names. InitGenesis sets them as given and checks none.
 */
function referralTree(referral: Json): Pick<GenesisAccounts, "roots" | "referrers" | "statuses"> {
  const statuses: Statuses = new Map();
  const member = (m: Json, what: string) => {
    const address = text(m.address, `${what}.address`);
    statuses.set(address, { status: statusFromName(typeof m.status === "string" ? m.status : undefined), downgradeAt: null });
    return address;
  };
  const roots = list(referral.top_level_accounts, "referral.top_level_accounts").map((m) => member(m, "top_level_account"));
  const referrers = new Map<string, string>();
  for (const group of list(referral.other_accounts, "referral.other_accounts")) {
    const referrer = text(group.referrer, "other_account.referrer");
    for (const m of list(group.referrals, "other_account.referrals")) referrers.set(member(m, "other_account.referral"), referrer);
  }
  for (const d of list(referral.downgrades, "referral.downgrades")) {
    const record = statuses.get(text(d.account, "downgrade.account"));
    if (record) record.downgradeAt = optionalTime(d.time, "downgrade.time");
  }
  return { roots, referrers, statuses };
}

/** The product's own data a devnet genesis carries (app_state.profiles): accounts and exchanges. */
function profilesOf(state: Json): GenesisAccounts["profiles"] {
  const profileDoc = object(state.profiles, "profiles");
  const profiles = list(profileDoc.accounts, "profiles.accounts").map((p) => ({
    address: text(p.address, "profile.address"),
    nickname: typeof p.nickname === "string" ? p.nickname : "",
    avatar: typeof p.avatar === "string" ? p.avatar : "",
    telegram: typeof p.telegram === "string" ? p.telegram : "",
    confirmed: p.confirmed === true,
    exchange: false,
  }));
  // The exchanges are profiles too: their name and logo (SPEC.md §2, special logos for three exchange addresses).
  const exchanges = list(profileDoc.exchanges, "profiles.exchanges").map((e) => ({
    address: text(e.address, "exchange.address"),
    nickname: text(e.name, "exchange.name"),
    avatar: typeof e.logo === "string" ? e.logo : "",
    telegram: "",
    confirmed: true,
    exchange: true,
  }));
  return [...profiles, ...exchanges];
}

/** What accounts need of a genesis app state, its shapes checked (absent sections are empty). */
export function genesisAccounts(appState: unknown): GenesisAccounts {
  const state = object(appState, "app_state");
  const holdings = new Map<string, Holdings>();
  const of = (address: string) => {
    if (!holdings.has(address)) holdings.set(address, { available: 0n, delegated: 0n, undelegating: 0n });
    return holdings.get(address)!;
  };
  for (const b of list(object(state.bank, "bank").balances, "bank.balances")) {
    of(text(b.address, "balance.address")).available += amountOf(coinsOf(b.coins, "balance.coins"), BASE_DENOM);
  }
  for (const [, delegator, amount] of genesisDelegations(appState)) of(delegator).delegated += amount;
  return { holdings, ...referralTree(object(state.referral, "referral")), profiles: profilesOf(state) };
}

/** Each registered account's ancestors, nearest first, up to MAX_LEVEL. */
function ancestorsOf(referrers: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const member of referrers.keys()) {
    const chain: string[] = [];
    for (let a = referrers.get(member); a && chain.length < MAX_LEVEL; a = referrers.get(a)) chain.push(a);
    out.set(member, chain);
  }
  return out;
}

/** Each member's generation: how many referrers above it, to a root or to a referrer not in the tree (migration 035). */
function generationsOf(referrers: Map<string, string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const member of referrers.keys()) {
    const chain: string[] = [];
    let a: string | undefined = member;
    for (; a !== undefined && !out.has(a); a = referrers.get(a)) {
      if (chain.length > referrers.size) throw new RpcFormatError(`referral tree: ${member}'s referrers form a cycle`);
      chain.push(a);
    }
    let generation = a === undefined ? -1 : out.get(a)!;
    for (const m of chain.reverse()) out.set(m, ++generation);
  }
  return out;
}

interface TeamRow {
  size: number;
  active: number;
  available: bigint;
  delegated: bigint;
  undelegating: bigint;
}

async function seedTree(db: Queryable, g: GenesisAccounts): Promise<void> {
  const ancestors = ancestorsOf(g.referrers);
  const members = [...g.roots, ...g.referrers.keys()];
  const teams = new Map<string, TeamRow>(members.map((m) => [m, { size: 0, active: 0, available: 0n, delegated: 0n, undelegating: 0n }]));
  const links = new Columns(3);
  for (const [member, chain] of ancestors) {
    const h = g.holdings.get(member) ?? { available: 0n, delegated: 0n, undelegating: 0n };
    chain.forEach((ancestor, i) => {
      links.push(ancestor, i + 1, member);
      const t = teams.get(ancestor);
      if (!t) return;
      t.size += 1;
      t.active += isActive(h) ? 1 : 0;
      t.available += h.available;
      t.delegated += h.delegated;
      t.undelegating += h.undelegating;
    });
  }
  const generations = generationsOf(g.referrers);
  const referrals = new Columns(6);
  for (const m of members) {
    const s = g.statuses.get(m);
    referrals.push(m, g.referrers.get(m) ?? null, s?.status ?? 0, s?.downgradeAt ?? null, 0, generations.get(m) ?? 0);
  }
  await insertUnnest(
    db,
    "referrals (address, referrer, status, status_downgrade_at, registered_height, generation)",
    ["text", "text", "int2", "timestamptz", "int8", "int4"],
    referrals,
    "on conflict do nothing",
  );
  await insertAncestorLinks(db, links);
  // Profiles seeded before the tree (from genesis) take their ancestors now; those seeded after, as they are inserted.
  await copyAncestorsToProfiles(db, [...ancestors.keys()]);
  const rows = new Columns(6);
  for (const [address, t] of teams) rows.push(address, t.size, t.active, t.available.toString(), t.delegated.toString(), t.undelegating.toString());
  await insertUnnest(
    db,
    "teams (address, team_size, active_team, team_balance, team_delegated, team_undelegating)",
    ["text", "int4", "int4", "numeric", "numeric", "numeric"],
    rows,
    "on conflict do nothing",
  );
}

async function seedRest(db: Queryable, g: GenesisAccounts): Promise<void> {
  const balances = new Columns(3);
  for (const [address, h] of g.holdings) balances.push(address, h.available.toString(), h.delegated.toString());
  await insertUnnest(db, "account_balances (address, available, delegated)", ["text", "numeric", "numeric"], balances, "on conflict do nothing");
  await seedProfiles(db, g.profiles);
}

async function seedProfiles(db: Queryable, list: GenesisAccounts["profiles"]): Promise<void> {
  const profiles = new Columns(6);
  for (const p of list) profiles.push(p.address, p.nickname, p.avatar, p.telegram, p.confirmed, p.exchange);
  await insertUnnest(
    db,
    "profiles (address, nickname, avatar, telegram, confirmed, exchange)",
    ["text", "text", "text", "text", "bool", "bool"],
    profiles,
    "on conflict do nothing",
  );
  await copyAncestorsToProfiles(
    db,
    list.map((p) => p.address),
  );
}

/** Seeds accounts for an index starting at height 1 from the genesis document. */
export async function seedAccountsFromGenesis(db: Queryable, rpc: RpcClient): Promise<void> {
  const g = genesisAccounts(await rpc.genesisAppState());
  await seedRest(db, g);
  await seedTree(db, g);
  await syncMembers(db, [...g.roots, ...g.referrers.keys()]);
}

/**
 * Seeds the accounts of an index starting in mid-chain from the node's state at `height` (the block before the start),
 * after the delegations: every account the auth module knows (not new when first seen later, its first height unknown),
 * uaxm balances, unbonding entries, and each holder's available, delegated and undelegating figures.
 */
export async function seedAccountsFromState(db: Queryable, rpc: RpcClient, height: number): Promise<void> {
  const [addresses, available, unbondings] = [await readAccounts(rpc, height), await readBalances(rpc, height), await readUnbondings(rpc, height)];
  const holdings = new Map<string, Holdings>();
  const of = (address: string) => {
    if (!holdings.has(address)) holdings.set(address, { available: 0n, delegated: 0n, undelegating: 0n });
    return holdings.get(address)!;
  };
  for (const [address, amount] of available) of(address).available = amount;
  const delegated = await db.query<{ delegator: string; amount: string }>("select delegator, sum(amount)::text as amount from delegations group by delegator");
  for (const d of delegated) of(d.delegator).delegated = BigInt(d.amount);
  const entries = new Columns(6);
  const perBlock = new Map<string, number>();
  for (const u of unbondings) {
    of(u.delegator).undelegating += u.amount;
    const idx = perBlock.get(`${u.delegator} ${u.creationHeight}`) ?? 0;
    perBlock.set(`${u.delegator} ${u.creationHeight}`, idx + 1);
    entries.push(u.delegator, u.creationHeight, idx, u.validator, u.amount.toString(), u.completionTime);
  }
  await insertUnnest(
    db,
    "unbonding_entries (delegator, height, idx, validator, amount, completion_time)",
    ["text", "int8", "int4", "text", "numeric", "timestamptz"],
    entries,
  );
  const balances = new Columns(4);
  for (const [address, h] of holdings) balances.push(address, h.available.toString(), h.delegated.toString(), h.undelegating.toString());
  await insertUnnest(
    db,
    "account_balances (address, available, delegated, undelegating)",
    ["text", "numeric", "numeric", "numeric"],
    balances,
    "on conflict do nothing",
  );
  await seedKnownAccounts(db, [...new Set([...addresses, ...holdings.keys()])]);
}

/** Accounts that existed before the start: known, so not counted as created when first seen, their first height unknown. */
async function seedKnownAccounts(db: Queryable, addresses: string[]): Promise<void> {
  const rows = new Columns(1);
  for (const address of addresses) rows.push(address);
  await insertUnnest(db, "accounts (address)", ["text"], rows, "on conflict do nothing");
  await db.query("update chain_counters set accounts = (select count(*) from accounts) where id = 1");
}

/**
 * Seeds the referral tree of an index starting in mid-chain from the node's state at `height`, after the accounts:
 * the roots are genesis' top-level accounts (only genesis makes roots), the rest is read level by level.
 */
export async function seedTreeFromState(db: Queryable, rpc: RpcClient, height: number): Promise<void> {
  const state = object(await rpc.genesisAppState(), "app_state");
  const roots = referralTree(object(state.referral, "referral")).roots;
  const tree = await readReferralTree(rpc, height, roots);
  const members = [...tree.roots, ...tree.referrers.keys()];
  const rows = await db.query<{ address: string; available: string; delegated: string; undelegating: string }>(
    "select address, available::text, delegated::text, undelegating::text from account_balances where address = any($1::text[])",
    [members],
  );
  const holdings = new Map(
    rows.map((r) => [r.address, { available: BigInt(r.available), delegated: BigInt(r.delegated), undelegating: BigInt(r.undelegating) }]),
  );
  await seedTree(db, { holdings, ...tree, profiles: [] });
  await syncMembers(db, members);
  await seedProfiles(db, profilesOf(state));
}
