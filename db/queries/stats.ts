// Chain statistics from the indexer's counters: nothing here scans blocks or transactions.
import type { Queryable } from "../connection.ts";

export interface ChainStatRow {
  txs: number;
  events: number;
  blocks: number;
  accounts: number;
  burned: string;
  total_supply: string;
  delegated_supply: string;
  mempool_txs: number;
  latest_time: Date | null;
  window_seconds: number | null;
  window_txs: number;
  window_events: number;
  window_blocks: number;
  today_burned: string;
  today_accounts: number;
  block_time: number | null;
  /** The index's first height when it started in mid-chain: totals count from there. Null for an index from genesis. */
  counted_from: number | null;
}

/** "Now" is the latest indexed block's time, so a replayed or lagging index still reads sensibly. */
export async function chainStat(db: Queryable): Promise<ChainStatRow> {
  const rows = await db.query<ChainStatRow>(
    `with latest as (select time from blocks order by height desc limit 1),
          first as (select time from blocks order by height limit 1),
          recent as (select time from blocks order by height desc limit 100),
          day as (select * from hourly_counters where hour > (select time from latest) - interval '24 hours'),
          today as (select * from hourly_counters where hour >= date_trunc('day', (select time from latest)))
     select c.txs, c.events, c.blocks, c.accounts, c.burned::text as burned,
            s.total_supply::text as total_supply, s.delegated_supply::text as delegated_supply, s.mempool_txs,
            (select time from latest) as latest_time,
            extract(epoch from least(interval '24 hours', (select time from latest) - (select time from first)))::float8 as window_seconds,
            (select coalesce(sum(txs), 0) from day)::int8 as window_txs,
            (select coalesce(sum(events), 0) from day)::int8 as window_events,
            (select coalesce(sum(blocks), 0) from day)::int8 as window_blocks,
            (select coalesce(sum(burned), 0) from today)::text as today_burned,
            (select coalesce(sum(accounts), 0) from today)::int8 as today_accounts,
            (select extract(epoch from max(time) - min(time)) / nullif(count(*) - 1, 0) from recent)::float8 as block_time,
            (select start_height from indexer_state where id = 1 and start_height > 1) as counted_from
     from chain_counters c, chain_snapshot s where c.id = 1 and s.id = 1`,
  );
  return rows[0];
}

export interface IndexerStateRow {
  chain_id: string;
  indexed_height: number;
  chain_height: number;
}

export async function indexerState(db: Queryable): Promise<IndexerStateRow | null> {
  const rows = await db.query<IndexerStateRow>("select chain_id, indexed_height, chain_height from indexer_state where id = 1");
  return rows[0] ?? null;
}

/**
 * Seconds since the last transaction a streaming replica replayed was committed on its primary; null on a server that
 * is not a standby. It also grows while the primary commits nothing, so lag is judged by indexed heights instead.
 */
export async function replaySeconds(db: Queryable): Promise<number | null> {
  const rows = await db.query<{ seconds: number | null }>(
    "select case when pg_is_in_recovery() then extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as seconds",
  );
  return rows[0]?.seconds ?? null;
}

/** What /api/health judges the indexer by: its cursor, the node's height as it last saw it, its heartbeat, what a node refused. */
export interface IndexerHealth {
  indexedHeight: number;
  nodeHeight: number | null;
  heartbeatAt: Date | null;
  degraded: Record<string, string>;
  /** Average seconds between the last 100 indexed blocks; null with fewer than two. */
  blockSeconds: number | null;
  /** Indexes a large catch-up dropped and has not built again (db/deferred-indexes.ts). */
  deferredIndexes: string[];
}

export async function readIndexerHealth(db: Queryable): Promise<IndexerHealth | null> {
  const rows = await db.query<{
    indexed_height: number;
    node_height: number | null;
    heartbeat_at: Date | string | null;
    degraded: Record<string, string>;
    block_seconds: number | null;
    deferred_indexes: string[];
  }>(
    `with recent as (select time from blocks order by height desc limit 100)
     select indexed_height, node_height, heartbeat_at, degraded,
            (select extract(epoch from max(time) - min(time)) / nullif(count(*) - 1, 0) from recent)::float8 as block_seconds,
            array(select name from deferred_indexes order by name) as deferred_indexes
     from indexer_state where id = 1`,
  );
  if (rows.length === 0) return null;
  const r = rows[0];
  return {
    indexedHeight: r.indexed_height,
    nodeHeight: r.node_height,
    heartbeatAt: r.heartbeat_at === null ? null : new Date(r.heartbeat_at),
    degraded: r.degraded,
    blockSeconds: r.block_seconds,
    deferredIndexes: r.deferred_indexes,
  };
}
