// Transaction lists with filters, paged by the indexer's dense sequence numbers wherever one list answers; other
// combinations walk the address's list, or the types' lists newest first from the stretch the page starts in.
import type { QueryPlan, Queryable } from "../connection.ts";
import { STRETCH_BITS, STRETCH_SEQS } from "../../core/tx-stretches.ts";
import { ADDRESS_MASKS_PLAN, SET_COUNT, accountOf, addressWalk, countAddressRange, maskConditions } from "./address-list.ts";

export interface TxFilter {
  types: string[];
  /** 0 success, 1 failed, 2 all (SPEC.md §7). */
  status: 0 | 1 | 2;
  time: { from: Date; to: Date } | null;
  address: string | null;
}

export interface TxRow {
  seq: number;
  hash: string;
  height: number;
  idx: number;
  time: Date;
  /** Null when the node gave no result for the transaction. */
  code: number | null;
  codespace: string;
  log: string;
  gas_used: number;
  gas_wanted: number;
  fee: { denom: string; amount: string }[];
  memo: string;
  types: string[];
  /** The bytes are not a Cosmos transaction. */
  undecodable: boolean;
}

export interface TxDetailRow extends TxRow {
  messages: Record<string, unknown>[];
  events: { type: string; attributes: { key: string; value: string }[] }[];
  /** The transaction's bytes (base64); null for a decoded transaction indexed before the index kept them. */
  raw: string | null;
  /** Why the bytes are not a Cosmos transaction; null for a decoded one. */
  decode_error: string | null;
}

const SUMMARY =
  "t.seq, t.hash, t.height, t.idx, t.time, t.code, t.codespace, t.log, t.gas_used, t.gas_wanted, t.fee, t.memo, t.types, t.decode_error is not null as undecodable";

/**
 * A dense list's reads (its range inside a time range, a page of it by its numbers) and the time range's sequence
 * numbers are ranges of one index each, whatever the list or its size: one generic plan serves every call, where
 * planning each call for its values took as long as running it (BENCHMARKS.md "Dense lists planned once").
 */
const DENSE_LIST_PLAN: QueryPlan = "generic";

/** One dense list (numbered 1..count without gaps) that answers a filter alone. */
interface DenseList {
  table: "transactions" | "type_txs" | "address_txs";
  /** The list's number column. */
  n: string;
  /**
   * SQL for the condition naming which list (a type, an address's account) with the key as parameter `param`, or null
   * for the lists kept in `transactions` itself.
   */
  keyCondition: ((param: string) => string) | null;
  key: string | null;
}

const TYPE_LIST = (param: string) => `type = ${param}`;
const ADDRESS_LIST = (param: string) => `account = ${accountOf(param)}`;

function denseList(filter: TxFilter): DenseList | null {
  if (filter.address === null && filter.types.length === 0)
    return { table: "transactions", n: ["ok_n", "fail_n", "seq"][filter.status], keyCondition: null, key: null };
  if (filter.address === null && filter.types.length === 1)
    return { table: "type_txs", n: ["ok_n", "fail_n", "n"][filter.status], keyCondition: TYPE_LIST, key: filter.types[0] };
  if (filter.address !== null && filter.types.length === 0 && filter.status === 2)
    return { table: "address_txs", n: "n", keyCondition: ADDRESS_LIST, key: filter.address };
  return null;
}

/** The transaction sequence numbers of blocks inside the time range, or null when none is. */
async function seqRange(db: Queryable, time: TxFilter["time"]): Promise<{ lo: number; hi: number } | null> {
  if (!time) return { lo: 1, hi: Number.MAX_SAFE_INTEGER };
  const rows = await db.query<{ lo: number | null; hi: number | null }>(
    `select
       (select seq from transactions where height >= (select height from blocks where time >= $1 order by time limit 1)
          order by height, idx limit 1) as lo,
       (select seq from transactions where height <= (select height from blocks where time <= $2 order by time desc limit 1)
          order by height desc, idx desc limit 1) as hi`,
    [time.from, time.to],
    DENSE_LIST_PLAN,
  );
  const { lo, hi } = rows[0];
  return lo === null || hi === null || lo > hi ? null : { lo, hi };
}

