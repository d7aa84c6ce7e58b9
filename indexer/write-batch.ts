// Writes a run of consecutive blocks in one database transaction together with the cursor.
import type { Queryable, Transaction } from "../db/connection.ts";
import type { EventIndex, IndexedBlock } from "./decode-block.ts";
import { Columns, copyRows, insertUnnest } from "./sql-rows.ts";
import { writeStaking } from "./write-staking.ts";
import { writeAccounts } from "./write-accounts.ts";
import { writeOperations, type OperationOptions } from "./write-operations.ts";
import { writeKpi } from "./write-kpi.ts";
import { writeWasm } from "./write-wasm.ts";
import { writeGovernance } from "./write-governance.ts";
import { writeCharts, type Hourly } from "./write-charts.ts";
import { TYPE_BITS, txMask } from "../core/tx-masks.ts";
import { isIndexedAddress } from "../core/address.ts";
import { addressStretchOf, stretchOf } from "../core/tx-stretches.ts";

interface Counters {
  txs: number;
  txs_ok: number;
  txs_failed: number;
}

/** A message type's list lengths: all its transactions, the successful and the failed ones. */
interface TypeCounts {
  all: number;
  ok: number;
  fail: number;
}

/** A message type's lists and its bit in the address lists' masks (null once every bit is taken: core/tx-masks.ts). */
interface TypeLists extends TypeCounts {
  bit: number | null;
}

/** The message types of a batch, and the bit the next new type gets. */
interface BatchTypes {
  lists: Map<string, TypeLists>;
  nextBit: number;
}

interface AccountCounts {
  /** The account's number, which keys its lists (migration 045). */
  id: number;
  tx: number;
  event: number;
  isNew: boolean;
  /**
   * Null for an account that existed before a mid-chain start (seeded from the node's state), and for a new one until
   * collectRows meets it in the batch's lists or operations, which name every address loadAccounts reads.
   */
  firstHeight: number | null;
  firstTime: string | null;
}

/** A type set's key (its types sorted by code point, comma-joined) to the batch's transactions of that set. */
type SetCounts = Map<string, TypeCounts>;

/** Everything one batch writes, collected in memory first. */
interface BatchRows {
  blocks: Columns;
  txs: Columns;
  typeTxs: Columns;
  addressTxs: Columns;
  addressEvents: Columns;
  typeSets: SetCounts;
  /** Per stretch of sequence numbers (core/tx-stretches.ts), its transactions of the batch per type set. */
  typeSetBuckets: Map<number, SetCounts>;
  /** Per address, its transactions of the batch per type set. */
  addressTypeSets: Map<string, SetCounts>;
  /** The batch's transactions per address, stretch of its list past the first, and mask (migration 037), keyed by the three tab-joined. */
  addressStretches: Map<string, number>;
  hourly: Hourly;
  totals: { events: number; burned: bigint; minted: bigint };
}

export async function writeBatch(tx: Transaction, blocks: IndexedBlock[], chainHeight: number, operations: OperationOptions = {}): Promise<void> {
  const counters = (await tx.query<Counters>("select txs, txs_ok, txs_failed from chain_counters where id = 1"))[0];
  const accounts = await loadAccounts(tx, blocks);
  const types = await loadTypes(tx, blocks);
  const rows = collectRows(blocks, counters, accounts, types);

  await insertBlocks(tx, rows.blocks);
  await insertTransactions(tx, rows.txs);
  await copyRows(tx, "type_txs (type, n, seq, ok_n, fail_n)", rows.typeTxs);
  await copyRows(tx, "address_txs (account, n, seq, mask)", rows.addressTxs);
  await copyRows(tx, "address_events (account, n, height, seq, idx)", rows.addressEvents);
  await addTypeSetBuckets(tx, rows.typeSetBuckets);
  await addTypeSetCounts(tx, rows.typeSets, rows.addressTypeSets);
  await addAddressStretches(tx, rows.addressStretches);
  const moved = await writeStaking(tx, blocks);
  await writeAccounts(tx, blocks, moved);
  await writeOperations(tx, blocks, (address) => accounts.get(address)?.id, operations);
  await writeKpi(tx, blocks);
  await writeWasm(tx, blocks);
  await writeGovernance(tx, blocks);
  await saveTypes(tx, types.lists);
  const newAccounts = await saveAccounts(tx, accounts);
  await saveCounters(tx, blocks, counters, rows.totals, newAccounts);
  await saveHourly(tx, rows.hourly);
  await writeCharts(tx, blocks, rows.hourly);
  const last = blocks[blocks.length - 1];
  await tx.query("update indexer_state set indexed_height = $1::int8, chain_height = greatest($2::int8, $1::int8), updated_at = now() where id = 1", [
    last.height,
    chainHeight,
  ]);
}

