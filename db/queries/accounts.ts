// Reads of accounts: balances, unbonding entries, the partnership record with team aggregates, and team pages.
import type { QueryPlan, Queryable, SqlParam } from "../connection.ts";
import type { TeamOrder } from "../../shapes/accounts.ts";
import { MAX_LEVEL } from "../../core/partnership-status.ts";

export interface AccountRow {
  available: string;
  delegated: string;
  undelegating: string;
  claimed: string;
  registered: boolean;
  referrer: string | null;
  status: number;
  status_downgrade_at: Date | null;
  team_size: number;
  team_size_daily: number;
  team_delegated: string;
  team_undelegating: string;
  team_balance: string;
  active_team: number;
  total_rewards: string;
  /** Partner rewards received in uret (RET) while the referral module's uret_mode is on. */
  total_rewards_ret: string;
  nickname: string | null;
  avatar: string | null;
  telegram: string | null;
  confirmed: boolean;
  premium_exp: Date | null;
}

/** The day whose registrations team_size_daily counts: the UTC day of the latest indexed block. */
const CURRENT_DAY = "(select (time at time zone 'UTC')::date from blocks where height = (select indexed_height from indexer_state where id = 1))";

/** Everything the account info answer shows; zeros for an address the index has never seen. */
export async function accountRow(db: Queryable, address: string): Promise<AccountRow> {
  const rows = await db.query<AccountRow>(
    `select coalesce(b.available, 0)::text as available, coalesce(b.delegated, 0)::text as delegated,
       coalesce(b.undelegating, 0)::text as undelegating, coalesce(b.claimed, 0)::text as claimed,
       r.address is not null as registered, r.referrer, coalesce(r.status, 0)::int as status, r.status_downgrade_at,
       coalesce(t.team_size, 0)::int as team_size,
       case when t.team_size_day = ${CURRENT_DAY} then t.team_size_daily else 0 end::int as team_size_daily,
       coalesce(t.team_delegated, 0)::text as team_delegated, coalesce(t.team_undelegating, 0)::text as team_undelegating,
       coalesce(t.team_balance, 0)::text as team_balance, coalesce(t.active_team, 0)::int as active_team,
       coalesce(t.total_rewards, 0)::text as total_rewards, coalesce(t.total_rewards_ret, 0)::text as total_rewards_ret,
       p.nickname, p.avatar, p.telegram, coalesce(p.confirmed, false) as confirmed, pr.expires_at as premium_exp
     from (select $1::text as address) a
       left join account_balances b on b.address = a.address
       left join referrals r on r.address = a.address
       left join teams t on t.address = a.address
       left join profiles p on p.address = a.address
       left join premium pr on pr.address = a.address`,
    [address],
  );
  return rows[0];
}

export async function unbondingEntries(db: Queryable, address: string): Promise<{ amount: string; completion_time: Date }[]> {
  return db.query("select amount::text as amount, completion_time from unbonding_entries where delegator = $1 order by completion_time, height, idx", [
    address,
  ]);
}

export async function premiumExpiry(db: Queryable, address: string): Promise<Date | null> {
  const rows = await db.query<{ expires_at: Date }>("select expires_at from premium where address = $1", [address]);
  return rows[0]?.expires_at ?? null;
}

export interface TeamFilter {
  q: string | null;
  level: number | null;
  status: number | null;
}

/** Sort keys on the member's own ancestor rows, each with an index (ancestor, key, depth, account). */
const ORDER_COLUMNS: Record<TeamOrder, string> = {
  status: "a.status",
  level: "a.depth",
  delegated: "a.delegated",
  unbonding: "a.undelegating",
  teamSize: "a.team_size",
};

/** The highest code point: every suffix that starts with a fragment sorts (bytewise) below the fragment followed by it. */
const LAST_CODE_POINT = 0x10ffff;

interface TeamWhere {
  from: string;
  sql: string;
  params: SqlParam[];
  /** The level filter's parameter, if any. */
  level?: string;
  /**
   * For a text search: the lowered fragment's parameter, its LIKE pattern's, its range of nickname_suffixes s, and
   * whether the team's own entries are read by their path (`small`, an SQL condition).
   */
  search?: { start: string; like: string; range: string; small: string };
}

