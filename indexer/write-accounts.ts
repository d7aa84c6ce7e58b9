// The accounts part of a batch: balances, unbonding entries, the referral tree and its team aggregates, statuses, Premium.
// Every change is summed over the batch first; each table then takes one statement (team aggregates one join over the ancestor table).
import { ACTIVE_DELEGATION } from "../core/partnership-conditions.ts";
import { MAX_LEVEL } from "../core/partnership-status.ts";
import { premiumExpiryAfterPurchase } from "../core/partnership-premium.ts";
import type { Queryable } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import type { AddressAmount } from "./decode-accounts.ts";
import type { DelegationDelta } from "./decode-staking.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";

/** An account's coins (uaxm) as the batch changes them. */
export interface Holdings {
  available: bigint;
  delegated: bigint;
  undelegating: bigint;
}

const ZERO: Holdings = { available: 0n, delegated: 0n, undelegating: 0n };

export const isActive = (h: Holdings) => h.delegated >= ACTIVE_DELEGATION;

/** What a member adds to each of its ancestors' teams. */
export interface TeamDelta extends Holdings {
  people: number;
  active: number;
}

class Deltas {
  readonly holdings = new Map<string, Holdings>();
  readonly claimed = new Map<string, bigint>();
  private of(address: string): Holdings {
    let h = this.holdings.get(address);
    if (!h) this.holdings.set(address, (h = { ...ZERO }));
    return h;
  }
  add(address: string, key: keyof Holdings, amount: bigint): void {
    if (address && amount !== 0n) this.of(address)[key] += amount;
  }
}

/** The batch's changes per account; `moved` are the delegation changes its stake moves made (known once written). */
function sumDeltas(blocks: IndexedBlock[], moved: DelegationDelta[]): Deltas {
  const d = new Deltas();
  for (const [, delegator, amount] of moved) d.add(delegator, "delegated", BigInt(amount));
  for (const { staking, accounts } of blocks) {
    for (const [address, amount] of accounts.balanceDeltas) d.add(address, "available", BigInt(amount));
    for (const [, delegator, amount] of staking.delegationDeltas) d.add(delegator, "delegated", BigInt(amount));
    for (const u of accounts.unbonds) d.add(u.delegator, "undelegating", BigInt(u.amount));
    for (const c of accounts.completions) d.add(c.delegator, "undelegating", -BigInt(c.amount));
    for (const [address, amount] of accounts.claimed) d.claimed.set(address, (d.claimed.get(address) ?? 0n) + BigInt(amount));
  }
  return d;
}

async function loadHoldings(tx: Queryable, addresses: string[]): Promise<Map<string, Holdings>> {
  const rows = await tx.query<{ address: string; available: string; delegated: string; undelegating: string }>(
    "select address, available::text, delegated::text, undelegating::text from account_balances where address = any($1::text[])",
    [addresses],
  );
  return new Map(rows.map((r) => [r.address, { available: BigInt(r.available), delegated: BigInt(r.delegated), undelegating: BigInt(r.undelegating) }]));
}

async function saveBalances(tx: Queryable, d: Deltas): Promise<void> {
  const rows = new Columns(5);
  const addresses = new Set([...d.holdings.keys(), ...d.claimed.keys()]);
  for (const address of addresses) {
    const h = d.holdings.get(address) ?? ZERO;
    rows.push(address, h.available.toString(), h.delegated.toString(), h.undelegating.toString(), (d.claimed.get(address) ?? 0n).toString());
  }
  await insertUnnest(
    tx,
    "account_balances (address, available, delegated, undelegating, claimed)",
    ["text", "numeric", "numeric", "numeric", "numeric"],
    rows,
    `on conflict (address) do update set available = account_balances.available + excluded.available,
       delegated = account_balances.delegated + excluded.delegated, undelegating = account_balances.undelegating + excluded.undelegating,
       claimed = account_balances.claimed + excluded.claimed`,
  );
}