/** Numbers every row of the batch (sequence, per-list n) from the counters, which it advances. */
function collectRows(blocks: IndexedBlock[], counters: Counters, accounts: Map<string, AccountCounts>, types: BatchTypes): BatchRows {
  const rows: BatchRows = {
    blocks: new Columns(9),
    txs: new Columns(20),
    typeTxs: new Columns(5),
    addressTxs: new Columns(4),
    addressEvents: new Columns(5),
    typeSets: new Map(),
    typeSetBuckets: new Map(),
    addressTypeSets: new Map(),
    addressStretches: new Map(),
    hourly: new Map(),
    totals: { events: 0, burned: 0n, minted: 0n },
  };
  const touchAccount = (address: string, block: IndexedBlock): AccountCounts => {
    const account = accounts.get(address)!;
    if (account.isNew && account.firstHeight === null) {
      account.firstHeight = block.height;
      account.firstTime = block.time;
      hourOf(rows.hourly, block.time).accounts += 1;
    }
    return account;
  };
  const addEvents = (block: IndexedBlock, seq: number | null, { addresses, positions }: EventIndex) => {
    addresses.forEach((address, i) => {
      if (positions[i] === "") return;
      const account = touchAccount(address, block);
      account.event += listLength(positions[i]);
      // idx is int[]: the positions, comma-joined by decodeBlock, in braces make its literal.
      rows.addressEvents.push(account.id, account.event, block.height, seq, `{${positions[i]}}`);
    });
  };

  for (const block of blocks) {
    rows.blocks.push(
      block.height,
      block.hash,
      block.chainId,
      block.time,
      block.proposer,
      block.txs.length,
      block.eventCount,
      block.emissionRate,
      block.eventsJson,
    );
    addEvents(block, null, block.involved);
    for (const op of block.operations) if (accounts.has(op.address)) touchAccount(op.address, block);
    for (const t of block.txs) {
      const seq = ++counters.txs;
      // A transaction without a result is neither in the successful nor in the failed list.
      const okN = t.code === 0 ? ++counters.txs_ok : null;
      const failN = t.code !== null && t.code !== 0 ? ++counters.txs_failed : null;
      rows.txs.push(
        seq,
        t.hash,
        block.height,
        t.idx,
        block.time,
        t.code,
        t.codespace,
        t.log,
        t.gasUsed,
        t.gasWanted,
        JSON.stringify(t.fee),
        t.memo,
        t.types,
        t.messagesJson,
        t.eventsJson,
        t.signers,
        okN,
        failN,
        t.raw,
        t.decodeError,
      );
      for (const type of new Set(t.types)) {
        let counts = types.lists.get(type);
        // A type's bit is given in the order of its first transaction, so a catch-up in any batches gives the same bits.
        if (!counts) types.lists.set(type, (counts = { all: 0, ok: 0, fail: 0, bit: types.nextBit < TYPE_BITS ? types.nextBit++ : null }));
        rows.typeTxs.push(type, ++counts.all, seq, okN === null ? null : ++counts.ok, failN === null ? null : ++counts.fail);
      }
      const typeSet = [...new Set(t.types)].sort().join(",");
      countInSet(rows.typeSets, typeSet, t.code);
      const bucket = stretchOf(seq);
      let inBucket = rows.typeSetBuckets.get(bucket);
      if (!inBucket) rows.typeSetBuckets.set(bucket, (inBucket = new Map<string, TypeCounts>()));
      countInSet(inBucket, typeSet, t.code);
      const mask = txMask(t.types, t.code, (type) => types.lists.get(type)!.bit);
      for (const address of t.involved.addresses) {
        const account = touchAccount(address, block);
        const n = ++account.tx;
        rows.addressTxs.push(account.id, n, seq, mask);
        const stretch = addressStretchOf(n);
        if (stretch > 0) {
          const key = `${address}\t${stretch}\t${mask}`;
          rows.addressStretches.set(key, (rows.addressStretches.get(key) ?? 0) + 1);
        }
        let sets = rows.addressTypeSets.get(address);
        if (!sets) rows.addressTypeSets.set(address, (sets = new Map<string, TypeCounts>()));
        countInSet(sets, typeSet, t.code);
      }
      addEvents(block, seq, t.involved);
    }
    const hour = hourOf(rows.hourly, block.time);
    hour.blocks += 1;
    hour.txs += block.txs.length;
    hour.events += block.eventCount;
    hour.burned += block.burned;
    rows.totals.events += block.eventCount;
    rows.totals.burned += block.burned;
    rows.totals.minted += block.minted;
  }
  return rows;
}

