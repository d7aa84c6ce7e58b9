// A database's indexed content as comparable text, table by table (node-state snapshots left out).
import type { Queryable } from "../../db/connection.ts";

const TABLES: Record<string, string> = {
  blocks: "select * from blocks order by height",
  transactions: "select * from transactions order by seq",
  type_txs: "select * from type_txs order by type, n",
  tx_types: "select * from tx_types order by type",
  // The lists and the operations by their accounts' addresses: an account's number depends on the numbers that batches rolled back had
  // taken (a sequence does not give them back). Masks use all 63 bits: read as text, not as a JavaScript number.
  address_txs: "select c.address, l.n, l.seq, l.mask::text as mask from address_txs l join accounts c on c.id = l.account order by c.address, l.n",
  address_events: "select c.address, e.n, e.height, e.seq, e.idx from address_events e join accounts c on c.id = e.account order by c.address, e.n",
  operations:
    "select c.address, o.time, o.height, o.seq, o.type, o.amount, o.denom, o.s, o.tx_hash, o.error, o.fields::text as fields from operations o join accounts c on c.id = o.account order by o.seq",
  accounts: "select address, tx_count, event_count, first_height, first_time from accounts order by address",
  commits: "select * from commits order by height",
  consensus_validators: "select * from consensus_validators order by id",
  validator_set_changes: "select * from validator_set_changes order by apply_height, consensus_id",
  delegations: "select * from delegations order by validator, delegator",
  account_balances: "select * from account_balances order by address",
  unbonding_entries: "select * from unbonding_entries order by delegator, height, idx",
  referrals: "select * from referrals order by address",
  referral_ancestors: "select * from referral_ancestors order by ancestor, depth, account",
  teams: "select * from teams order by address",
  // A count back at zero keeps its row, and whether a status held only inside one batch makes a row depends on where batches end.
  team_counts: "select * from team_counts where members <> 0 order by ancestor, depth, status",
  // The members' figures copied onto their nickname's entries; the entries' ancestors are accounts' numbers, left out as above.
  nickname_suffixes: "select suffix, account, status, delegated, undelegating, team_size from nickname_suffixes order by suffix, account",
  pending_member_syncs: "select * from pending_member_syncs order by account",
  profiles: "select * from profiles order by address",
  premium: "select * from premium order by address",
  chain_counters: "select * from chain_counters",
  hourly_counters: "select * from hourly_counters order by hour",
  indexer_state: "select chain_id, start_height, indexed_height from indexer_state",
  // Indexes a catch-up dropped for a while (db/deferred-indexes.ts) are back, as the migrations made them.
  indexes: "select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname",
  deferred_indexes: "select * from deferred_indexes order by name",
};

export async function dumpIndex(db: Queryable): Promise<Record<string, string>> {
  const dump: Record<string, string> = {};
  for (const [table, sql] of Object.entries(TABLES)) dump[table] = JSON.stringify(await db.query(sql));
  return dump;
}