/**
 * Team $1's owner: its number, and its generation (migration 035), 0 when its own referral is not in the index (a
 * referrer not in the index counts as a root, and its referees are its first generation).
 */
const OWNER = `select n.number, coalesce(r.generation, 0) as generation
         from account_numbers n left join referrals r on r.address = n.address where n.address = $1`;

/**
 * Whether nickname entry s is in the team of owner o (OWNER), at level s.generation - o.generation: a member at level
 * d has the owner as its d-th ancestor (nearest first), and any other level's subscript is another account or none.
 * One subscript, where finding the owner among the ancestors (`= any`, `array_position`) called the array's equality
 * for each of them (migration 041).
 */
const IN_TEAM = "s.ancestors[s.generation - o.generation] = o.number";

/** The characters of a suffix's `lead` (migration 035): a fragment at least this long has one lead. */
const LEAD_LENGTH = 3;

/** A member's figures, on each of its ancestor rows and on each of its nickname's entries (migration 038). */
const FIGURES = ["status", "delegated", "undelegating", "team_size"];

/** The figures' columns of table `t`, each after a comma, when `wanted`. */
function figuresOf(t: string, wanted: boolean): string {
  return wanted ? FIGURES.map((c) => `, ${t}.${c}`).join("") : "";
}

/**
 * The source and where clause of a team query over rows a of referral_ancestors. A text search starts from its matches.
 * Nicknames: the range of nickname_suffixes that starts with the fragment, each entry with the member's generation and
 * ancestors as numbers, which say whether it is in the team and at which level (IN_TEAM), read from the index alone
 * (migrations 032 and 041; a nickname holding the fragment twice is taken at its first: the entry's `earlier`
 * characters, which also start earlier in the nickname, are fewer than the fragment's, migration 034).
 * Addresses: the trigram index on them, each match looked up in the index on (account, depth), which carries the
 * ancestor. Only when a status filter or a sort key needs them (`withFigures`) are the member's figures read too: from
 * each entry, whose index carries them (migration 038), and from each address match's ancestor row. The OFFSET 0
 * keeps the planner from turning a look-up into a walk of the whole team along the sort index, which it picks when it
 * underestimates the matches. A member matched by both is kept from the nicknames' side: an address match whose own
 * nickname matches too is left out (a look-up by key for each of the few address matches), so the two sides are
 * appended as they come. A small team (smallTeam) reads, for a fragment of LEAD_LENGTH characters or more, its own
 * entries of the fragment's lead instead of every entry of the fragment: one range of their paths for each level
 * (pathRanges, migration 040), each entry's level from its path.
 */
function teamWhere(root: string, f: TeamFilter, withFigures: boolean): TeamWhere {
  const params: SqlParam[] = [root];
  let search: TeamWhere["search"];
  const where = ["a.ancestor = $1"];
  let from = "referral_ancestors a";
  let level: string | undefined;
  if (f.level !== null) {
    params.push(f.level);
    level = `$${params.length}::int2`;
    where.push(`a.depth = ${level}`);
  }
  if (f.status !== null) {
    params.push(f.status);
    where.push(`a.status = $${params.length}::int2`);
  }
  if (f.q !== null) {
    const fragment = f.q.toLowerCase();
    params.push(fragment, containsPattern(fragment), [...fragment].length);
    const start = `$${params.length - 2}::text`;
    const like = `$${params.length - 1}`;
    const range = `s.suffix >= ${start} and s.suffix < ${start} || chr(${LAST_CODE_POINT}) and s.earlier < $${params.length}::int2`;
    // The same matches among a team's own entries, in a form no index of the suffix serves: a plan for any values took
    // the primary key's range of the fragment instead of the team's ranges once the table's statistics were made.
    const startsWith = `left(s.suffix, $${params.length}::int4) = ${start} and s.earlier < $${params.length}::int2`;
    const figures = figuresOf("s", withFigures);
    const small = [...fragment].length >= LEAD_LENGTH ? smallTeam(level) : "false";
    search = { start, like, range, small };
    const everyEntry = `select $1::text as ancestor, s.depth, s.account${figures}
         from (${OWNER}) o cross join lateral (
           select s.account, (s.generation - o.generation)::int2 as depth${figures} from nickname_suffixes s
           where ${range} and ${IN_TEAM} offset 0) s
         where not ${small}`;
    const teamEntries = `select $1::text as ancestor, (cardinality(s.path) - p.above)::int2 as depth, s.account${figures}
         from (${pathRanges(level)}) p cross join lateral (
           select s.path, s.account${figures} from nickname_suffixes s
           where s.lead = left(${start}, ${LEAD_LENGTH}) and s.path >= p.low and s.path < p.high and ${startsWith} offset 0) s
         where ${small}`;
    const sides = [everyEntry, ...(small === "false" ? [] : [teamEntries]), addressMatches(like, withFigures)];
    from = `(${sides.join("\n       union all\n       ")}) a`;
  }
  return { from, sql: where.join(" and "), params, level, search };
}

