// The planner's statistics after a bulk load: refreshed where the load changed a table by more than autovacuum's own
// measure, so the API's plans fit the rows now there without sampling every table of a large index again.
import type { Database } from "./connection.ts";

/**
 * PostgreSQL's tables changed since their last ANALYZE by more than `autovacuum_analyze_threshold` rows plus
 * `autovacuum_analyze_scale_factor` of their rows (the server's own settings; a table never analyzed counts as empty),
 * the rule by which autovacuum would analyze them later. A backend reports its changes at the end of a transaction, at
 * most once a second, so a load's last second may be missing from the counts: the tables it changed much it changed
 * before that too.
 */
async function changedTables(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.relname) as name
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
       + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
     order by name`,
  );
  return rows.map((r) => r.name);
}

/**
 * Analyzes what a bulk load changed much, and names the tables ("all" on the embedded engine, which has no
 * autovacuum and keeps no such counts, so every table is analyzed). On ten million transactions a catch-up of 400,000
 * changes a few percent of the lists' rows: their statistics still hold, and sampling them again read about 1 GB.
 */
export async function analyzeChangedTables(db: Database): Promise<string[] | "all"> {
  if (db.engine === "pglite") {
    await db.query("analyze");
    return "all";
  }
  const tables = await changedTables(db);
  if (tables.length > 0) await db.query(`analyze ${tables.join(", ")}`);
  return tables;
}
