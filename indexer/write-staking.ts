// The staking part of a batch: commits by consensus key number, uptime counters over the followed set, delegations and stake moves.
import type { Queryable } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import type { DelegationDelta, StakeMove } from "./decode-staking.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";

/** CometBFT applies the validator updates of block H to the set of height H + 2. */
const UPDATE_DELAY = 2;

interface ConsensusKey {
  id: number;
  inSet: boolean;
  blocks: number;
  signed: number;
  proposed: number;
  changed: boolean;
}

interface SetChange {
  applyHeight: number;
  id: number;
  joins: boolean;
}

/** Consensus keys by address and the pending set changes, loaded for one batch and written back at its end. */
class ConsensusBook {
  private readonly keys = new Map<string, ConsensusKey>();
  private readonly byId = new Map<number, ConsensusKey>();
  private pending: SetChange[] = [];
  private nextId = 1;

  static async load(tx: Queryable): Promise<ConsensusBook> {
    const book = new ConsensusBook();
    const keys = await tx.query<{ id: number; address: string; in_set: boolean }>("select id, address, in_set from consensus_validators");
    for (const k of keys) book.add(k.address, { id: k.id, inSet: k.in_set, blocks: 0, signed: 0, proposed: 0, changed: false });
    const pending = await tx.query<{ apply_height: number; consensus_id: number; joins: boolean }>(
      "select apply_height, consensus_id, joins from validator_set_changes order by apply_height, consensus_id",
    );
    book.pending = pending.map((p) => ({ applyHeight: Number(p.apply_height), id: p.consensus_id, joins: p.joins }));
    return book;
  }

  private add(address: string, key: ConsensusKey): void {
    this.keys.set(address, key);
    this.byId.set(key.id, key);
    this.nextId = Math.max(this.nextId, key.id + 1);
  }

  /** The key of an address, numbered on first sight. */
  key(address: string): ConsensusKey {
    let key = this.keys.get(address);
    if (!key) {
      key = { id: this.nextId, inSet: false, blocks: 0, signed: 0, proposed: 0, changed: true };
      this.add(address, key);
    }
    return key;
  }

  schedule(applyHeight: number, address: string, joins: boolean): void {
    const id = this.key(address).id;
    this.pending = this.pending.filter((p) => !(p.applyHeight === applyHeight && p.id === id));
    this.pending.push({ applyHeight, id, joins });
  }

  countProposal(address: string): void {
    const key = this.key(address);
    key.proposed += 1;
    key.changed = true;
  }

  /** Counts the commit of `height` for every key in the set: a block in the set, and a signature when it signed. */
  count(signerIds: Set<number>): void {
    for (const key of this.byId.values()) {
      if (!key.inSet) continue;
      key.blocks += 1;
      if (signerIds.has(key.id)) key.signed += 1;
      key.changed = true;
    }
  }

  /** Moves the set to `height` by applying the changes scheduled for it. */
  advanceTo(height: number): void {
    for (const change of this.pending) {
      if (change.applyHeight !== height) continue;
      const key = this.byId.get(change.id)!;
      key.inSet = change.joins;
      key.changed = true;
    }
    this.pending = this.pending.filter((p) => p.applyHeight > height);
  }

  async save(tx: Queryable, lastHeight: number): Promise<void> {
    const rows = new Columns(6);
    for (const [address, k] of this.keys) if (k.changed) rows.push(k.id, address, k.inSet, k.blocks, k.signed, k.proposed);
    await insertUnnest(
      tx,
      "consensus_validators (id, address, in_set, blocks, signed, proposed)",
      ["int4", "text", "bool", "int8", "int8", "int8"],
      rows,
      `on conflict (id) do update set in_set = excluded.in_set, blocks = consensus_validators.blocks + excluded.blocks,
         signed = consensus_validators.signed + excluded.signed, proposed = consensus_validators.proposed + excluded.proposed`,
    );
    await tx.query("delete from validator_set_changes where apply_height <= $1", [lastHeight]);
    const pending = new Columns(3);
    for (const p of this.pending) pending.push(p.applyHeight, p.id, p.joins);
    await insertUnnest(
      tx,
      "validator_set_changes (apply_height, consensus_id, joins)",
      ["int8", "int4", "bool"],
      pending,
      "on conflict (apply_height, consensus_id) do update set joins = excluded.joins",
    );
  }
}