/**
 * Whether team $1 is small enough to be searched among its own entries, by their paths (team_search_settings.small_team,
 * migration 040): the members its ranges of paths (pathRanges) hold, from team_counts (at most 14 levels x 8 statuses).
 * For a level filter, that level's; but while the owner has fewer than MAX_LEVEL - d ancestors, the levels down to
 * MAX_LEVEL less their number share one range, and a filtered level among them reads all of theirs.
 */
function smallTeam(level: string | undefined): string {
  const read =
    level === undefined
      ? "team_counts c where c.ancestor = $1"
      : `(select ${MAX_LEVEL} - count(*) as shared from referral_ancestors where account = $1) o, team_counts c
         where c.ancestor = $1 and (c.depth = ${level} or (${level} <= o.shared and c.depth <= o.shared))`;
  return `((select coalesce(sum(c.members), 0) from ${read}) <= (select small_team from team_search_settings))`;
}

/**
 * The ranges of nickname entries' paths (migration 040) that hold team $1's members, each with how many of the owner's
 * own ancestors its paths start with (`above`). A member at level d starts with the owner's nearest MAX_LEVEL - d
 * ancestors from the top down, then the owner, so its level is its path's length less `above`. While the owner has
 * fewer ancestors than that, all of them: the levels down to MAX_LEVEL less their number share that range. For a level
 * filter, the level's range alone. A range with an ancestor of the owner's unnumbered (none of its members has a
 * nickname) is left out. The owner's ancestors are read once (fenced: inlined, each use of them was a subquery).
 */
function pathRanges(level: string | undefined): string {
  const levels = level === undefined ? `generate_series(1, ${MAX_LEVEL})` : `(values (${level}))`;
  return `select distinct cardinality(a.above) as above, a.above || o.number as low, a.above || (o.number + 1) as high
         from account_numbers o
           cross join lateral (
             select array(select n.number from referral_ancestors x left join account_numbers n on n.address = x.ancestor
                          where x.account = $1 order by x.depth desc) as up offset 0) u
           cross join ${levels} d(depth)
           cross join lateral (select u.up[cardinality(u.up) - ${MAX_LEVEL} + d.depth + 1 : cardinality(u.up)] as above) a
         where o.address = $1 and array_position(a.above, null) is null`;
}

/**
 * The members of team $1 whose address holds the fragment (`like`) and whose nickname does not (the nicknames' side
 * finds those): the trigram index on the addresses, each match looked up in the (account, depth) index, which carries
 * the ancestor, and, for its figures when `withFigures`, its one row read by key (a filter on the ancestor over the
 * account's rows would read each of its up to 14).
 */
function addressMatches(like: string, withFigures: boolean): string {
  const row = withFigures
    ? `cross join lateral (select ${FIGURES.join(", ")} from referral_ancestors y where y.ancestor = x.ancestor and y.depth = x.depth and y.account = x.account offset 0) y`
    : "";
  return `select x.ancestor, x.depth, x.account${figuresOf("y", withFigures)} from referrals r
         cross join lateral (select x.ancestor, x.depth, x.account from referral_ancestors x where x.account = r.address and x.ancestor = $1 offset 0) x
         ${row}
       where lower(r.address) like ${like}
         and not coalesce((select lower(n.nickname) like ${like} from profiles n where n.address = r.address), false)`;
}

