// What the indexer tells the API about itself: a heartbeat with the node's height, and the capabilities a node refused.
import type { Queryable } from "../db/connection.ts";

/** Capabilities lost for good when the node refuses them while the index is created; the others are asked again at each start. */
const SEED_CAPABILITIES = new Set(["validator_seed", "delegation_seed"]);

/** Records that the indexer is alive now, and the node's latest height when it was read (left as it was otherwise). */
export async function writeHeartbeat(db: Queryable, nodeHeight: number | null): Promise<void> {
  await db.query("update indexer_state set heartbeat_at = now(), node_height = coalesce($1::int8, node_height) where id = 1", [nodeHeight]);
}

/** Replaces the degraded capabilities recorded for the API (`indexer_state.degraded`). */
export async function writeDegraded(db: Queryable, degraded: Map<string, string>): Promise<void> {
  await db.query("update indexer_state set degraded = $1::jsonb where id = 1", [JSON.stringify(Object.fromEntries(degraded))]);
}

/** The degraded capabilities of the index itself (its seeds), which a restart cannot bring back. */
export async function readSeedDegraded(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ degraded: Record<string, string> | null }>("select degraded from indexer_state where id = 1");
  const entries = Object.entries(rows[0]?.degraded ?? {}).filter(([name]) => SEED_CAPABILITIES.has(name));
  return new Map(entries);
}