async function saveUnbondings(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const entries = new Columns(6);
  const completions = new Columns(3);
  for (const block of blocks) {
    block.accounts.unbonds.forEach((u, idx) => entries.push(u.delegator, block.height, idx, u.validator, u.amount, u.completionTime));
    for (const c of block.accounts.completions) completions.push(c.delegator, c.validator, block.time);
  }
  await insertUnnest(
    tx,
    "unbonding_entries (delegator, height, idx, validator, amount, completion_time)",
    ["text", "int8", "int4", "text", "numeric", "timestamptz"],
    entries,
  );
  // Entries of the batch are in first: an entry made after a completion matures later than it, so it is never taken.
  if (completions.size === 0) return;
  await tx.query(
    `delete from unbonding_entries e using unnest($1::text[], $2::text[], $3::timestamptz[]) as c(delegator, validator, at)
     where e.delegator = c.delegator and e.validator = c.validator and e.completion_time <= c.at`,
    completions.data as never,
  );
}

/**
 * A new member's ancestors, nearest first: its referrer, then the referrer's own up to MAX_LEVEL in all; and its
 * generation, one more than its referrer's (a referrer not in the index counts as a root: migration 035).
 */
async function ancestorsOfRegistrations(
  tx: Queryable,
  blocks: IndexedBlock[],
): Promise<{ member: string; referrer: string; height: number; day: string; ancestors: string[]; generation: number }[]> {
  const registrations = blocks.flatMap((b) => b.accounts.registrations.map((r) => ({ ...r, height: b.height, day: b.time.slice(0, 10) })));
  if (registrations.length === 0) return [];
  const rows = await tx.query<{ address: string; generation: number; ancestors: string[] }>(
    `select r.address, r.generation, array(select x.ancestor from referral_ancestors x where x.account = r.address order by x.depth) as ancestors
     from referrals r where r.address = any($1::text[])`,
    [[...new Set(registrations.map((r) => r.referrer))]],
  );
  const known = new Map(rows.map((r) => [r.address, { ancestors: r.ancestors, generation: r.generation }]));
  return registrations.map((r) => {
    const referrer = known.get(r.referrer) ?? { ancestors: [], generation: 0 };
    const joined = { ancestors: [r.referrer, ...referrer.ancestors].slice(0, MAX_LEVEL), generation: referrer.generation + 1 };
    known.set(r.referral, joined);
    return { member: r.referral, referrer: r.referrer, height: r.height, day: r.day, ...joined };
  });
}

async function saveRegistrations(tx: Queryable, joined: Awaited<ReturnType<typeof ancestorsOfRegistrations>>): Promise<void> {
  const referrals = new Columns(4);
  const ancestors = new Columns(3);
  for (const r of joined) {
    referrals.push(r.member, r.referrer, r.height, r.generation);
    r.ancestors.forEach((ancestor, i) => ancestors.push(ancestor, i + 1, r.member));
  }
  await insertUnnest(
    tx,
    "referrals (address, referrer, registered_height, generation)",
    ["text", "text", "int8", "int4"],
    referrals,
    "on conflict (address) do nothing",
  );
  await insertAncestorLinks(tx, ancestors);
  await insertUnnest(tx, "teams (address)", ["text"], columnOf(joined.map((r) => r.member)), "on conflict (address) do nothing");
  await copyAncestorsToProfiles(
    tx,
    joined.map((r) => r.member),
  );
}

/** The accounts' profiles (those that have one) take their ancestors, nearest first, for the team search (migration 024). */
export async function copyAncestorsToProfiles(tx: Queryable, accounts: string[]): Promise<void> {
  if (accounts.length === 0) return;
  await tx.query(
    `update profiles p set ancestors = array(select x.ancestor from referral_ancestors x where x.account = p.address order by x.depth)
     where p.address = any($1::text[])`,
    [accounts],
  );
}

/**
 * New (ancestor, depth, account) links, each counted in its ancestor's team at that level with no status yet, in that
 * level's bucket of addresses (migration 020) and in the bucket's group (migration 029), and, in a large team, in each
 * figure's bucket of 0 (migration 039), from which the sync moves it.
 */