/** A LIKE pattern that matches `text` anywhere, its own %, _ and backslash taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Without a text search the count adds up team_counts (at most 14 levels x 8 statuses); a search counts its matches in the team. */
export async function teamCount(db: Queryable, root: string, f: TeamFilter): Promise<number> {
  if (f.q === null) {
    const params: SqlParam[] = [root, f.level, f.status];
    const rows = await db.query<{ n: number }>(
      `select coalesce(sum(members), 0)::int as n from team_counts
       where ancestor = $1 and ($2::int2 is null or depth = $2::int2) and ($3::int2 is null or status = $3::int2)`,
      params,
    );
    return rows[0].n;
  }
  const w = teamWhere(root, f, f.status !== null);
  const rows = await db.query<{ n: number }>(`select count(*)::int as n from ${w.from} where ${w.sql}`, w.params, searchPlan(f));
  return rows[0].n;
}

/**
 * A text search reads the same indexes whatever its values: its matches through the nicknames' suffixes and the
 * addresses' trigrams, fenced from the rest, and each match's rows by key. So one generic plan serves every search;
 * planning it for each call's values took a third to nearly half of a rare fragment's page (BENCHMARKS.md "Team
 * searches planned once"). Without a text search, a filter's plan depends on its values (how much of the team a status
 * or a level holds): planned for them.
 */
function searchPlan(f: TeamFilter): QueryPlan {
  return f.q === null ? "custom" : "generic";
}

export interface TeamMemberRow {
  address: string;
  depth: number;
  status: number;
  referrer: string | null;
  delegated: string;
  undelegating: string;
  team_size: number;
  team_size_daily: number;
  active_team: number;
  nickname: string | null;
  avatar: string | null;
  telegram: string | null;
  premium_exp: Date | null;
}

/** A team page's member: with its referrer's nickname (null when it has none), the page's `names`, read with its rows. */
export interface TeamPageRow extends TeamMemberRow {
  referrer_nickname: string | null;
}

const MEMBER_COLUMNS = `a.account as address, a.depth::int as depth, a.status::int as status, r.referrer,
       a.delegated::text as delegated, a.undelegating::text as undelegating, a.team_size,
       case when t.team_size_day = ${CURRENT_DAY} then t.team_size_daily else 0 end::int as team_size_daily,
       coalesce(t.active_team, 0)::int as active_team,
       p.nickname, p.avatar, p.telegram, pr.expires_at as premium_exp`;

/**
 * A page's ten rows each look their account up by primary key. Written as fenced LATERAL look-ups, not joins: the
 * planner then has one way to join them and plans each look-up alone, where four joins made it weigh merge and hash
 * joins against the tables' statistics on every call (1 ms of planning, more than the page's execution; BENCHMARKS.md
 * "Team pages planned in a fraction").
 */
const MEMBER_JOINS = `left join lateral (select referrer from referrals where address = a.account offset 0) r on true
       left join lateral (select team_size_day, team_size_daily, active_team from teams where address = a.account offset 0) t on true
       left join lateral (select nickname, avatar, telegram from profiles where address = a.account offset 0) p on true
       left join lateral (select expires_at from premium where address = a.account offset 0) pr on true`;

/** A page's referrers' nicknames (its `names`), read in the page's own statement rather than a second one. */
const REFERRER_NAME_JOIN = `left join lateral (select nickname from profiles where address = r.referrer and nickname <> '' offset 0) rp on true`;

/**
 * A page of the team, ties broken by level and address in the same direction. The page's rows are picked from the
 * ancestor table alone, and only they are joined: in level order with no status or text filter, from the bucket the
 * page starts in (teamPageInLevelOrder); sorted by a figure with no filter, from the bucket of the figure the page
 * starts in (teamPageByFigure); a text search with no status filter, in level order or by a figure whose nickname
 * entries have an index in its order, along that index (teamSearchPageByWalk); otherwise along the index of the sort
 * key, or among the search's matches, by OFFSET (teamPageByOffset).
 */
