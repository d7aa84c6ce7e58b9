// Writes what the indexer reads from the node's state (supply, mempool, validators) into the database.
import type { Queryable } from "../db/connection.ts";
import type { SupplySnapshot, ValidatorRecord } from "./node-state.ts";

export async function saveSupply(db: Queryable, snapshot: SupplySnapshot): Promise<void> {
  await db.query("update chain_snapshot set total_supply = $1::numeric, delegated_supply = $2::numeric, mempool_txs = $3, read_at = now() where id = 1", [
    snapshot.totalSupply,
    snapshot.delegatedSupply,
    snapshot.mempoolTxs,
  ]);
}

/** Validators as read from the node; tx_fee_rate stays null: the chain has no such figure (proto/axiome/staking/v1beta1/staking.proto). */
export async function saveValidators(db: Queryable, validators: ValidatorRecord[], height: number): Promise<void> {
  for (const v of validators) {
    await db.query(
      `insert into validators (operator_address, consensus_address, moniker, identity, website, security_contact, details, status, jailed,
         tokens, delegator_shares, commission_rate, unbonding_time, updated_height)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, $11::numeric, $12, $13::timestamptz, $14)
       on conflict (operator_address) do update set consensus_address = excluded.consensus_address, moniker = excluded.moniker,
         identity = excluded.identity, website = excluded.website, security_contact = excluded.security_contact, details = excluded.details,
         status = excluded.status, jailed = excluded.jailed, tokens = excluded.tokens, delegator_shares = excluded.delegator_shares,
         commission_rate = excluded.commission_rate, unbonding_time = excluded.unbonding_time,
         updated_height = excluded.updated_height`,
      [
        v.operatorAddress,
        v.consensusAddress,
        v.moniker,
        v.identity,
        v.website,
        v.securityContact,
        v.details,
        v.status,
        v.jailed,
        v.tokens,
        v.delegatorShares,
        v.commissionRate,
        v.unbondingTime,
        height,
      ],
    );
  }
}

/** Unbonding validators whose unbonding time has passed: they are unbonded now and are read again. */
export async function maturedUnbondings(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ operator_address: string }>(
    `select operator_address from validators where status = 'BOND_STATUS_UNBONDING'
     and unbonding_time <= (select max(time) from blocks where height = (select indexed_height from indexer_state))`,
  );
  return rows.map((r) => r.operator_address);
}