/** Counts a transaction of result `code` in its type set. */
function countInSet(sets: SetCounts, typeSet: string, code: number | null): void {
  let counts = sets.get(typeSet);
  if (!counts) sets.set(typeSet, (counts = { all: 0, ok: 0, fail: 0 }));
  counts.all += 1;
  if (code === 0) counts.ok += 1;
  else if (code !== null) counts.fail += 1;
}

/**
 * Writes the running counts per type set at the end of each stretch the batch reaches (migration 031): the set's
 * count before the batch (type_set_counts, so this runs before addTypeSetCounts) plus the batch's up to that stretch.
 * A stretch the batch shares with the one before gets its row again, with the batch's part added.
 */
async function addTypeSetBuckets(tx: Queryable, buckets: Map<number, SetCounts>): Promise<void> {
  const rows = new Columns(5);
  for (const [bucket, sets] of buckets) for (const [key, c] of sets) rows.push(key, bucket, c.all, c.ok, c.fail);
  if (rows.size === 0) return;
  const running = (column: string, added: string) => `coalesce(c.${column}, 0) + sum(b.${added}) over w`;
  await tx.query(
    `insert into type_set_buckets (types, bucket, tx_count, ok_count, fail_count)
     select b.types, b.bucket, ${running("tx_count", "n")}, ${running("ok_count", "ok")}, ${running("fail_count", "fail")}
     from (select string_to_array(u.key, ',')::text[] as types, u.bucket, u.n, u.ok, u.fail
           from unnest($1::text[], $2::int4[], $3::int8[], $4::int8[], $5::int8[]) as u(key, bucket, n, ok, fail)) b
     left join type_set_counts c on c.types = b.types
     window w as (partition by b.types order by b.bucket)
     on conflict (types, bucket) do update set tx_count = excluded.tx_count, ok_count = excluded.ok_count, fail_count = excluded.fail_count`,
    rows.data as never,
  );
}