export async function teamPage(
  db: Queryable,
  root: string,
  f: TeamFilter,
  order: TeamOrder,
  descending: boolean,
  pageSize: number,
  page: number,
): Promise<TeamPageRow[]> {
  if (order === "level" && f.q === null && f.status === null) return teamPageInLevelOrder(db, root, f.level, descending, pageSize, page);
  if (order !== "level" && f.q === null && f.status === null && f.level === null) return teamPageByFigure(db, root, order, descending, pageSize, page);
  if (f.q !== null && f.status === null && order in WALK_ORDERS && [...f.q.toLowerCase()].length >= LEAD_LENGTH) {
    return teamSearchPageByWalk(db, root, f, order as WalkOrder, descending, pageSize, page);
  }
  return teamPageByOffset(db, root, f, order, descending, pageSize, page);
}

/**
 * The orders a search's page can be walked in: each the columns of nickname_suffixes in that order after the lead, an
 * index's (level: migration 035; delegated coins and team size: migration 042). Status and unbonding coins have none
 * (each index slows the indexer's updates of the entries: BENCHMARKS.md "A search sorted by a figure walked in its
 * order").
 */
const WALK_ORDERS = {
  level: "s.generation, s.account",
  delegated: "s.delegated, s.generation, s.account",
  teamSize: "s.team_size, s.generation, s.account",
} satisfies Partial<Record<TeamOrder, string>>;
type WalkOrder = keyof typeof WALK_ORDERS;

/** A walk reads at most this many entries of its lead for each row up to the end of its page, but at least WALK_LEAST. */
const WALK_PER_ROW = 4;
const WALK_LEAST = 200;

/**
 * A page of a text search with no status filter (a status is on each entry, not in the indexes the walk reads), in
 * level order or by a figure of WALK_ORDERS. Its nicknames' side is read along the entries of the fragment's lead in
 * that order, which is the team's (a member's level is its generation less the owner's, migration 035): in level
 * order from the owner's first generation to its fourteenth (or the filtered level's); by a figure among the lead's
 * entries of the whole tree, those of the team (and of the filtered level) kept. The walk stops once it has the
 * matches up to the page's end, or after `cap` entries; if it found them all, they and the address side's few give the
 * page. Otherwise (a rare fragment among many entries of its lead, a team holding few of them, the last page or past
 * it) the same statement reads the page by OFFSET among all the matches, as teamPageByOffset does; so does a small team,
 * without the walk, among its own entries.
 */