export async function insertAncestorLinks(tx: Queryable, links: Columns): Promise<void> {
  if (links.size === 0) return;
  await tx.query(
    `with added as (
       insert into referral_ancestors (ancestor, depth, account) select * from unnest($1::text[], $2::int2[], $3::text[])
       on conflict do nothing returning ancestor, depth, account),
     bucketed as (
       insert into team_buckets (ancestor, depth, bucket, members, first, last)
       select ancestor, depth, left(account, 6), count(*)::int, min(account), max(account) from added group by 1, 2, 3
       on conflict (ancestor, depth, bucket) do update set members = team_buckets.members + excluded.members,
         first = least(team_buckets.first, excluded.first), last = greatest(team_buckets.last, excluded.last)),
     grouped as (
       insert into team_bucket_groups (ancestor, depth, bucket_group, members)
       select ancestor, depth, left(account, 5), count(*)::int from added group by 1, 2, 3
       on conflict (ancestor, depth, bucket_group) do update set members = team_bucket_groups.members + excluded.members),
     ${figureCounts("select a.ancestor, f.figure, 0, a.depth, a.account, 1 from added a join figure_bucketed_teams t on t.ancestor = a.ancestor cross join (values (0::int2), (1::int2), (2::int2), (3::int2)) f(figure)")}
     insert into team_counts (ancestor, depth, status, members) select ancestor, depth, 0, count(*)::int from added group by ancestor, depth
     on conflict (ancestor, depth, status) do update set members = team_counts.members + excluded.members`,
    links.data as never,
  );
}

/**
 * Members whose figures changed copy them onto their own ancestor rows (at most 14 each) and their nickname's entries
 * (migration 038), and the team counts by level and status follow each status change. A member's entries are found by
 * their keys, its nickname's suffixes, in one index scan: joined on each suffix instead, the planner read the primary
 * key's index whole for each member, by its second column. The suffixes are worked out once a member (fenced): with
 * them in the join's condition, PGlite's small tables were hash-joined to every profile first, and the suffixes worked
 * out again for each of the index's entries, 150 ms a block at 3,300 entries (BENCHMARKS.md "A block's write held by
 * the nickname entries' update").
 * A large team's counts per bucket of each figure (migration 039) follow its members' changes; `members` holds every
 * account whose team changed (a root too), and those whose team is now large enough are counted from their rows.
 */
export async function syncMembers(tx: Queryable, members: string[]): Promise<void> {
  if (members.length === 0) return;
  await tx.query(
    `with m as (select u.account, f.* from unnest($1::text[]) as u(account) cross join lateral member_figures(u.account) f),
     moved as (select a.ancestor, a.depth, a.status as before, m.status as after from referral_ancestors a join m on m.account = a.account where a.status <> m.status),
     changes as (select ancestor, depth, before as status, -1 as n from moved union all select ancestor, depth, after, 1 from moved),
     counted as (
       insert into team_counts (ancestor, depth, status, members) select ancestor, depth, status, sum(n)::int from changes group by 1, 2, 3
       on conflict (ancestor, depth, status) do update set members = team_counts.members + excluded.members),
     figured as (
       select a.ancestor, f.figure, f.before, f.after, a.depth, a.account
       from referral_ancestors a join m on m.account = a.account join figure_bucketed_teams t on t.ancestor = a.ancestor
         cross join lateral (values (0::int2, figure_bucket(a.status), figure_bucket(m.status)),
                                    (1::int2, figure_bucket(a.delegated), figure_bucket(m.delegated)),
                                    (2::int2, figure_bucket(a.undelegating), figure_bucket(m.undelegating)),
                                    (3::int2, figure_bucket(a.team_size), figure_bucket(m.team_size))) f(figure, before, after)
       where f.before <> f.after),
     ${figureCounts("select ancestor, figure, before, depth, account, -1 from figured union all select ancestor, figure, after, depth, account, 1 from figured")},
     named as (
       update nickname_suffixes s set status = m.status, delegated = m.delegated, undelegating = m.undelegating, team_size = m.team_size
       from (select m.*, array(select n.suffix from nickname_suffix_starts(p.nickname) n) as suffixes
             from m join profiles p on p.address = m.account and p.nickname <> '' offset 0) m
       where s.account = m.account and s.suffix = any(m.suffixes)
         and (s.status, s.delegated, s.undelegating, s.team_size) is distinct from (m.status, m.delegated, m.undelegating, m.team_size))
     update referral_ancestors a set status = m.status, delegated = m.delegated, undelegating = m.undelegating, team_size = m.team_size
     from m where a.account = m.account
       and (a.status, a.delegated, a.undelegating, a.team_size) is distinct from (m.status, m.delegated, m.undelegating, m.team_size)`,
    [members],
  );
  // The function is called only when a team has just become large: on most blocks none has, and calling it to find
  // that out took PGlite 1.7–2.3 ms of a block's write (BENCHMARKS.md "Where a block's write goes on PGlite").
  await tx.query(
    `select count_large_teams_by_figure(array_agg(t.address)) from teams t
     where t.address = any($1::text[]) and t.team_size >= (select least_members from team_figure_bucket_settings)
       and not exists (select from figure_bucketed_teams b where b.ancestor = t.address)
     having count(*) > 0`,
    [members],
  );
}

