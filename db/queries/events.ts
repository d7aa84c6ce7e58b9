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
  const total = await countAddressEvents(db, address);
  const top = total - (page - 1) * pageSize;
  if (top < 1) return [];
  return db.query<AddressEventRow>(
    `select e.height, b.time, t.hash as tx_hash, coalesce(t.events -> e.idx, b.events -> e.idx) as event
     from address_events e
     join blocks b on b.height = e.height
     left join transactions t on t.seq = e.seq
     where e.address = $1 and e.n between $2 and $3
     order by e.n desc`,
    [address, Math.max(1, top - pageSize + 1), top],
  );
}