/** Adds the batch's transactions to the counts per type set (migration 022), the chain's and each address's. */
async function addTypeSetCounts(tx: Queryable, typeSets: SetCounts, addressTypeSets: Map<string, SetCounts>): Promise<void> {
  const add = (table: string) => ["tx_count", "ok_count", "fail_count"].map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", ");
  const chain = new Columns(4);
  for (const [key, c] of typeSets) chain.push(key, c.all, c.ok, c.fail);
  await insertUnnest(
    tx,
    "type_set_counts (types, tx_count, ok_count, fail_count)",
    ["text[]", "int8", "int8", "int8"],
    chain,
    `on conflict (types) do update set ${add("type_set_counts")}`,
  );
  const addresses = new Columns(5);
  for (const [address, sets] of addressTypeSets) for (const [key, c] of sets) addresses.push(address, key, c.all, c.ok, c.fail);
  await insertUnnest(
    tx,
    "address_type_set_counts (address, types, tx_count, ok_count, fail_count)",
    ["text", "text[]", "int8", "int8", "int8"],
    addresses,
    `on conflict (address, types) do update set ${add("address_type_set_counts")}`,
  );
}

/** Adds the batch's transactions to the counts per stretch of each address's list and mask (migration 037). */
async function addAddressStretches(tx: Queryable, counts: Map<string, number>): Promise<void> {
  const rows = new Columns(4);
  for (const [key, count] of counts) rows.push(...key.split("\t"), count);
  await insertUnnest(
    tx,
    "address_mask_stretches (address, stretch, mask, tx_count)",
    ["text", "int4", "int8", "int8"],
    rows,
    "on conflict (address, stretch, mask) do update set tx_count = address_mask_stretches.tx_count + excluded.tx_count",
  );
}

/** How many numbers a comma-joined list holds. */
function listLength(list: string): number {
  let count = 1;
  for (let i = list.indexOf(","); i !== -1; i = list.indexOf(",", i + 1)) count += 1;
  return count;
}

function hourOf(hourly: Hourly, time: string) {
  const hour = `${time.slice(0, 13)}:00:00Z`;
  let row = hourly.get(hour);
  if (!row) hourly.set(hour, (row = { blocks: 0, txs: 0, events: 0, accounts: 0, burned: 0n }));
  return row;
}

/**
 * The batch's accounts with their counts so far, keyed by address. An address new to the index gets its number here,
 * from the accounts' sequence, in the order the batch first meets it.
 */
async function loadAccounts(tx: Queryable, blocks: IndexedBlock[]): Promise<Map<string, AccountCounts>> {
  const addresses = new Set<string>();
  for (const block of blocks) {
    block.involved.addresses.forEach((a) => addresses.add(a));
    for (const t of block.txs) t.involved.addresses.forEach((a) => addresses.add(a));
  }
  // An operation names an address its transaction or block names, but for one derived (a validator's own account): it is
  // listed too when it is an AXM address (write-operations.ts leaves out the rest).
  for (const block of blocks) for (const op of block.operations) if (!addresses.has(op.address) && isIndexedAddress(op.address)) addresses.add(op.address);
  const rows = await tx.query<{ id: number; address: string; tx_count: number; event_count: number; first_height: number | null; first_time: Date | null }>(
    "select id, address, tx_count, event_count, first_height, first_time from accounts where address = any($1::text[])",
    [[...addresses]],
  );
  const accounts = new Map<string, AccountCounts>(
    rows.map((r) => [
      r.address,
      { id: r.id, tx: r.tx_count, event: r.event_count, isNew: false, firstHeight: r.first_height, firstTime: r.first_time?.toISOString() ?? null },
    ]),
  );
  const created = [...addresses].filter((a) => !accounts.has(a));
  if (created.length === 0) return accounts;
  const ids = await tx.query<{ id: number }>("select nextval('accounts_id_seq') as id from generate_series(1, $1::int)", [created.length]);
  created.forEach((address, i) => accounts.set(address, { id: ids[i].id, tx: 0, event: 0, isNew: true, firstHeight: null, firstTime: null }));
  return accounts;
}

