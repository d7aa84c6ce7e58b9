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

/**
 * Page `page` of the address's events, newest first: events numbered top - pageSize + 1..top, where top is the
 * address's event count less the pages before. The count and the page are one statement, so a page costs one plan and
 * one round trip. It reads the same keys whatever the address or page (the address's range of its events, each event's
 * block and transaction by key): one generic plan serves every call (BENCHMARKS.md "An address's masks and events
 * planned once").
 */
export async function pageAddressEvents(db: Queryable, address: string, pageSize: number, page: number): Promise<AddressEventRow[]> {
  // Rows from the first holding event number `bottom`; each holds at least one event, so pageSize rows suffice.
  return db.query<AddressEventRow>(
    `with span as (select id, greatest(1, event_count - $2 - $3 + 1) as bottom, event_count - $2 as top from accounts where address = $1)
     select e.height, b.time, t.hash as tx_hash, coalesce(t.events -> k.i, b.events -> k.i) as event
     from (select *, cardinality(idx) as len from address_events where account = (select id from span) and n >= (select bottom from span) order by n limit $3) e
     cross join lateral unnest(e.idx) with ordinality as k(i, ord)
     join blocks b on b.height = e.height
     left join transactions t on t.seq = e.seq
     where e.n - e.len + k.ord between (select bottom from span) and (select top from span)
     order by e.n - e.len + k.ord desc`,
    [address, (page - 1) * pageSize, pageSize],
    "generic",
  );
}
