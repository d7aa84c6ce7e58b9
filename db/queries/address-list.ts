// An address's own list of transactions (address_txs, numbered n = 1, 2, … per address) under a type or status
// filter: the filter as conditions on the rows' masks (migration 028), where a deep page's walk starts and how many
// rows a time range holds, from the counts per stretch of the list (migration 037). The lists are keyed by the
// account's number (migration 045), which each statement finds by the address.
import type { QueryPlan, Queryable } from "../connection.ts";
import { statusBit } from "../../core/tx-masks.ts";
import { ADDRESS_STRETCH_BITS as BITS, ADDRESS_STRETCH_ROWS } from "../../core/tx-stretches.ts";
import type { TxFilter } from "./transactions.ts";

/** SQL for the number of the account whose address is the parameter `param`: the key of its lists (migration 045) and of its operations (046). */
export const accountOf = (param: string) => `(select id from accounts where address = ${param})`;

/** The account of the address $1. */
const ACCOUNT = accountOf("$1");

/** The type and status filters as conditions on a mask column `l.mask`: their values, and the SQL with them numbered from `first` on. */
export interface MaskConditions {
  params: string[];
  sql(first: number): string;
}

/**
 * The type and status filters as conditions on address_txs' masks (migration 028); null when a type of the filter has
 * no bit of its own (or no transaction yet): the rows are then read to test their types.
 */
export async function maskConditions(db: Queryable, filter: TxFilter): Promise<MaskConditions | null> {
  const params: string[] = [];
  if (filter.types.length > 0) {
    const rows = await db.query<{ bit: number | null }>("select bit from tx_types where type = any($1::text[])", [filter.types]);
    if (rows.length < new Set(filter.types).size || rows.some((r) => r.bit === null)) return null;
    params.push(rows.reduce((mask, r) => mask | (1n << BigInt(r.bit!)), 0n).toString());
  }
  const status = statusBit(filter.status);
  if (status !== null) params.push(status.toString());
  return { params, sql: (first) => params.map((_, i) => `and l.mask & $${first + i}::int8 <> 0`).join(" ") };
}

/**
 * An address's list under its masks (a page by OFFSET, a count, where a deep page starts) reads the address's range of
 * the (address, seq) index alone, or of its counts per stretch, whatever the address, the masks or the page: one generic
 * plan serves every call (BENCHMARKS.md "An address's masks and events planned once").
 */
export const ADDRESS_MASKS_PLAN: QueryPlan = "generic";

/** The counters' column for a status filter. */
export const SET_COUNT = ["ok_count", "fail_count", "tx_count"];

/**
 * How a page's walk of the address's list goes: from `from` (a sequence number; the range's start when null), newest
 * or oldest first, past `offset` of the filter's rows, for `limit` rows (none when 0 or less).
 */
export interface AddressWalk {
  from: number | null;
  oldestFirst: boolean;
  limit: number;
  offset: number;
}

/** SQL for the sequence number of the address's ($1) transaction numbered `n`. */
const seqOf = (n: string) => `(select f.seq from address_txs f where f.account = ${ACCOUNT} and f.n = ${n})`;

/** SQL for how many of the address's ($1) transactions with sequence numbers `from` to `to` meet the masks (numbered from `first`). */
const rowsBetween = (masks: MaskConditions, first: number, from: string, to: string) =>
  `(select count(*) from address_txs l where l.account = ${ACCOUNT} and l.seq between ${from} and ${to} ${masks.sql(first)})::int8`;

/** SQL for the filter's transactions in the address's ($1) stretches after `lo`'s and before `hi`'s, all inside the range. */
const stretchesBetween = (masks: MaskConditions, first: number, lo: string, hi: string) =>
  `coalesce((select sum(l.tx_count) from address_mask_stretches l
     where l.address = $1 and l.stretch > ${lo} >> ${BITS} and l.stretch < ${hi} >> ${BITS} ${masks.sql(first)}), 0)::int8`;

/** SQL for the numbers in the address's ($1) list of its first and last transactions between sequence numbers $2 and $3. */
const RANGE_ENDS = `select
    (select n from address_txs where account = ${ACCOUNT} and seq between $2 and $3 order by seq limit 1) as lo,
    (select n from address_txs where account = ${ACCOUNT} and seq between $2 and $3 order by seq desc limit 1) as hi`;

/**
 * How a page of an address's list under a type or status filter is walked: newest first past the `skip` rows before
 * it, or, for a page from `searchFrom` rows deep, oldest first from the start of the stretch of the list it starts in
 * (migration 037), past the filter's rows of that stretch after the page. So no such page walks more than about a
 * stretch of the address's rows. The counts are written with the rows; a batch written between two reads adds rows
 * at the newest end only, which leaves the older rows' places as they were.
 */
export function addressWalk(
  db: Queryable,
  filter: TxFilter,
  masks: MaskConditions,
  seqs: { lo: number; hi: number },
  pageSize: number,
  skip: number,
  searchFrom: number,
): Promise<AddressWalk> {
  if (skip < searchFrom) return Promise.resolve({ from: null, oldestFirst: false, limit: pageSize, offset: skip });
  return filter.time === null ? wholeListWalk(db, filter, masks, pageSize, skip) : rangeWalk(db, filter.address!, masks, seqs, pageSize, skip);
}

/**
 * A deep page over all time. The stretches' counts of the filter's transactions are added up from the newest stretch
 * down, and read no further than the first whose sum reaches past the page. A page that lies within about a stretch of
 * the address's rows from the oldest end (the filter's rows after it, spread as the address's counts per type set
 * spread them, migration 022) is walked from that end without reading the stretches, as is one in the first stretch,
 * which is not counted; a page past the end is not walked.
 */
