// Reads of the rich list: accounts by total balance (available + delegated + undelegating), biggest first, a range of
// the account_balances_rich index after the cursor's (total, address).
import type { Queryable } from "../connection.ts";

export interface RichRow {
  address: string;
  total: string;
  available: string;
  delegated: string;
  undelegating: string;
  nickname: string | null;
  avatar: string | null;
  exchange: boolean;
}

const COLUMNS = `b.address, b.total::text as total, b.available::text as available, b.delegated::text as delegated,
  b.undelegating::text as undelegating, p.nickname, p.avatar, coalesce(p.exchange, false) as exchange`;

/** The `limit` accounts after `after` (the first ones when null); accounts holding nothing are not listed. */
export async function richAfter(db: Queryable, after: { total: string; address: string } | null, limit: number): Promise<RichRow[]> {
  // Ordered by the numeric column (qualified), not by the text it is shown as; `total > 0` is the index's own condition.
  const page = after
    ? { where: "b.total > 0 and (b.total, b.address) < ($2::numeric, $3::text)", params: [limit, after.total, after.address] }
    : { where: "b.total > 0", params: [limit] };
  return db.query<RichRow>(
    `select ${COLUMNS} from (select * from account_balances b where ${page.where} order by b.total desc, b.address desc limit $1) b
       left join profiles p on p.address = b.address
     order by b.total desc, b.address desc`,
    page.params,
  );
}

/** The chain's uaxm supply as the indexer last read it from the node; null when it has not (a node refusing the query). */
export async function totalSupply(db: Queryable): Promise<bigint | null> {
  const rows = await db.query<{ total_supply: string }>("select total_supply::text as total_supply from chain_snapshot where id = 1");
  const supply = BigInt(rows[0]?.total_supply ?? "0");
  return supply > 0n ? supply : null;
}
