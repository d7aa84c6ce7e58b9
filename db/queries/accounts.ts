// Reads of accounts: balances, unbonding entries, the partnership record with team aggregates, and team pages.
import type { Queryable, SqlParam } from "../connection.ts";

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
       coalesce(t.total_rewards, 0)::text as total_rewards,
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
  return db.query("select amount::text as amount, completion_time from unbonding_entries where delegator = $1 order by completion_time, height, idx", [address]);
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

export const TEAM_ORDERS = ["status", "level", "delegated", "unbonding", "teamSize"] as const;
export type TeamOrder = (typeof TEAM_ORDERS)[number];

const ORDER_COLUMNS: Record<TeamOrder, string> = {
  status: "coalesce(r.status, 0)",
  level: "a.depth",
  delegated: "coalesce(b.delegated, 0)",
  unbonding: "coalesce(b.undelegating, 0)",
  teamSize: "coalesce(t.team_size, 0)",
};

/** The where clause of a team query over referral_ancestors a (joined with profiles p and referrals r where filtered). */
function teamWhere(root: string, f: TeamFilter): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [root];
  const where = ["a.ancestor = $1"];
  if (f.level !== null) {
    params.push(f.level);
    where.push(`a.depth = $${params.length}::int2`);
  }
  if (f.status !== null) {
    params.push(f.status);
    where.push(`coalesce(r.status, 0) = $${params.length}::int`);
  }
  if (f.q !== null) {
    params.push(f.q.toLowerCase());
    where.push(`(strpos(a.account, $${params.length}) > 0 or strpos(lower(coalesce(p.nickname, '')), $${params.length}) > 0)`);
  }
  return { sql: where.join(" and "), params };
}

export async function teamCount(db: Queryable, root: string, f: TeamFilter): Promise<number> {
  const w = teamWhere(root, f);
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from referral_ancestors a
       ${f.status !== null ? "left join referrals r on r.address = a.account" : ""}
       ${f.q !== null ? "left join profiles p on p.address = a.account" : ""}
     where ${w.sql}`,
    w.params,
  );
  return rows[0].n;
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

const MEMBER_COLUMNS = `a.account as address, a.depth::int as depth, coalesce(r.status, 0)::int as status, r.referrer,
       coalesce(b.delegated, 0)::text as delegated, coalesce(b.undelegating, 0)::text as undelegating,
       coalesce(t.team_size, 0)::int as team_size,
       case when t.team_size_day = ${CURRENT_DAY} then t.team_size_daily else 0 end::int as team_size_daily,
       coalesce(t.active_team, 0)::int as active_team,
       p.nickname, p.avatar, p.telegram, pr.expires_at as premium_exp`;

const MEMBER_JOINS = `left join referrals r on r.address = a.account
       left join account_balances b on b.address = a.account
       left join teams t on t.address = a.account
       left join profiles p on p.address = a.account
       left join premium pr on pr.address = a.account`;

/**
 * A page of the team. In level order without a status or text filter the page's (depth, account) pairs are read
 * straight from the primary key (ancestor, depth, account) and only those rows are joined; other orders and filters
 * sort the (filtered) team, at most 14 levels of it.
 */
export async function teamPage(db: Queryable, root: string, f: TeamFilter, order: TeamOrder, descending: boolean, pageSize: number, page: number): Promise<TeamMemberRow[]> {
  const w = teamWhere(root, f);
  const dir = descending ? "desc" : "asc";
  w.params.push(pageSize, (page - 1) * pageSize);
  const limit = `limit $${w.params.length - 1} offset $${w.params.length}`;
  if (order === "level" && f.q === null && f.status === null) {
    return db.query<TeamMemberRow>(
      `select ${MEMBER_COLUMNS}
       from (select a.account, a.depth from referral_ancestors a where ${w.sql} order by a.depth ${dir}, a.account ${dir} ${limit}) a
         ${MEMBER_JOINS}
       order by a.depth ${dir}, a.account ${dir}`,
      w.params,
    );
  }
  const orderBy = order === "level" ? `a.depth ${dir}, a.account ${dir}` : `${ORDER_COLUMNS[order]} ${dir}, a.depth, a.account`;
  return db.query<TeamMemberRow>(`select ${MEMBER_COLUMNS} from referral_ancestors a ${MEMBER_JOINS} where ${w.sql} order by ${orderBy} ${limit}`, w.params);
}

export async function nicknames(db: Queryable, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await db.query<{ address: string; nickname: string }>("select address, nickname from profiles where address = any($1::text[]) and nickname <> ''", [addresses]);
  return new Map(rows.map((r) => [r.address, r.nickname]));
}