export async function teamSearchPageByWalk(
  db: Queryable,
  root: string,
  f: TeamFilter,
  order: WalkOrder,
  descending: boolean,
  pageSize: number,
  page: number,
  cap = Math.max(WALK_LEAST, page * pageSize * WALK_PER_ROW),
): Promise<TeamPageRow[]> {
  const byFigure = order !== "level";
  const w = teamWhere(root, f, byFigure);
  const { start, like, range, small } = w.search!;
  const dir = descending ? "desc" : "asc";
  // The sort's figure, when it is one, from each entry and each address match: the page is sorted among both sides.
  const column = byFigure ? ORDER_COLUMNS[order].replace(/^a\./, "") : null;
  const figureOf = (t: string) => (column === null ? "" : `, ${t}.${column}`);
  const orderBy = `${byFigure ? `${ORDER_COLUMNS[order]} ${dir}, ` : ""}a.depth ${dir}, a.account ${dir}`;
  w.params.push(page * pageSize, pageSize, cap);
  const [upTo, size, walkCap] = [3, 2, 1].map((back) => `$${w.params.length + 1 - back}`);
  const levels = w.level === undefined ? `between o.generation + 1 and o.generation + ${MAX_LEVEL}` : `= o.generation + ${w.level}`;
  // In level order the team's generations bound the index's range; by a figure they are checked on each entry.
  const [bounded, kept] = byFigure ? ["", ` and s.generation ${levels}`] : [` and s.generation ${levels}`, ""];
  const walkOrder = WALK_ORDERS[order].replaceAll(",", ` ${dir},`) + ` ${dir}`;
  const pageOf = `order by ${orderBy} limit ${size} offset ${upTo} - ${size}`;
  const picked = `with found as (
       select $1::text as ancestor, m.depth, m.account${figureOf("m")} from (${OWNER}) o cross join lateral (
         select s.account, (s.generation - o.generation)::int2 as depth${figureOf("s")} from (
           select s.account, s.suffix, s.earlier, s.ancestors, s.generation${figureOf("s")} from nickname_suffixes s
           where s.lead = left(${start}, ${LEAD_LENGTH})${bounded}
           order by ${walkOrder} limit ${walkCap}) s
         where ${range} and ${IN_TEAM}${kept}) m
       where not ${small} limit ${upTo}),
     walked as (select count(*) >= ${upTo} as enough from found)
     (select a.ancestor, a.depth, a.account from (
        select * from found union all select x.ancestor, x.depth, x.account${figureOf("x")} from (${addressMatches(like, byFigure)}) x) a
      where ${w.sql} and (select enough from walked) ${pageOf})
     union all
     (select a.ancestor, a.depth, a.account from ${w.from} where ${w.sql} and not (select enough from walked) ${pageOf})`;
  return db.query<TeamPageRow>(membersOf(picked, orderBy, true), w.params, "generic");
}

/**
 * A page of the team in level order (level, then address) with no filter but the level, found without walking the
 * members before it: team_counts gives the level the page starts in, that level's team_bucket_groups (added up in
 * order, at most 32) the group, the group's team_buckets (at most 32) the bucket, and the page is read along the
 * primary key from the bucket's first member (last, descending), skipping only the members of that bucket before the
 * page. A page past the end finds no bucket and no rows.
 */
export async function teamPageInLevelOrder(
  db: Queryable,
  root: string,
  level: number | null,
  descending: boolean,
  pageSize: number,
  page: number,
): Promise<TeamPageRow[]> {
  const dir = descending ? "desc" : "asc";
  const orderBy = `a.depth ${dir}, a.account ${dir}`;
  const start = descending ? "last" : "first";
  const cmp = descending ? "<=" : ">=";
  // A page may run on into the next level, so the whole team's is read from (level, address); one level's from its
  // address alone: with the level fixed, the index would not start at a row comparison but at the level's first member.
  const bound =
    level === null
      ? `(a.depth, a.account) ${cmp} ((select depth from at_bucket), (select start from at_bucket))`
      : `a.depth = $2::int2 and a.account ${cmp} (select start from at_bucket)`;
  const picked = `with levels as (
       select depth, members, sum(members) over (order by depth ${dir}) as upto
       from (select depth, sum(members) as members from team_counts where ancestor = $1 and ($2::int2 is null or depth = $2::int2) group by depth) c),
     at_level as (select depth, $3::int8 - (upto - members) as skip from levels where upto > $3::int8 order by depth ${dir} limit 1),
     at_group as (
       select l.depth, g.bucket_group, l.skip - (g.upto - g.members) as skip
       from at_level l cross join lateral (
         select bucket_group, members, sum(members) over (order by bucket_group ${dir}) as upto
         from team_bucket_groups where ancestor = $1 and depth = l.depth) g
       where g.upto > l.skip order by g.upto limit 1),
     at_bucket as (
       select l.depth, b.${start} as start, l.skip - (b.upto - b.members) as skip
       from at_group l cross join lateral (
         select ${start}, members, sum(members) over (order by bucket ${dir}) as upto
         from team_buckets where ancestor = $1 and depth = l.depth and bucket between l.bucket_group || '0' and l.bucket_group || 'z') b
       where b.upto > l.skip order by b.upto limit 1)
     select a.ancestor, a.depth, a.account from referral_ancestors a
     where a.ancestor = $1 and ${bound}
     order by ${orderBy} limit $4 offset (select skip from at_bucket)`;
  // Every call reads the same indexes whatever the team or page: planned once, the query takes a third of the time.
  return db.query<TeamPageRow>(membersOf(picked, orderBy, true), [root, level, (page - 1) * pageSize, pageSize], "generic");
}