/** The n range of a dense list covering the seq range (each end found inside the range, so an empty list stops there). */
async function denseRange(db: Queryable, list: DenseList, seqs: { lo: number; hi: number }): Promise<{ lo: number; hi: number } | null> {
  const where = `${list.keyCondition === null ? "" : `${list.keyCondition("$3")} and `}${list.n} is not null and seq between $1 and $2`;
  const rows = await db.query<{ lo: number | null; hi: number | null }>(
    `select
       (select ${list.n} from ${list.table} where ${where} order by seq limit 1) as lo,
       (select ${list.n} from ${list.table} where ${where} order by seq desc limit 1) as hi`,
    list.key === null ? [seqs.lo, seqs.hi] : [seqs.lo, seqs.hi, list.key],
    DENSE_LIST_PLAN,
  );
  const { lo, hi } = rows[0];
  return lo === null || hi === null || lo > hi ? null : { lo, hi };
}

/** Conditions on `transactions t` for the status and type filters, inside the seq range ($1, $2). */
function filterConditions(filter: TxFilter, seqs: { lo: number; hi: number }, params: unknown[]): string {
  const conditions = [`t.seq between $${params.push(seqs.lo)} and $${params.push(seqs.hi)}`];
  if (filter.status === 0) conditions.push("t.code = 0");
  if (filter.status === 1) conditions.push("t.code <> 0");
  if (filter.types.length > 0) conditions.push(`t.types && $${params.push(filter.types)}::text[]`);
  return conditions.join(" and ");
}

/** Under a status filter, the type list rows of that status only. */
const STATUS_ROWS = ["and l.ok_n is not null", "and l.fail_n is not null", ""];

/**
 * The statements of several types (a page's walk, where it starts, a count inside a time range) read the same indexes
 * whatever their values: each type's list along its own index, the running counts by key. So one generic plan serves
 * every call; planned for each call's values, their planning took more than their execution, and page 1,000 of two types
 * answered half as many requests (BENCHMARKS.md "Deep pages of several types planned once, their search without middle
 * steps").
 */
const SEVERAL_TYPES_PLAN: QueryPlan = "generic";

/**
 * A combination's count inside a time range: the address's list from its counts per stretch (migration 037), or the
 * types' transactions from the running counts per stretch (migration 031), with the stretches the range ends in counted
 * in the lists.
 */
async function countCombination(db: Queryable, filter: TxFilter, seqs: { lo: number; hi: number }): Promise<number> {
  const params: unknown[] = [];
  const masks = filter.address === null ? null : await maskConditions(db, filter);
  if (filter.address !== null && masks !== null) return countAddressRange(db, filter.address, masks, seqs);
  const rows =
    filter.address !== null
      ? await db.query<{ count: number }>(
          `select count(*)::int8 as count from address_txs l join transactions t on t.seq = l.seq
           where ${filterConditions(filter, seqs, params)} and l.account = ${accountOf(`$${params.push(filter.address)}`)} and l.seq between $1 and $2`,
          params as never,
        )
      : await db.query<{ count: number }>(
          `select ${typesUpTo(filter, "$3::int8")} - ${typesUpTo(filter, "$2::int8 - 1")} as count`,
          [filter.types, seqs.lo, seqs.hi],
          SEVERAL_TYPES_PLAN,
        );
  return rows[0].count;
}

/**
 * A combination's count over all time, from the counts per type set (migration 022): the sets that meet the filter's
 * types (every set of the address without one), a few rows whatever the lists hold.
 */
async function countByTypeSets(db: Queryable, filter: TxFilter): Promise<number> {
  const column = SET_COUNT[filter.status];
  const rows =
    filter.address === null
      ? await db.query<{ count: number }>(`select coalesce(sum(${column}), 0)::int8 as count from type_set_counts where types && $1::text[]`, [filter.types])
      : await db.query<{ count: number }>(
          `select coalesce(sum(${column}), 0)::int8 as count from address_type_set_counts
           where address = $1 and ($2::text[] = '{}' or types && $2::text[])`,
          [filter.address, filter.types],
        );
  return rows[0].count;
}