async function loadTypes(tx: Queryable, blocks: IndexedBlock[]): Promise<BatchTypes> {
  const types = [...new Set(blocks.flatMap((b) => b.txs.flatMap((t) => t.types)))];
  const rows = await tx.query<{ type: string; tx_count: number; ok_count: number; fail_count: number; bit: number | null }>(
    "select type, tx_count, ok_count, fail_count, bit from tx_types where type = any($1::text[])",
    [types],
  );
  const [{ next }] = await tx.query<{ next: number }>("select coalesce(max(bit) + 1, 0)::int as next from tx_types");
  return { lists: new Map(rows.map((r) => [r.type, { all: r.tx_count, ok: r.ok_count, fail: r.fail_count, bit: r.bit }])), nextBit: next };
}

async function insertBlocks(tx: Transaction, rows: Columns): Promise<void> {
  await copyRows(tx, "blocks (height, hash, chain_id, time, proposer, tx_count, event_count, emission_rate, events)", rows);
}

async function insertTransactions(tx: Transaction, rows: Columns): Promise<void> {
  const target =
    "transactions (seq, hash, height, idx, time, code, codespace, log, gas_used, gas_wanted, fee, memo, types, messages, events, signers, ok_n, fail_n, raw, decode_error)";
  await copyRows(tx, target, rows);
}

async function saveTypes(tx: Queryable, lists: Map<string, TypeLists>): Promise<void> {
  if (lists.size === 0) return;
  const values = [...lists.values()];
  await tx.query(
    `insert into tx_types (type, tx_count, ok_count, fail_count, bit) select * from unnest($1::text[], $2::int8[], $3::int8[], $4::int8[], $5::int2[])
     on conflict (type) do update set tx_count = excluded.tx_count, ok_count = excluded.ok_count, fail_count = excluded.fail_count`,
    [[...lists.keys()], values.map((c) => c.all), values.map((c) => c.ok), values.map((c) => c.fail), values.map((c) => c.bit)],
  );
}

async function saveAccounts(tx: Queryable, accounts: Map<string, AccountCounts>): Promise<number> {
  const rows = new Columns(6);
  let created = 0;
  for (const [address, a] of accounts) {
    rows.push(a.id, address, a.tx, a.event, a.firstHeight, a.firstTime);
    if (a.isNew) created += 1;
  }
  if (rows.size > 0) {
    await tx.query(
      `insert into accounts (id, address, tx_count, event_count, first_height, first_time)
       select * from unnest($1::int8[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::timestamptz[])
       on conflict (address) do update set tx_count = excluded.tx_count, event_count = excluded.event_count`,
      rows.data as never,
    );
  }
  return created;
}

async function saveCounters(tx: Queryable, blocks: IndexedBlock[], c: Counters, totals: BatchRows["totals"], accounts: number) {
  await tx.query(
    `update chain_counters set blocks = blocks + $1, txs = $2, txs_ok = $3, txs_failed = $4, events = events + $5,
       accounts = accounts + $6, burned = burned + $7::numeric, minted = minted + $8::numeric where id = 1`,
    [blocks.length, c.txs, c.txs_ok, c.txs_failed, totals.events, accounts, totals.burned.toString(), totals.minted.toString()],
  );
}

async function saveHourly(tx: Queryable, hourly: Hourly) {
  const rows = new Columns(6);
  for (const [hour, h] of hourly) rows.push(hour, h.blocks, h.txs, h.events, h.accounts, h.burned.toString());
  await tx.query(
    `insert into hourly_counters (hour, blocks, txs, events, accounts, burned)
     select * from unnest($1::timestamptz[], $2::int8[], $3::int8[], $4::int8[], $5::int8[], $6::numeric[])
     on conflict (hour) do update set blocks = hourly_counters.blocks + excluded.blocks, txs = hourly_counters.txs + excluded.txs,
       events = hourly_counters.events + excluded.events, accounts = hourly_counters.accounts + excluded.accounts,
       burned = hourly_counters.burned + excluded.burned`,
    rows.data as never,
  );
}