/** Each sort key's number in team_figure_buckets (migration 039) and the integer type its bucket bounds are compared as. */
const FIGURE_BUCKETS: Record<Exclude<TeamOrder, "level">, { figure: number; bound: string }> = {
  status: { figure: 0, bound: "int8" },
  delegated: { figure: 1, bound: "numeric" },
  unbonding: { figure: 2, bound: "numeric" },
  teamSize: { figure: 3, bound: "int8" },
};

/**
 * A page of the whole team sorted by a member's figure (then level and address), with no filter. A large team's
 * members are counted per bucket of each figure (migration 039): the counts of the figure's bucket groups, added up in
 * order, give the group the page starts in, the group's (at most 100) buckets the bucket, and the page is read along the
 * figure's index from the bucket's first value (descending, from below the next bucket's), skipping only the members of
 * that bucket before the page. In a bucket of one value its members are in level order, and counted so (migration
 * 043): the value's groups (at most 14 levels x 32) give the level and group of addresses the page starts in, the
 * group's buckets (at most 32) the bucket, and the page is read from the bucket's first member (its last, descending),
 * skipping only that bucket's members before it. A team too small to be counted is read by OFFSET in the same
 * statement, as teamPageByOffset does; so is a page past the end, which finds no bucket and no rows.
 */
export async function teamPageByFigure(
  db: Queryable,
  root: string,
  order: Exclude<TeamOrder, "level">,
  descending: boolean,
  pageSize: number,
  page: number,
): Promise<TeamPageRow[]> {
  const dir = descending ? "desc" : "asc";
  const column = ORDER_COLUMNS[order];
  const orderBy = `${column} ${dir}, a.depth ${dir}, a.account ${dir}`;
  const { figure, bound } = FIGURE_BUCKETS[order];
  const from = descending
    ? `${column} < figure_bucket_start((select bucket from at_bucket) + 1)::${bound}`
    : `${column} >= figure_bucket_start((select bucket from at_bucket))::${bound}`;
  const [end, cmp] = descending ? ["last", "<="] : ["first", ">="];
  const fromTie = `(${column}, a.depth, a.account) ${cmp} ((select bucket from at_bucket)::${bound}, (select depth from at_tie_group), (select start from at_tie))`;
  const picked = `with counted as (select exists (select from figure_bucketed_teams where ancestor = $1) as yes),
     groups as (
       select bucket_group, members, sum(members) over (order by bucket_group ${dir}) as upto
       from team_figure_bucket_groups where ancestor = $1 and figure = ${figure} and members > 0),
     at_group as (select bucket_group, $2::int8 - (upto - members) as skip from groups where upto > $2::int8 order by upto limit 1),
     at_bucket as (
       select b.bucket, g.skip - (b.upto - b.members) as skip
       from at_group g cross join lateral (
         select bucket, members, sum(members) over (order by bucket ${dir}) as upto
         from team_figure_buckets where ancestor = $1 and figure = ${figure} and bucket between g.bucket_group * 100 and g.bucket_group * 100 + 99 and members > 0) b
       where b.upto > g.skip order by b.upto limit 1),
     at_tie_group as (
       select t.depth, t.bucket_group, b.skip - (t.upto - t.members) as skip
       from at_bucket b cross join lateral (
         select depth, bucket_group, members, sum(members) over (order by depth ${dir}, bucket_group ${dir}) as upto
         from team_figure_tie_groups where ancestor = $1 and figure = ${figure} and bucket = b.bucket and members > 0) t
       where figure_bucket_is_one_value(b.bucket) and t.upto > b.skip order by t.upto limit 1),
     at_tie as (
       select t.${end} as start, g.skip - (t.upto - t.members) as skip
       from at_bucket b cross join at_tie_group g cross join lateral (
         select ${end}, members, sum(members) over (order by tie_bucket ${dir}) as upto
         from team_figure_tie_buckets where ancestor = $1 and figure = ${figure} and bucket = b.bucket and depth = g.depth
           and tie_bucket between g.bucket_group || '0' and g.bucket_group || 'z' and members > 0) t
       where t.upto > g.skip order by t.upto limit 1)
     (select a.ancestor, a.depth, a.account from referral_ancestors a
      where a.ancestor = $1 and (select start from at_tie) is not null and ${fromTie}
      order by ${orderBy} limit $3 offset (select skip from at_tie))
     union all
     (select a.ancestor, a.depth, a.account from referral_ancestors a
      where a.ancestor = $1 and (select yes from counted) and (select start from at_tie) is null and ${from}
      order by ${orderBy} limit $3 offset (select skip from at_bucket))
     union all
     (select a.ancestor, a.depth, a.account from referral_ancestors a
      where a.ancestor = $1 and not (select yes from counted)
      order by ${orderBy} limit $3 offset $2)`;
  return db.query<TeamPageRow>(membersOf(picked, orderBy, true), [root, (page - 1) * pageSize, pageSize], "generic");
}

