// Reads of the operations ledger: an address's operations newest first, a page at a time by time, and the names its fields point at.
import type { StoredField } from "../../core/operations.ts";
import type { Queryable } from "../connection.ts";
import { accountOf } from "./address-list.ts";

export interface OperationRow {
  type: string;
  amount: string;
  /** Null for uaxm; "uret" for a partner reward paid in RET (the referral module's uret_mode). */
  denom: string | null;
  s: number;
  time: Date;
  height: number;
  /** Text: the block-based numbering outgrows a double's exact integers on a long chain. */
  seq: string;
  tx_hash: string | null;
  error: string | null;
  fields: StoredField[];
}

export interface OperationsQuery {
  address: string;
  /** Types to keep; empty keeps every type. */
  types: string[];
  /** Only operations at or before this moment; null for no bound. */
  until: Date | null;
  perPage: number;
}

const COLUMNS = "type, amount::text as amount, denom, s::int as s, time, height, seq::text as seq, tx_hash, error, fields";
const ORDER = "order by time desc, seq desc";
/** The ledger is keyed by the account's number (migration 046): the address $1's, found in the same statement. */
const ACCOUNT = accountOf("$1");
/** The type filter of the keyset reads, its list (empty: every type) parameter number `n`. */
const typesIn = (n: number) => `and (cardinality($${n}::text[]) = 0 or type = any($${n}::text[]))`;

/**
 * Up to perPage operations at or before `until`, newest first, and then every further one sharing the last one's time:
 * the next page starts strictly before that time, so no operation falls between two pages.
 */
export async function operationsPage(db: Queryable, q: OperationsQuery): Promise<OperationRow[]> {
  const until = q.until ? q.until.toISOString() : "infinity";
  const page = q.types.length === 0 ? await newestOfAll(db, q.address, until, q.perPage) : await newestOfTypes(db, q.address, q.types, until, q.perPage);
  if (page.length < q.perPage) return page;
  const last = page[page.length - 1];
  const sameTime = await db.query<OperationRow>(
    `select ${COLUMNS} from operations
     where account = ${ACCOUNT} and time = $2::timestamptz and seq < $3::int8 and (cardinality($4::text[]) = 0 or type = any($4::text[])) ${ORDER}`,
    [q.address, last.time.toISOString(), last.seq, q.types],
  );
  return [...page, ...sameTime];
}

function newestOfAll(db: Queryable, address: string, until: string, limit: number): Promise<OperationRow[]> {
  return db.query<OperationRow>(`select ${COLUMNS} from operations where account = ${ACCOUNT} and time <= $2::timestamptz ${ORDER} limit $3`, [
    address,
    until,
    limit,
  ]);
}

/** A time range (both ends included, null for open) and the types to keep (empty: all). */
export interface OperationsRange {
  from: Date | null;
  to: Date | null;
  types: string[];
}

/**
 * Up to `limit` of the address's operations in [from, to] of the types, newest first, strictly after the cursor row in that order
 * (time desc, seq desc) when one is given: operationsPage's order, read as keyset chunks along the same index.
 */
export async function operationsBefore(
  db: Queryable,
  address: string,
  range: OperationsRange,
  after: { time: Date; seq: string } | null,
  limit: number,
): Promise<OperationRow[]> {
  const from = range.from ? range.from.toISOString() : "-infinity";
  const to = range.to ? range.to.toISOString() : "infinity";
  if (!after) {
    return db.query<OperationRow>(
      `select ${COLUMNS} from operations where account = ${ACCOUNT} and time >= $2::timestamptz and time <= $3::timestamptz ${typesIn(5)} ${ORDER} limit $4`,
      [address, from, to, limit, range.types],
    );
  }
  return db.query<OperationRow>(
    `select ${COLUMNS} from operations
     where account = ${ACCOUNT} and time >= $2::timestamptz and (time, seq) < ($3::timestamptz, $4::int8) ${typesIn(6)} ${ORDER} limit $5`,
    [address, from, after.time.toISOString(), after.seq, limit, range.types],
  );
}

/** One index range per type, merged: each type's newest come from its own (account, type, time, seq) range. */
function newestOfTypes(db: Queryable, address: string, types: string[], until: string, limit: number): Promise<OperationRow[]> {
  return db.query<OperationRow>(
    `select ${COLUMNS} from unnest($2::text[]) as k(kind)
     cross join lateral (select * from operations o where o.account = ${ACCOUNT} and o.type = k.kind and o.time <= $3::timestamptz
                         order by o.time desc, o.seq desc limit $4) o
     ${ORDER} limit $4`,
    [address, types, until, limit],
  );
}

/** Nicknames of accounts and monikers of validators among `addresses`. */
export async function addressNames(db: Queryable, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await db.query<{ address: string; name: string }>(
    `select address, nickname as name from profiles where address = any($1::text[]) and nickname <> ''
     union all
     select operator_address, moniker from validators where operator_address = any($1::text[]) and moniker <> ''`,
    [addresses],
  );
  return new Map(rows.map((r) => [r.address, r.name]));
}
