// Reads of blocks, commits and validators as the API shapes them.
import type { Queryable } from "../connection.ts";

export interface BlockRow {
  height: number;
  hash: string;
  chain_id: string;
  time: Date;
  proposer: string;
  tx_count: number;
  event_count: number;
  emission_rate: number | null;
  validator_address: string | null;
  validator_moniker: string | null;
  validator_identity: string | null;
}

const BLOCK_COLUMNS = `b.height, b.hash, b.chain_id, b.time, b.proposer, b.tx_count, b.event_count, b.emission_rate,
  v.operator_address as validator_address, v.moniker as validator_moniker, v.identity as validator_identity`;

export async function latestBlock(db: Queryable): Promise<BlockRow | null> {
  const rows = await db.query<BlockRow>(
    `select ${BLOCK_COLUMNS} from blocks b left join validators v on v.consensus_address = b.proposer order by b.height desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function blockByHeight(db: Queryable, height: number): Promise<(BlockRow & { events: unknown[] }) | null> {
  const rows = await db.query<BlockRow & { events: unknown[] }>(
    `select ${BLOCK_COLUMNS}, b.events from blocks b left join validators v on v.consensus_address = b.proposer where b.height = $1`,
    [height],
  );
  return rows[0] ?? null;
}

export async function blockHeightByHash(db: Queryable, hash: string): Promise<number | null> {
  const rows = await db.query<{ height: number }>("select height from blocks where hash = $1", [hash.toUpperCase()]);
  return rows[0]?.height ?? null;
}

/** Blocks from..to inclusive, newest first. */
export async function blockRange(db: Queryable, from: number, to: number): Promise<BlockRow[]> {
  return db.query<BlockRow>(
    `select ${BLOCK_COLUMNS} from blocks b left join validators v on v.consensus_address = b.proposer
     where b.height between $1 and $2 order by b.height desc`,
    [from, to],
  );
}

export interface CommitRow {
  height: number;
  /** Null for the commit of the height before the index's start: that block itself is not indexed. */
  proposer: string | null;
  signers: string[];
}

// Commits store consensus key numbers; these turn them back into addresses in their order.
const SIGNER_ADDRESSES = `array(select k.address from unnest(c.signers) with ordinality as u(id, o)
  join consensus_validators k on k.id = u.id order by u.o) as signers`;

/**
 * Who signed each block from..to (newest first); the latest block's signatures arrive with the next block.
 * With `onlySigner` (a hex consensus address) each entry lists that key alone, when it signed.
 */
export async function commitRange(db: Queryable, from: number, to: number, onlySigner?: string): Promise<CommitRow[]> {
  if (onlySigner) {
    return db.query<CommitRow>(
      `select c.height, b.proposer, case when k.id = any(c.signers) then array[k.address] else '{}'::text[] end as signers
       from commits c left join blocks b on b.height = c.height left join consensus_validators k on k.address = $3
       where c.height between $1 and $2 order by c.height desc`,
      [from, to, onlySigner],
    );
  }
  return db.query<CommitRow>(
    `select c.height, b.proposer, ${SIGNER_ADDRESSES} from commits c left join blocks b on b.height = c.height
     where c.height between $1 and $2 order by c.height desc`,
    [from, to],
  );
}

export async function latestCommit(db: Queryable): Promise<CommitRow | null> {
  const rows = await db.query<CommitRow>(
    `select c.height, b.proposer, ${SIGNER_ADDRESSES} from commits c left join blocks b on b.height = c.height order by c.height desc limit 1`,
  );
  return rows[0] ?? null;
}

export interface ValidatorRow {
  operator_address: string;
  consensus_address: string | null;
  moniker: string;
  identity: string;
}

export async function validatorByOperator(db: Queryable, operator: string): Promise<ValidatorRow | null> {
  const rows = await db.query<ValidatorRow>("select operator_address, consensus_address, moniker, identity from validators where operator_address = $1", [
    operator,
  ]);
  return rows[0] ?? null;
}

export async function validatorByConsensus(db: Queryable, consensusHex: string): Promise<ValidatorRow | null> {
  const rows = await db.query<ValidatorRow>("select operator_address, consensus_address, moniker, identity from validators where consensus_address = $1", [
    consensusHex,
  ]);
  return rows[0] ?? null;
}