/** A page of the team in any order and with any filter, its rows before the page skipped by OFFSET. */
export async function teamPageByOffset(
  db: Queryable,
  root: string,
  f: TeamFilter,
  order: TeamOrder,
  descending: boolean,
  pageSize: number,
  page: number,
): Promise<TeamPageRow[]> {
  const w = teamWhere(root, f, f.status !== null || order !== "level");
  const dir = descending ? "desc" : "asc";
  w.params.push(pageSize, (page - 1) * pageSize);
  const limit = `limit $${w.params.length - 1} offset $${w.params.length}`;
  const orderBy = order === "level" ? `a.depth ${dir}, a.account ${dir}` : `${ORDER_COLUMNS[order]} ${dir}, a.depth ${dir}, a.account ${dir}`;
  return db.query<TeamPageRow>(
    membersOf(`select a.ancestor, a.depth, a.account from ${w.from} where ${w.sql} order by ${orderBy} ${limit}`, orderBy, true),
    w.params,
    searchPlan(f),
  );
}

/**
 * The members picked by their keys (ancestor, depth, account), each row read once, with its profile and team, and for a
 * page (`referrerNames`) each referrer's nickname.
 */
function membersOf(picked: string, orderBy: string, referrerNames: boolean): string {
  return `select ${MEMBER_COLUMNS}${referrerNames ? ", rp.nickname as referrer_nickname" : ""}
     from (${picked}) k
       cross join lateral (select * from referral_ancestors where ancestor = k.ancestor and depth = k.depth and account = k.account offset 0) a
       ${MEMBER_JOINS}
       ${referrerNames ? REFERRER_NAME_JOIN : ""}
     order by ${orderBy}`;
}

/**
 * Up to `limit` team members in level order (level, then address, ascending) after the cursor member: teamPage's
 * default order read as keyset chunks along the primary key (ancestor, depth, account), never by OFFSET.
 */
export async function teamAfter(
  db: Queryable,
  root: string,
  f: TeamFilter,
  after: { depth: number; address: string } | null,
  limit: number,
): Promise<TeamMemberRow[]> {
  const w = teamWhere(root, f, f.status !== null);
  if (after) {
    w.params.push(after.depth, after.address);
    w.sql += ` and (a.depth, a.account) > ($${w.params.length - 1}::int2, $${w.params.length}::text)`;
  }
  w.params.push(limit);
  const orderBy = "a.depth, a.account";
  return db.query<TeamMemberRow>(
    membersOf(`select a.ancestor, a.depth, a.account from ${w.from} where ${w.sql} order by ${orderBy} limit $${w.params.length}`, orderBy, false),
    w.params,
  );
}

export async function nicknames(db: Queryable, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await db.query<{ address: string; nickname: string }>(
    "select address, nickname from profiles where address = any($1::text[]) and nickname <> ''",
    [addresses],
  );
  return new Map(rows.map((r) => [r.address, r.nickname]));
}