async function wholeListWalk(db: Queryable, filter: TxFilter, masks: MaskConditions, pageSize: number, skip: number): Promise<AddressWalk> {
  const [start] = await db.query<{ length: number; after: number | null; seq: number | null }>(
    `select c.length, s.after, ${seqOf(`s.stretch::int8 << ${BITS}`)} as seq
     from (select coalesce(sum(${SET_COUNT[filter.status]}) filter (where $2::text[] = '{}' or types && $2::text[]), 0)::int8 as length,
             coalesce(sum(tx_count), 0)::int8 as total
           from address_type_set_counts where address = $1) c
     left join lateral (
       select x.stretch, x.after from (
         select l.stretch, sum(sum(l.tx_count)) over (order by l.stretch desc)::int8 as after
         from address_mask_stretches l
         where l.address = $1 ${masks.sql(4)} and (c.length - $3::int8) * c.total >= ${ADDRESS_STRETCH_ROWS}::int8 * c.length
         group by l.stretch order by l.stretch desc) x
       where x.after >= $3::int8 limit 1) s on true`,
    [filter.address, filter.types, skip + pageSize, ...masks.params],
    ADDRESS_MASKS_PLAN,
  );
  if (start.after !== null && start.seq !== null) return { from: start.seq, oldestFirst: true, limit: pageSize, offset: start.after - skip - pageSize };
  return oldestEndWalk(start.length, pageSize, skip);
}

/** A page walked from the list's oldest end, whose filter holds `length` rows; none when it lies past the end. */
function oldestEndWalk(length: number, pageSize: number, skip: number): AddressWalk {
  return { from: null, oldestFirst: true, limit: Math.min(pageSize, length - skip), offset: Math.max(0, length - skip - pageSize) };
}

/**
 * A deep page inside a time range (the sequence numbers `seqs`), which may end and start inside stretches. The
 * filter's rows in the range's last stretch are counted in the list (at most a stretch of rows); a page among them is
 * walked from the range's newest end. Past them, the whole stretches' counts are added up from the newest down to the
 * first whose sum reaches past the page, as over all time. A page in the range's first stretch is walked from the
 * range's oldest end, its rows there counted in the list too.
 */
async function rangeWalk(
  db: Queryable,
  address: string,
  masks: MaskConditions,
  seqs: { lo: number; hi: number },
  pageSize: number,
  skip: number,
): Promise<AddressWalk> {
  const need = skip + pageSize;
  const [start] = await db.query<{ lo: number | null; hi: number | null; top: number; after: number | null; seq: number | null }>(
    `select r.lo, r.hi, r.top, s.after, ${seqOf(`s.stretch::int8 << ${BITS}`)} as seq
     from (select b.lo, b.hi, ${rowsBetween(masks, 5, seqOf(`greatest(b.lo, b.hi >> ${BITS} << ${BITS})`), "$3::int8")} as top
           from (${RANGE_ENDS}) b offset 0) r
     left join lateral (
       select x.stretch, x.after from (
         select l.stretch, r.top + sum(sum(l.tx_count)) over (order by l.stretch desc)::int8 as after
         from address_mask_stretches l
         where l.address = $1 and l.stretch > r.lo >> ${BITS} and l.stretch < r.hi >> ${BITS} ${masks.sql(5)}
         group by l.stretch order by l.stretch desc) x
       where x.after >= $4::int8 limit 1) s on r.top < $4::int8`,
    [address, seqs.lo, seqs.hi, need, ...masks.params],
    ADDRESS_MASKS_PLAN,
  );
  if (start.lo === null || start.hi === null) return { from: null, oldestFirst: false, limit: 0, offset: 0 };
  if (start.top >= need) return { from: null, oldestFirst: false, limit: pageSize, offset: skip };
  if (start.after !== null && start.seq !== null) return { from: start.seq, oldestFirst: true, limit: pageSize, offset: start.after - need };
  if (start.lo >> BITS === start.hi >> BITS) return oldestEndWalk(start.top, pageSize, skip);
  const [rest] = await db.query<{ below: number }>(
    `select ${rowsBetween(masks, 5, "$2::int8", `${seqOf(`(($3::int8 >> ${BITS}) + 1) << ${BITS}`)} - 1`)}
       + ${stretchesBetween(masks, 5, "$3::int8", "$4::int8")} as below`,
    [address, seqs.lo, start.lo, start.hi, ...masks.params],
    ADDRESS_MASKS_PLAN,
  );
  return oldestEndWalk(start.top + rest.below, pageSize, skip);
}

/**
 * How many of the address's transactions inside a time range meet the masks: those in the range's first and last
 * stretches counted in the list, those of the whole stretches between them from their counts (migration 037). So a
 * count reads at most two stretches of rows, however long the range.
 */
export async function countAddressRange(db: Queryable, address: string, masks: MaskConditions, seqs: { lo: number; hi: number }): Promise<number> {
  const [row] = await db.query<{ count: number | null }>(
    `select case when (b.hi >> ${BITS}) - (b.lo >> ${BITS}) < 2 then ${rowsBetween(masks, 4, "$2::int8", "$3::int8")}
       else ${rowsBetween(masks, 4, "$2::int8", `${seqOf(`((b.lo >> ${BITS}) + 1) << ${BITS}`)} - 1`)}
         + ${rowsBetween(masks, 4, seqOf(`b.hi >> ${BITS} << ${BITS}`), "$3::int8")}
         + ${stretchesBetween(masks, 4, "b.lo", "b.hi")} end as count
     from (${RANGE_ENDS}) b`,
    [address, seqs.lo, seqs.hi, ...masks.params],
    ADDRESS_MASKS_PLAN,
  );
  return row.count ?? 0;
}
