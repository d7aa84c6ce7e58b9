// The charts part of a batch: the hourly counters rolled into UTC days, with the per-day figures only blocks tell (fees, active addresses, block time, bonded ratio).
import { amountOf } from "../core/amount.ts";
import type { Queryable } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import { BONDED_POOL_ADDRESS } from "./node-state.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";

/** What a batch adds to the hourly counters, by hour ("2026-11-27T07:00:00Z"). */
export type Hourly = Map<string, { blocks: number; txs: number; events: number; accounts: number; burned: bigint }>;

interface Day {
  txs: number;
  newAddresses: number;
  burned: bigint;
  fees: bigint;
  registrations: number;
  premiumPurchases: number;
  blockMs: number;
  blockIntervals: number;
  /** Accounts active on the day (signers and message parties). */
  parties: Set<string>;
  active: number;
  /** The bonded pool's and the total uaxm after the day's last block of the batch. */
  bonded: bigint;
  supply: bigint;
}

const dayOf = (time: string) => time.slice(0, 10);

function emptyDay(): Day {
  return {
    txs: 0,
    newAddresses: 0,
    burned: 0n,
    fees: 0n,
    registrations: 0,
    premiumPurchases: 0,
    blockMs: 0,
    blockIntervals: 0,
    parties: new Set(),
    active: 0,
    bonded: 0n,
    supply: 0n,
  };
}

/**
 * Runs after writeAccounts (account_balances holds the batch's balances) and with the batch's hourly counters.
 * Supply and the bonded pool are walked back from their values after the batch by the batch's bank balance changes, then
 * forward block by block, so each day gets the figures after its last block. Everything is added in the batch's
 * transaction, so a batch written again after a crash (its transaction never committed) counts once.
 */
export async function writeCharts(tx: Queryable, blocks: IndexedBlock[], hourly: Hourly): Promise<void> {
  const days = new Map<string, Day>();
  const day = (key: string) => {
    let d = days.get(key);
    if (!d) days.set(key, (d = emptyDay()));
    return d;
  };
  for (const [hour, h] of hourly) {
    const d = day(dayOf(hour));
    d.txs += h.txs;
    d.newAddresses += h.accounts;
    d.burned += h.burned;
  }

  const before = await tx.query<{ time: Date }>("select time from blocks where height = $1::int8", [blocks[0].height - 1]);
  let previous = before[0]?.time.getTime() ?? null;
  const supplyDelta: bigint[] = [];
  const bondedDelta: bigint[] = [];
  for (const block of blocks) {
    const d = day(dayOf(block.time));
    const at = Date.parse(block.time);
    if (previous !== null) {
      d.blockMs += at - previous;
      d.blockIntervals += 1;
    }
    previous = at;
    for (const t of block.txs) {
      if (t.code !== null) d.fees += amountOf(t.fee);
      t.parties.forEach((a) => d.parties.add(a));
    }
    d.registrations += block.accounts.registrations.length;
    d.premiumPurchases += block.accounts.premiumPurchases.length;
    let supply = 0n;
    let bonded = 0n;
    for (const [address, amount] of block.accounts.balanceDeltas) {
      supply += BigInt(amount);
      if (address === BONDED_POOL_ADDRESS) bonded += BigInt(amount);
    }
    supplyDelta.push(supply);
    bondedDelta.push(bonded);
  }

  const [supplyAfter, bondedAfter] = await balancesAfter(tx, supplyDelta);
  let supply = supplyAfter - supplyDelta.reduce((a, b) => a + b, 0n);
  let bonded = bondedAfter - bondedDelta.reduce((a, b) => a + b, 0n);
  blocks.forEach((block, i) => {
    supply += supplyDelta[i];
    bonded += bondedDelta[i];
    const d = day(dayOf(block.time));
    d.supply = supply;
    d.bonded = bonded;
  });
  await tx.query("update daily_supply set supply = $1::numeric where id = 1", [supplyAfter.toString()]);
  await countActive(tx, days);
  await saveDays(tx, days);
}

/**
 * Total supply and the bonded pool after the batch: the stored supply plus the batch's changes, or (the first batch
 * after the migration) the sum of every balance, which the bank keeps equal to the supply.
 */
async function balancesAfter(tx: Queryable, supplyDelta: bigint[]): Promise<[bigint, bigint]> {
  const rows = await tx.query<{ supply: string | null; bonded: string | null }>(
    `select (select supply::text from daily_supply where id = 1) as supply,
            (select available::text from account_balances where address = $1) as bonded`,
    [BONDED_POOL_ADDRESS],
  );
  const bonded = BigInt(rows[0]?.bonded ?? "0");
  if (rows[0]?.supply != null) return [BigInt(rows[0].supply) + supplyDelta.reduce((a, b) => a + b, 0n), bonded];
  const sum = await tx.query<{ supply: string }>("select coalesce(sum(available), 0)::text as supply from account_balances");
  return [BigInt(sum[0].supply), bonded];
}

/** Counts each day's parties not yet counted on that day (days in order), and moves their last day forward. */
async function countActive(tx: Queryable, days: Map<string, Day>): Promise<void> {
  const all = new Set<string>();
  for (const d of days.values()) d.parties.forEach((a) => all.add(a));
  if (all.size === 0) return;
  const rows = await tx.query<{ address: string; last_day: string }>(
    "select address, last_day::text as last_day from daily_active_addresses where address = any($1::text[])",
    [[...all]],
  );
  const last = new Map(rows.map((r) => [r.address, r.last_day]));
  for (const key of [...days.keys()].sort()) {
    const d = days.get(key)!;
    for (const address of d.parties) {
      const seen = last.get(address);
      if (seen === undefined || seen < key) {
        d.active += 1;
        last.set(address, key);
      }
    }
  }
  const out = new Columns(2);
  for (const address of all) out.push(address, last.get(address));
  await insertUnnest(
    tx,
    "daily_active_addresses (address, last_day)",
    ["text", "date"],
    out,
    "on conflict (address) do update set last_day = excluded.last_day",
  );
}

async function saveDays(tx: Queryable, days: Map<string, Day>): Promise<void> {
  const rows = new Columns(12);
  for (const [key, d] of days) {
    rows.push(
      key,
      d.txs,
      d.active,
      d.newAddresses,
      d.fees.toString(),
      d.burned.toString(),
      d.registrations,
      d.premiumPurchases,
      d.blockMs,
      d.blockIntervals,
      d.bonded.toString(),
      d.supply.toString(),
    );
  }
  await insertUnnest(
    tx,
    "daily_stats (day, txs, active_addresses, new_addresses, fees, burned, registrations, premium_purchases, block_ms, block_intervals, bonded, supply)",
    ["date", "int8", "int8", "int8", "numeric", "numeric", "int8", "int8", "int8", "int8", "numeric", "numeric"],
    rows,
    `on conflict (day) do update set txs = daily_stats.txs + excluded.txs,
       active_addresses = daily_stats.active_addresses + excluded.active_addresses,
       new_addresses = daily_stats.new_addresses + excluded.new_addresses, fees = daily_stats.fees + excluded.fees,
       burned = daily_stats.burned + excluded.burned, registrations = daily_stats.registrations + excluded.registrations,
       premium_purchases = daily_stats.premium_purchases + excluded.premium_purchases,
       block_ms = daily_stats.block_ms + excluded.block_ms,
       block_intervals = daily_stats.block_intervals + excluded.block_intervals,
       bonded = excluded.bonded, supply = excluded.supply`,
  );
}