/**
 * Block H carries the commit of H - 1, counted over the set of H - 1; then the set moves to H.
 * Heights before `countFrom` (the first indexed one) have no known set and are not counted.
 */
async function writeConsensus(tx: Queryable, blocks: IndexedBlock[], countFrom: number): Promise<void> {
  const book = await ConsensusBook.load(tx);
  const commits = new Columns(2);
  for (const block of blocks) {
    for (const update of block.staking.validatorUpdates) book.schedule(block.height + UPDATE_DELAY, update.address, update.power !== "0");
    book.countProposal(block.proposer);
    const commit = block.previousSigners;
    if (commit) {
      const ids = commit.signers.map((address) => book.key(address).id);
      commits.push(commit.height, ids.join(","));
      if (commit.height >= countFrom) book.count(new Set(ids));
    }
    book.advanceTo(block.height);
  }
  await insertUnnest(tx, "commits (height, signers)", ["int8", "int4[]"], commits, "on conflict (height) do nothing");
  await book.save(tx, blocks[blocks.length - 1].height);
}

/** Sums delegation changes per validator and delegator until they are applied. */
class DeltaSums {
  private sums = new Map<string, bigint>();
  add([validator, delegator, amount]: DelegationDelta): void {
    const key = `${validator} ${delegator}`;
    this.sums.set(key, (this.sums.get(key) ?? 0n) + BigInt(amount));
  }

  /** Applies the sums (emptied delegations removed) and starts again. */
  async apply(tx: Queryable): Promise<void> {
    const rows = new Columns(3);
    for (const [key, amount] of this.sums) if (amount !== 0n) rows.push(...key.split(" "), amount.toString());
    this.sums = new Map();
    if (rows.size === 0) return;
    await insertUnnest(
      tx,
      "delegations (validator, delegator, amount)",
      ["text", "text", "numeric"],
      rows,
      "on conflict (validator, delegator) do update set amount = delegations.amount + excluded.amount",
    );
    await tx.query(
      `delete from delegations d using unnest($1::text[], $2::text[]) as k(validator, delegator)
       where d.validator = k.validator and d.delegator = k.delegator and d.amount <= 0`,
      rows.data.slice(0, 2) as never,
    );
  }
}

/** Moves the whole stored delegation (x/staking keeper.go MoveDelegation) and returns the change it made to each side. */
async function moveDelegation(tx: Queryable, move: StakeMove): Promise<DelegationDelta[]> {
  const rows = await tx.query<{ amount: string }>(
    `with source as (delete from delegations where validator = $1 and delegator = $2 returning amount),
     moved as (insert into delegations (validator, delegator, amount) select $1, $3, amount from source
               on conflict (validator, delegator) do update set amount = delegations.amount + excluded.amount returning 1)
     select amount::text from source`,
    [move.validator, move.delegator, move.dstDelegator],
  );
  const amount = BigInt(rows[0]?.amount ?? "0");
  if (amount === 0n) return [];
  return [
    [move.validator, move.delegator, (-amount).toString()],
    [move.validator, move.dstDelegator, amount.toString()],
  ];
}

/**
 * Delegation changes of the batch summed per validator and delegator, then applied; emptied ones removed. A stake move
 * takes the stored delegation as it stands at its place in the chain: the changes before it are applied first.
 * Returns what the moves changed, which the accounts part adds to delegated balances and teams.
 */
async function writeDelegations(tx: Queryable, blocks: IndexedBlock[]): Promise<DelegationDelta[]> {
  const sums = new DeltaSums();
  const moved: DelegationDelta[] = [];
  for (const { staking } of blocks) {
    let next = 0;
    for (const move of staking.stakeMoves) {
      for (; next < move.after; next++) sums.add(staking.delegationDeltas[next]);
      await sums.apply(tx);
      moved.push(...(await moveDelegation(tx, move)));
    }
    for (; next < staking.delegationDeltas.length; next++) sums.add(staking.delegationDeltas[next]);
  }
  await sums.apply(tx);
  return moved;
}

/** Writes the batch's staking part; returns the delegation changes its stake moves made. */
export async function writeStaking(tx: Queryable, blocks: IndexedBlock[]): Promise<DelegationDelta[]> {
  const state = await tx.query<{ start_height: number }>("select start_height from indexer_state where id = 1");
  await writeConsensus(tx, blocks, Number(state[0]?.start_height ?? 1));
  return writeDelegations(tx, blocks);
}