export async function countTransactions(db: Queryable, filter: TxFilter): Promise<number> {
  const list = denseList(filter);
  if (!list && !filter.time) return countByTypeSets(db, filter);
  const seqs = await seqRange(db, filter.time);
  if (!seqs) return 0;
  if (list) {
    const range = await denseRange(db, list, seqs);
    return range ? range.hi - range.lo + 1 : 0;
  }
  return countCombination(db, filter, seqs);
}

/**
 * Page `page` (1-based) of `pageSize` transactions, newest first. `searchFrom`: how deep a page of several types is
 * before its walk starts at the stretch it falls in, and a page of an address under a filter before its walk starts at
 * the stretch of the address's list it falls in (START_SEARCH_SKIP, which tests of a short chain lower).
 */
export async function pageTransactions(db: Queryable, filter: TxFilter, pageSize: number, page: number, searchFrom = START_SEARCH_SKIP): Promise<TxRow[]> {
  const list = denseList(filter);
  if (list && !filter.time) return pageOfWholeList(db, list, pageSize, page);
  const seqs = await seqRange(db, filter.time);
  if (!seqs) return [];
  if (list) {
    const range = await denseRange(db, list, seqs);
    if (!range) return [];
    const top = range.hi - (page - 1) * pageSize;
    const bottom = Math.max(range.lo, top - pageSize + 1);
    if (top < range.lo) return [];
    // Plain range scans on the list's own index: no plan choice left to (possibly stale) statistics.
    if (list.keyCondition === null) {
      return db.query<TxRow>(
        `select ${SUMMARY} from transactions t where t.${list.n} between $1 and $2 order by t.${list.n} desc`,
        [bottom, top],
        DENSE_LIST_PLAN,
      );
    }
    // The LIMIT, which the range already keeps to, tells a plan made for any range that it joins a page's rows.
    return db.query<TxRow>(
      `select ${SUMMARY} from (select l.seq, l.${list.n} as n from ${list.table} l
         where ${list.keyCondition("$3")} and l.${list.n} between $1 and $2 order by l.${list.n} desc limit $4) l
       join transactions t on t.seq = l.seq
       order by l.n desc`,
      [bottom, top, list.key, pageSize],
      DENSE_LIST_PLAN,
    );
  }
  return pageOfCombination(db, filter, seqs, pageSize, page, searchFrom);
}

/**
 * A page of a combination no dense list answers, skipping the pages before it: an address's own list (its transactions
 * only, whatever the chain holds) walked from the start of the stretch of it the page starts in (addressWalk), so a page
 * costs at most about a stretch of the address's rows, or each type's list (its successful or failed one under a status
 * filter) walked to the page's end and merged, from the end of the stretch of sequence numbers the page starts in
 * (typesPageStart), so a page costs at most a stretch's rows before it. The types' lists are one branch each, so that
 * their merge keeps the newest first and drops a transaction of several of the types as it meets it again (a Merge
 * Append under a Unique), instead of hashing and sorting every row walked. The statements of several types (SEVERAL_TYPES_PLAN) are planned once.
 */
