// The blocks of a just-written height range with their transactions, in one query, for the live-update stream.
import type { Queryable } from "../connection.ts";

export interface LiveTxRow {
  hash: string;
  types: string[];
  code: number;
  /** Every address the transaction involves (as address_txs lists them). */
  addresses: string[];
}

export interface LiveBlockRow {
  height: number;
  time: Date;
  tx_count: number;
  /** Consensus address (hex) of the proposer. */
  proposer: string;
  /** The proposer's operator address, when the validator is known. */
  validator_address: string | null;
  txs: LiveTxRow[];
}

/** Blocks from..to inclusive, oldest first, each with its transactions in block order. */
export async function liveBlocks(db: Queryable, from: number, to: number): Promise<LiveBlockRow[]> {
  return db.query<LiveBlockRow>(
    `select b.height, b.time, b.tx_count, b.proposer, v.operator_address as validator_address,
       coalesce((select json_agg(json_build_object('hash', t.hash, 'types', t.types, 'code', t.code,
                   'addresses', array(select c.address from address_txs a join accounts c on c.id = a.account where a.seq = t.seq order by c.address)) order by t.idx)
                 from transactions t where t.height = b.height), '[]'::json) as txs
     from blocks b left join validators v on v.consensus_address = b.proposer
     where b.height between $1 and $2 order by b.height`,
    [from, to],
  );
}