/**
 * Common table expressions that add `changes` (ancestor, figure, bucket, depth, account, members: a member of a large
 * team at that level entering a bucket of a figure, 1, or leaving it, -1) to the team's buckets and to their groups
 * (migration 039), and in a bucket of one value to its groups and buckets in level order (migration 043). A bucket's
 * first and last take a changed member's address when it sorts beyond them: one that leaves was in the bucket, so it
 * does not.
 */
function figureCounts(changes: string): string {
  return `figure_changes (ancestor, figure, bucket, depth, account, members) as (${changes}),
     tie_changes as (select * from figure_changes where figure_bucket_is_one_value(bucket)),
     tie_groups as (
       insert into team_figure_tie_groups (ancestor, figure, bucket, depth, bucket_group, members)
       select ancestor, figure, bucket, depth, left(account, 5), sum(members)::int from tie_changes group by 1, 2, 3, 4, 5
       on conflict (ancestor, figure, bucket, depth, bucket_group) do update set members = team_figure_tie_groups.members + excluded.members),
     tie_buckets as (
       insert into team_figure_tie_buckets (ancestor, figure, bucket, depth, tie_bucket, members, first, last)
       select ancestor, figure, bucket, depth, left(account, 6), sum(members)::int, min(account), max(account) from tie_changes group by 1, 2, 3, 4, 5
       on conflict (ancestor, figure, bucket, depth, tie_bucket) do update set members = team_figure_tie_buckets.members + excluded.members,
         first = least(team_figure_tie_buckets.first, excluded.first), last = greatest(team_figure_tie_buckets.last, excluded.last)),
     figure_buckets as (
       insert into team_figure_buckets (ancestor, figure, bucket, members)
       select ancestor, figure, bucket, sum(members)::int from figure_changes group by 1, 2, 3
       on conflict (ancestor, figure, bucket) do update set members = team_figure_buckets.members + excluded.members),
     figure_groups as (
       insert into team_figure_bucket_groups (ancestor, figure, bucket_group, members)
       select ancestor, figure, bucket / 100, sum(members)::int from figure_changes group by 1, 2, 3
       on conflict (ancestor, figure, bucket_group) do update set members = team_figure_bucket_groups.members + excluded.members)`;
}

function columnOf(values: unknown[]): Columns {
  const c = new Columns(1);
  values.forEach((v) => c.push(v));
  return c;
}

/**
 * What each member adds to its ancestors' teams: a member already in the tree its change over the batch (and ±1 active
 * when it crosses the threshold); a member registered in the batch its whole final state and one person.
 */
