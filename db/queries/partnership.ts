// Reads of the partnership programme: what status progress is measured on, KPI branches, leaders with their KPI, and the leader-bonus pool.
import type { Queryable } from "../connection.ts";

export interface ProgressRow {
  delegated: string;
  team_delegated: string;
  status: number;
}

/** The account's own delegation, its team's (levels 1..14) and its status; zeros for an address the index has never seen. */
export async function progressRow(db: Queryable, address: string): Promise<ProgressRow> {
  const rows = await db.query<ProgressRow>(
    `select coalesce(b.delegated, 0)::text as delegated, coalesce(t.team_delegated, 0)::text as team_delegated, coalesce(r.status, 0)::int as status
     from (select $1::text as address) a
       left join account_balances b on b.address = a.address
       left join teams t on t.address = a.address
       left join referrals r on r.address = a.address`,
    [address],
  );
  return rows[0];
}

export interface FirstLineRow {
  delegated: string;
  /** Its own first-line referrals that delegate at least `activeDelegation`. */
  active_referrals: number;
  team_size: number;
}

/** The account's first-line referrals as the status rules see them. */
export async function firstLine(db: Queryable, address: string, activeDelegation: bigint): Promise<FirstLineRow[]> {
  return db.query<FirstLineRow>(
    `select coalesce(b.delegated, 0)::text as delegated, coalesce(t.team_size, 0)::int as team_size,
       (select count(*) from referrals g join account_balances gb on gb.address = g.address
        where g.referrer = c.address and gb.delegated >= $2::numeric)::int as active_referrals
     from referrals c
       left join account_balances b on b.address = c.address
       left join teams t on t.address = c.address
     where c.referrer = $1`,
    [address, activeDelegation.toString()],
  );
}

/** uaxm newly delegated in each first-line branch of the account since the last leader-bonus round. */
export async function kpiBranches(db: Queryable, address: string): Promise<bigint[]> {
  const rows = await db.query<{ amount: string }>("select amount::text as amount from kpi_branches where leader = $1", [address]);
  return rows.map((r) => BigInt(r.amount));
}

export interface LeaderRow {
  address: string;
  status: number;
  /** Sum and largest of its KPI branches (uaxm): all the largest-branch rule needs. */
  kpi_total: string;
  kpi_largest: string;
  nickname: string | null;
  avatar: string | null;
  premium_exp: Date | null;
}

/** Accounts at `minStatus` or above with new delegations in their team since the last round (the KPI rating's field). */
export async function leadersWithKpi(db: Queryable, minStatus: number): Promise<LeaderRow[]> {
  return db.query<LeaderRow>(
    `select r.address, r.status::int as status, k.total::text as kpi_total, k.largest::text as kpi_largest,
       p.nickname, p.avatar, pr.expires_at as premium_exp
     from (select leader, sum(amount) as total, max(amount) as largest from kpi_branches group by leader) k
       join referrals r on r.address = k.leader and r.status >= $1
       left join profiles p on p.address = r.address
       left join premium pr on pr.address = r.address`,
    [minStatus],
  );
}

/** Accounts at `minStatus` or above whose Premium is unexpired at `at`, with their KPI branches summed up. */
export async function premiumLeaders(db: Queryable, minStatus: number, at: Date): Promise<LeaderRow[]> {
  return db.query<LeaderRow>(
    `select r.address, r.status::int as status, coalesce(k.total, 0)::text as kpi_total, coalesce(k.largest, 0)::text as kpi_largest,
       p.nickname, p.avatar, pr.expires_at as premium_exp
     from premium pr
       join referrals r on r.address = pr.address and r.status >= $1
       left join lateral (select sum(amount) as total, max(amount) as largest from kpi_branches where leader = r.address) k on true
       left join profiles p on p.address = r.address
     where pr.expires_at > $2`,
    [minStatus, at],
  );
}

export interface LeaderBonusRow {
  /** Available uaxm of the configured leader-bonus wallet (0 when none is configured or it holds nothing). */
  wallet_balance: string;
  /** End of the KPI window the indexer keeps (the next weekly result moment); null before the first block. */
  next_payout: Date | null;
  /** Time of the latest indexed block: the chain's "now". */
  chain_time: Date | null;
}

/** The chain has no leader-bonus state: the programme's wallet is configuration, its balance is the index's. */
export async function leaderBonusState(db: Queryable, wallet: string): Promise<LeaderBonusRow> {
  const rows = await db.query<LeaderBonusRow>(
    `select coalesce((select available from account_balances where address = $1), 0)::text as wallet_balance, lb.next_payout,
       (select time from blocks where height = (select indexed_height from indexer_state where id = 1)) as chain_time
     from leader_bonus lb
     where lb.id = 1`,
    [wallet],
  );
  return rows[0];
}
