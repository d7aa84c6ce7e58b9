// Events that name an address, newest first, paged by the indexer's per-address numbering.
import type { Queryable } from "../connection.ts";

export interface AddressEventRow {
  height: number;
  time: Date;
  tx_hash: string | null;
  event: { type: string; attributes: { key: string; value: string }[] } | null;
}

export async function countAddressEvents(db: Queryable, address: string): Promise<number> {
  const rows = await db.query<{ event_count: number }>("select event_count from accounts where address = $1", [address]);
  return rows[0]?.event_count ?? 0;
}

export async function pageAddressEvents(db: Queryable, address: string, pageSize: number, page: number): Promise<AddressEventRow[]> {
  const top = (await countAddressEvents(db, address)) - (page - 1) * pageSize;
  if (top < 1) return [];
  const bottom = Math.max(1, top - pageSize + 1);
  // Rows from the first holding event number `bottom`; each holds at least one event, so pageSize rows suffice.
  return db.query<AddressEventRow>(
    `select e.height, b.time, t.hash as tx_hash, coalesce(t.events -> k.i, b.events -> k.i) as event
     from (select *, cardinality(idx) as len from address_events where address = $1 and n >= $2 order by n limit $4) e
     cross join lateral unnest(e.idx) with ordinality as k(i, ord)
     join blocks b on b.height = e.height
     left join transactions t on t.seq = e.seq
     where e.n - e.len + k.ord between $2 and $3
     order by e.n - e.len + k.ord desc`,
    [address, bottom, top, pageSize],
  );
}