async function pageOfCombination(
  db: Queryable,
  filter: TxFilter,
  seqs: { lo: number; hi: number },
  pageSize: number,
  page: number,
  searchFrom: number,
): Promise<TxRow[]> {
  const params: unknown[] = [];
  const skip = (page - 1) * pageSize;
  const masks = filter.address === null ? null : await maskConditions(db, filter);
  if (filter.address !== null && masks !== null) {
    const walk = await addressWalk(db, filter, masks, seqs, pageSize, skip, searchFrom);
    if (walk.limit <= 0) return [];
    return db.query<TxRow>(
      `select ${SUMMARY} from transactions t where t.seq in (
         select l.seq from address_txs l where l.account = ${accountOf("$1")} and l.seq between $2 and $3 ${masks.sql(6)}
         order by l.seq ${walk.oldestFirst ? "asc" : "desc"} limit $4 offset $5)
       order by t.seq desc`,
      [filter.address, walk.from ?? seqs.lo, seqs.hi, walk.limit, walk.offset, ...masks.params],
      ADDRESS_MASKS_PLAN,
    );
  }
  if (filter.address !== null) {
    const where = filterConditions(filter, seqs, params);
    return db.query<TxRow>(
      `select ${SUMMARY} from address_txs l join transactions t on t.seq = l.seq
       where ${where} and l.account = ${accountOf(`$${params.push(filter.address)}`)} and l.seq between $1 and $2
       order by l.seq desc limit $${params.push(pageSize)} offset $${params.push(skip)}`,
      params as never,
    );
  }
  const start = skip < searchFrom ? { hi: seqs.hi, skip } : await typesPageStart(db, filter, seqs, skip);
  params.push(seqs.lo, start.hi, start.skip + pageSize, pageSize, start.skip, ...filter.types);
  const lists = filter.types.map(
    (_, i) => `(select l.seq from type_txs l where l.type = $${6 + i} and l.seq between $1 and $2 ${STATUS_ROWS[filter.status]} order by l.seq desc limit $3)`,
  );
  return db.query<TxRow>(
    `select ${SUMMARY} from transactions t where t.seq in (
       select distinct on (x.seq) x.seq from (${lists.join(" union all ")}) x
       order by x.seq desc limit $4 offset $5)
     order by t.seq desc`,
    params as never,
    SEVERAL_TYPES_PLAN,
  );
}

/** SQL for how many transactions of the filter's types ($1) and status lie in the stretches up to stretch `k` (migration 031). */
function stretchesUpTo(filter: TxFilter, k: string): string {
  return `type_sets_through($1::text[], ${filter.status}, ${k})`;
}

/** SQL for how many transactions of the filter's types ($1) and status lie in the sequence numbers `from`..`to`, counted in the types' lists. */
function listsBetween(filter: TxFilter, from: string, to: string): string {
  return `(select count(distinct l.seq)::int8 from type_txs l
    where l.type = any($1::text[]) and l.seq between ${from} and ${to} ${STATUS_ROWS[filter.status]})`;
}

/** SQL for how many transactions of the filter's types ($1) and status lie at or below sequence number `x`: the stretches before x's, and x's own counted in the lists. */
function typesUpTo(filter: TxFilter, x: string): string {
  return `(${stretchesUpTo(filter, `(${x} >> ${STRETCH_BITS}) - 1`)} + ${listsBetween(filter, `${x} >> ${STRETCH_BITS} << ${STRETCH_BITS}`, x)})`;
}

/**
 * How deep a page of several types is before its walk starts at a stretch's end: the search for the stretch costs
 * about what walking 7,000 rows does (BENCHMARKS.md "Deep pages of several types from counts per stretch").
 */
export const START_SEARCH_SKIP = 32 * STRETCH_SEQS;

/**
 * Where the walk of several types' lists starts for a page `skip` transactions deep: the end of the stretch the page
 * starts in, with the transactions of the filter above that end no longer to skip (or the top of the range, when the
 * page starts in its last stretch). The filter's transactions up to the range's top are the stretches' counts and the last,
 * unfinished stretch's in the lists (`below`, `last`); the page starts in the first stretch whose running count
 * reaches `below + last - skip` (`type_sets_stretch`, migration 031).
 */
async function typesPageStart(db: Queryable, filter: TxFilter, seqs: { lo: number; hi: number }, skip: number): Promise<{ hi: number; skip: number }> {
  // stretch and reached are null together: when the page starts in the range's last stretch, no search is made.
  const rows = await db.query<{ hi: number; below: number; last: number; stretch: number | null; reached: number }>(
    `select t.hi, t.below, t.last, s.stretch, s.reached
     from (select r.hi, r.lo >> ${STRETCH_BITS} as first, (r.hi >> ${STRETCH_BITS}) - 1 as final,
             ${stretchesUpTo(filter, `(r.hi >> ${STRETCH_BITS}) - 1`)} as below,
             ${listsBetween(filter, `greatest(r.lo, r.hi >> ${STRETCH_BITS} << ${STRETCH_BITS})`, "r.hi")} as last
           from (select $2::int8 as lo, least($3::int8, (select txs from chain_counters where id = 1)) as hi offset 0) r
           offset 0) t
     left join lateral type_sets_stretch($1::text[], ${filter.status}, t.first, t.final, t.below, t.below + t.last - $4::int8) s
       on t.last <= $4::int8 and t.first <= t.final`,
    [filter.types, seqs.lo, seqs.hi, skip],
    SEVERAL_TYPES_PLAN,
  );
  const { hi, below, last, stretch, reached } = rows[0];
  if (stretch === null) return { hi: seqs.hi, skip };
  return { hi: Math.min(hi, (stretch + 1) * STRETCH_SEQS - 1), skip: skip - (below + last - reached) };
}