function teamDeltas(d: Deltas, before: Map<string, Holdings>, registered: Set<string>): Map<string, TeamDelta> {
  const members = new Map<string, TeamDelta>();
  for (const address of new Set([...d.holdings.keys(), ...registered])) {
    const start = before.get(address) ?? ZERO;
    const change = d.holdings.get(address) ?? ZERO;
    const end = {
      available: start.available + change.available,
      delegated: start.delegated + change.delegated,
      undelegating: start.undelegating + change.undelegating,
    };
    if (registered.has(address)) members.set(address, { ...end, people: 1, active: isActive(end) ? 1 : 0 });
    else members.set(address, { ...change, people: 0, active: Number(isActive(end)) - Number(isActive(start)) });
  }
  return members;
}

async function saveTeamDeltas(tx: Queryable, members: Map<string, TeamDelta>): Promise<void> {
  const rows = new Columns(6);
  for (const [address, t] of members) rows.push(address, t.people, t.active, t.available.toString(), t.delegated.toString(), t.undelegating.toString());
  if (rows.size === 0) return;
  // Members outside the tree have no ancestor rows: the join leaves them out.
  await tx.query(
    `update teams t set team_size = t.team_size + s.people, active_team = t.active_team + s.active, team_balance = t.team_balance + s.available,
       team_delegated = t.team_delegated + s.delegated, team_undelegating = t.team_undelegating + s.undelegating
     from (select a.ancestor, sum(u.people)::int as people, sum(u.active)::int as active, sum(u.available) as available,
             sum(u.delegated) as delegated, sum(u.undelegating) as undelegating
           from unnest($1::text[], $2::int[], $3::int[], $4::numeric[], $5::numeric[], $6::numeric[]) as u(member, people, active, available, delegated, undelegating)
           join referral_ancestors a on a.account = u.member group by a.ancestor) s
     where t.address = s.ancestor`,
    rows.data as never,
  );
}

/** Registrations per ancestor and UTC day; an ancestor keeps the count of its latest day. */
async function saveDailyTeamSize(tx: Queryable, joined: { member: string; day: string }[]): Promise<void> {
  if (joined.length === 0) return;
  await tx.query(
    `with r as (select a.ancestor, u.day, count(*)::int as n from unnest($1::text[], $2::date[]) as u(member, day)
                join referral_ancestors a on a.account = u.member group by a.ancestor, u.day),
          latest as (select distinct on (ancestor) ancestor, day, n from r order by ancestor, day desc)
     update teams t set team_size_daily = case when t.team_size_day = latest.day then t.team_size_daily + latest.n else latest.n end,
       team_size_day = latest.day
     from latest where t.address = latest.ancestor`,
    [joined.map((j) => j.member), joined.map((j) => j.day)],
  );
}

/** Partner rewards received, in uaxm (total_rewards) and in RET (total_rewards_ret, uret_mode), summed per receiver. */
async function saveRefFees(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const sums = new Map<string, { uaxm: bigint; uret: bigint }>();
  const add = (list: AddressAmount[], denom: "uaxm" | "uret") => {
    for (const [to, amount] of list) {
      const sum = sums.get(to) ?? { uaxm: 0n, uret: 0n };
      sum[denom] += BigInt(amount);
      sums.set(to, sum);
    }
  };
  for (const b of blocks) {
    add(b.accounts.refFees, "uaxm");
    add(b.accounts.refFeesRet, "uret");
  }
  const rows = new Columns(3);
  for (const [to, sum] of sums) rows.push(to, sum.uaxm.toString(), sum.uret.toString());
  await insertUnnest(
    tx,
    "teams (address, total_rewards, total_rewards_ret)",
    ["text", "numeric", "numeric"],
    rows,
    "on conflict (address) do update set total_rewards = teams.total_rewards + excluded.total_rewards, total_rewards_ret = teams.total_rewards_ret + excluded.total_rewards_ret",
  );
}

