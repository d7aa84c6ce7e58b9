// Secondary indexes of the tables that grow with every transaction, dropped for a large catch-up and built again when
// it ends: one sorted build costs PostgreSQL far less than keeping the B-trees in step row by row.
import type { Database, Queryable } from "./connection.ts";

/**
 * The indexes a catch-up may go without: the API's second ways into the lists and the lookups by hash or time. No
 * write of the indexer reads them and no upsert names them; the primary keys, which the writes do read, stay.
 */
export const DEFERRABLE_INDEXES = [
  "blocks_time",
  "blocks_hash",
  "transactions_hash",
  "transactions_height",
  "transactions_ok_n",
  "transactions_fail_n",
  "type_txs_seq",
  "type_txs_ok_n",
  "type_txs_fail_n",
  "address_txs_seq",
  "address_txs_by_seq",
] as const;

/** Sort memory of one index build (the server's default, 64 MB, spills a few million rows to disk). */
const BUILD_MEMORY = "256MB";

/** Names of the indexes dropped and not yet built again. */
export async function deferredIndexes(db: Queryable): Promise<string[]> {
  return (await db.query<{ name: string }>("select name from deferred_indexes order by name")).map((r) => r.name);
}

/** Drops the deferrable indexes in one transaction, keeping each one's definition; returns their names. */
export async function deferIndexes(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ name: string }>(
      `insert into deferred_indexes (name, definition)
       select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname = any($1::text[])
       on conflict (name) do nothing returning name`,
      [[...DEFERRABLE_INDEXES]],
    );
    for (const { name } of rows) await tx.query(`drop index ${quoteIdent(name)}`);
    return rows.map((r) => r.name).sort();
  });
}

/**
 * Builds every deferred index again, each in its own transaction with the removal of its row, and returns how long
 * each took. `onBuild` is told each session's backend pid before its build, so a stop can cancel it.
 */
export async function restoreIndexes(
  db: Database,
  options: { stopped?: () => boolean; onBuild?: (pid: number | null) => void } = {},
): Promise<Map<string, number>> {
  const took = new Map<string, number>();
  const rows = await db.query<{ name: string; definition: string }>("select name, definition from deferred_indexes order by name");
  for (const { name, definition } of rows) {
    if (options.stopped?.()) break;
    const started = performance.now();
    await db.transaction(async (tx) => {
      await restoreOne(tx, name, definition, options.onBuild);
    });
    took.set(name, (performance.now() - started) / 1000);
  }
  return took;
}

/** The same inside a transaction that is already open (a migration's, which runs before any other change). */
export async function restoreIndexesIn(tx: Queryable): Promise<void> {
  const exists = await tx.query<{ t: string | null }>("select to_regclass('deferred_indexes')::text as t");
  if (exists[0].t === null) return;
  const rows = await tx.query<{ name: string; definition: string }>("select name, definition from deferred_indexes order by name");
  for (const { name, definition } of rows) await restoreOne(tx, name, definition);
}

async function restoreOne(tx: Queryable, name: string, definition: string, onBuild?: (pid: number | null) => void): Promise<void> {
  if (onBuild) onBuild((await tx.query<{ pid: number }>("select pg_backend_pid() as pid"))[0].pid);
  try {
    // A sort that fits in memory instead of one in temporary files, for this build only.
    await tx.query(`set local maintenance_work_mem = '${BUILD_MEMORY}'`);
    await tx.query(definition);
  } finally {
    onBuild?.(null);
  }
  await tx.query("delete from deferred_indexes where name = $1", [name]);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