/** An address's transaction with its number in the address's list (the keyset cursor) and its events. */
export interface AddressTxRow extends TxRow {
  n: number;
  events: { type: string; attributes: { key: string; value: string }[] }[];
}

/**
 * The numbers (in the address's dense list) of its transactions inside the time range, as pageTransactions finds them
 * for `{ address, time }`; null when none is. Read once, then walked with addressTransactionsBelow.
 */
export async function addressTxRange(db: Queryable, address: string, time: TxFilter["time"]): Promise<{ lo: number; hi: number } | null> {
  const seqs = await seqRange(db, time);
  if (!seqs) return null;
  return denseRange(db, { table: "address_txs", n: "n", keyCondition: ADDRESS_LIST, key: address }, seqs);
}

/** Up to `limit` of the address's transactions numbered lo..top, newest first: a keyset chunk of the same list, with events. */
export async function addressTransactionsBelow(db: Queryable, address: string, lo: number, top: number, limit: number): Promise<AddressTxRow[]> {
  if (top < lo) return [];
  return db.query<AddressTxRow>(
    `select ${SUMMARY}, l.n, t.events from address_txs l join transactions t on t.seq = l.seq
     where l.account = ${accountOf("$3")} and l.n between $1 and $2 order by l.n desc limit $4`,
    [lo, top, address, limit],
  );
}

/**
 * A page of a whole list in one statement: the list's last number comes from its index, and the page's rows are read
 * in a lateral range under a limit, so the plan stays a range scan and a join by key however large the list is (with
 * the last number joined as a plain value, a large index got a merge join over the whole transactions table).
 */
async function pageOfWholeList(db: Queryable, list: DenseList, pageSize: number, page: number): Promise<TxRow[]> {
  const skip = (page - 1) * pageSize;
  if (list.keyCondition === null) {
    return db.query<TxRow>(
      `select ${SUMMARY} from (select max(${list.n}) as n from transactions) last
       cross join lateral (select * from transactions t where t.${list.n} between last.n - $1::int8 - $2::int8 + 1 and last.n - $1::int8
         order by t.${list.n} desc limit $2) t
       order by t.${list.n} desc`,
      [skip, pageSize],
      DENSE_LIST_PLAN,
    );
  }
  return db.query<TxRow>(
    `select ${SUMMARY} from (select max(${list.n}) as n from ${list.table} where ${list.keyCondition("$3")}) last
     cross join lateral (select l.seq, l.${list.n} as n from ${list.table} l
       where ${list.keyCondition("$3")} and l.${list.n} between last.n - $1::int8 - $2::int8 + 1 and last.n - $1::int8
       order by l.${list.n} desc limit $2) l
     join transactions t on t.seq = l.seq
     order by l.n desc`,
    [skip, pageSize, list.key],
    DENSE_LIST_PLAN,
  );
}

/** The transaction with this hash in any letter case: the newest, when the chain included the same bytes again. */
export async function transactionByHash(db: Queryable, hash: string): Promise<TxDetailRow | null> {
  const rows = await db.query<TxDetailRow>(
    `select ${SUMMARY}, t.messages, t.events, t.raw, t.decode_error from transactions t where t.hash = $1 order by t.seq desc`,
    [hash.toUpperCase()],
  );
  return rows[0] ?? null;
}

export async function transactionsOfBlock(db: Queryable, height: number): Promise<TxRow[]> {
  return db.query<TxRow>(`select ${SUMMARY} from transactions t where t.height = $1 order by t.idx`, [height]);
}

/** Message type URLs that occur on the chain, sorted. */
export async function messageTypes(db: Queryable): Promise<string[]> {
  return (await db.query<{ type: string }>("select type from tx_types order by type")).map((r) => r.type);
}