/** The last status event of each address in the batch decides; a cancellation keeps the status and clears the date. */
async function saveStatuses(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const last = new Map<string, { status: number | null; downgradeAt: string | null }>();
  for (const b of blocks) {
    for (const c of b.accounts.statusChanges) {
      const current = last.get(c.address) ?? { status: null, downgradeAt: null };
      if (c.kind === "status") last.set(c.address, { status: c.status, downgradeAt: null });
      else last.set(c.address, { status: current.status, downgradeAt: c.kind === "downgrade" ? c.at : null });
    }
  }
  const rows = new Columns(3);
  for (const [address, s] of last) rows.push(address, s.status, s.downgradeAt);
  if (rows.size === 0) return;
  await tx.query(
    `update referrals r set status = coalesce(u.status, r.status), status_downgrade_at = u.downgrade_at
     from unnest($1::text[], $2::int2[], $3::timestamptz[]) as u(address, status, downgrade_at) where r.address = u.address`,
    rows.data as never,
  );
}

async function savePremium(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const buyers = [...new Set(blocks.flatMap((b) => b.accounts.premiumPurchases))];
  if (buyers.length === 0) return;
  const rows = await tx.query<{ address: string; expires_at: Date }>("select address, expires_at from premium where address = any($1::text[])", [buyers]);
  const expiry = new Map(rows.map((r) => [r.address, r.expires_at.getTime()]));
  for (const b of blocks) {
    const now = Date.parse(b.time);
    for (const buyer of b.accounts.premiumPurchases) expiry.set(buyer, premiumExpiryAfterPurchase(expiry.get(buyer), now));
  }
  const out = new Columns(2);
  for (const buyer of buyers) out.push(buyer, new Date(expiry.get(buyer)!).toISOString());
  await insertUnnest(tx, "premium (address, expires_at)", ["text", "timestamptz"], out, "on conflict (address) do update set expires_at = excluded.expires_at");
}

export async function writeAccounts(tx: Queryable, blocks: IndexedBlock[], moved: DelegationDelta[]): Promise<void> {
  const d = sumDeltas(blocks, moved);
  const joined = await ancestorsOfRegistrations(tx, blocks);
  const registered = new Set(joined.map((j) => j.member));
  const before = await loadHoldings(tx, [...new Set([...d.holdings.keys(), ...registered])]);
  await saveBalances(tx, d);
  await saveUnbondings(tx, blocks);
  await saveRegistrations(tx, joined);
  await saveTeamDeltas(tx, teamDeltas(d, before, registered));
  await saveDailyTeamSize(tx, joined);
  await saveRefFees(tx, blocks);
  await saveStatuses(tx, blocks);
  await savePremium(tx, blocks);
  await queueMemberSync(tx, membersToSync(d, blocks, joined));
}

/** Members whose figures the batch changed, for syncPendingMembers once the batch is committed (migration 047). */
async function queueMemberSync(tx: Queryable, members: string[]): Promise<void> {
  if (members.length === 0) return;
  await tx.query("insert into pending_member_syncs (account) select unnest($1::text[]) on conflict do nothing", [members]);
}

/** Copies the figures of the members queued by the batches written so far onto their team rows and nickname entries. */
export async function syncPendingMembers(tx: Queryable): Promise<void> {
  const queued = await tx.query<{ account: string }>("delete from pending_member_syncs returning account");
  const members = queued.map((q) => q.account);
  await syncMembers(tx, members);
}

/**
 * The members whose copied figures may have changed: their bonded or unbonding coins, their status, or their team (a
 * new member and its ancestors). A change of available coins alone, every fee payer's, copies nothing.
 */
function membersToSync(d: Deltas, blocks: IndexedBlock[], joined: { member: string; ancestors: string[] }[]): string[] {
  const members = new Set<string>();
  for (const [address, h] of d.holdings) if (h.delegated !== 0n || h.undelegating !== 0n) members.add(address);
  for (const b of blocks) for (const c of b.accounts.statusChanges) members.add(c.address);
  for (const j of joined) [j.member, ...j.ancestors].forEach((a) => members.add(a));
  return [...members];
}
