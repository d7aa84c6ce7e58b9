// The upkeep autovacuum gives the index's tables, done at once after a bulk load, and the line that tells the operator
// when the server does not give it. The indexer updates rows in place all the time (a member's figures on its ancestor
// rows and nickname entries, balances, counters), and each update leaves a dead row until a VACUUM removes it; the list
// and team pages read their indexes alone only where a VACUUM has marked the table's pages all-visible, and fetch every
// row from the table elsewhere (BENCHMARKS.md "Tables vacuumed after a catch-up").
import { eachAtOnce } from "./at-once.ts";
import type { Database } from "./connection.ts";

/** Marks the upkeep's statements on the server, so that a stop can find them and cancel them (cancelUpkeep). */
const UPKEEP = "/* axm indexer upkeep */";

interface ChangedTable {
  name: string;
  /** Over autovacuum's measure for a VACUUM: rows inserted or dead since the last one. */
  vacuum: boolean;
  /** Over autovacuum's measure for an ANALYZE: rows changed since the last one. */
  analyze: boolean;
}

/**
 * PostgreSQL's tables that autovacuum would vacuum or analyze at its next pass (the largest first), by its own rules and
 * the server's own settings: rows inserted since the last VACUUM over `autovacuum_vacuum_insert_threshold` plus
 * `autovacuum_vacuum_insert_scale_factor` of the table (-1 turns that rule off), dead rows over
 * `autovacuum_vacuum_threshold` plus `autovacuum_vacuum_scale_factor`, rows changed since the last ANALYZE over
 * `autovacuum_analyze_threshold` plus `autovacuum_analyze_scale_factor` (a table never analyzed counts as empty). A
 * backend reports its changes at the end of a transaction, at most once a second, so a load's last second may be
 * missing from the counts: the tables it changed much it changed before that too. The rule for inserted rows came with
 * PostgreSQL 13: before it, its settings and count read as null (through to_jsonb, as the column is missing) and the
 * rule holds for no table.
 */
async function changedTables(db: Database): Promise<ChangedTable[]> {
  const over = (rule: string) =>
    `current_setting('${rule}_threshold', true)::float8 + current_setting('${rule}_scale_factor', true)::float8 * greatest(c.reltuples, 0)`;
  return db.query<ChangedTable>(
    `${UPKEEP} select format('%I.%I', s.schemaname, s.relname) as name,
       coalesce(current_setting('autovacuum_vacuum_insert_threshold', true)::int >= 0
         and (to_jsonb(s) ->> 'n_ins_since_vacuum')::float8 > ${over("autovacuum_vacuum_insert")}, false)
         or s.n_dead_tup > ${over("autovacuum_vacuum")} as vacuum,
       s.n_mod_since_analyze > ${over("autovacuum_analyze")} as analyze
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     order by pg_total_relation_size(c.oid) desc, name`,
  );
}

/** The index's tables (those of the current schema, as vacuumSettings reads them), by name. */
async function ownTables(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'm') order by name`,
  );
  return rows.map((r) => r.name);
}

export interface Maintained {
  /** The tables vacuumed (and analyzed with it). */
  vacuumed: string[];
  /** The tables only analyzed. */
  analyzed: string[];
}

/**
 * Vacuums and analyzes what a bulk load changed much, one statement a table, and names the tables; nothing more once
 * `stopped` says so. Every table on the embedded engine, which has no autovacuum and keeps no counts of changes, one at
 * a time: the engine runs one statement at a time in this process and cannot cancel one, so a stop, and the API's reads
 * in `npm start`'s one process, wait for one table's vacuum rather than the whole upkeep's. On a server two tables at a
 * time, the largest first: a VACUUM reads its table in one process, and a second keeps the other core busy
 * (BENCHMARKS.md "The dropped indexes built and the tables vacuumed two at a time"). On ten million transactions a catch-up of 400,000 changes
 * a few percent of the lists' rows: their statistics still hold (sampling them again read about 1 GB), and their older
 * pages keep their marks.
 */
export async function maintainChangedTables(db: Database, stopped: () => boolean = () => false): Promise<Maintained> {
  const done: Maintained = { vacuumed: [], analyzed: [] };
  if (stopped()) return done;
  const at = db.engine === "postgres" ? SERVER_SESSIONS : 1;
  const tables = db.engine === "pglite" ? (await ownTables(db)).map((name) => ({ name, vacuum: true, analyze: true })) : await changedTables(db);
  const vacuum = tables.filter((t) => t.vacuum).map((t) => t.name);
  const analyze = tables.filter((t) => t.analyze && !t.vacuum).map((t) => t.name);
  await eachAtOnce(
    vacuum,
    at,
    async (table) => {
      await db.query(`${UPKEEP} vacuum (analyze) ${table}`);
      done.vacuumed.push(table);
    },
    stopped,
  );
  await eachAtOnce(
    analyze,
    at,
    async (table) => {
      await db.query(`${UPKEEP} analyze ${table}`);
      done.analyzed.push(table);
    },
    stopped,
  );
  return { vacuumed: done.vacuumed.sort(), analyzed: done.analyzed.sort() };
}

/** Tables vacuumed or analyzed at once on a server. */
const SERVER_SESSIONS = 2;

/**
 * Cancels the upkeep's statement running on the server, if any: a VACUUM of a large table, or one waiting for a lock,
 * could hold a stop for minutes. The embedded engine runs it in this process, to its end.
 */
export async function cancelUpkeep(db: Database): Promise<void> {
  if (db.engine !== "postgres") return;
  await db.query(
    "select pg_cancel_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and starts_with(query, $1)",
    [UPKEEP],
  );
}

export interface VacuumSettings {
  database: string;
  /** The server's `autovacuum` setting. */
  autovacuum: boolean;
  /** The server's `track_counts`, without which autovacuum does not know which tables changed. */
  trackCounts: boolean;
  /** The database's tables whose `autovacuum_enabled` storage parameter is false, by name. */
  tablesOff: string[];
}

/** Whether the server vacuums the database `db` is connected to by itself; null on the embedded engine. */
export async function vacuumSettings(db: Database): Promise<VacuumSettings | null> {
  if (db.engine === "pglite") return null;
  const [row] = await db.query<VacuumSettings>(
    `select current_database() as database, current_setting('autovacuum')::bool as autovacuum,
       current_setting('track_counts')::bool as "trackCounts",
       array(
         select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = current_schema() and c.relkind in ('r', 'm')
           and exists (select from pg_options_to_table(c.reloptions) o where o.option_name = 'autovacuum_enabled' and not o.option_value::bool)
         order by 1) as "tablesOff"`,
  );
  return row;
}

/** One line for the operator when autovacuum does not look after every table of the index; else null. */
export function vacuumAdvice(v: VacuumSettings | null): string | null {
  if (v === null) return null;
  const off = [
    ...(v.autovacuum ? [] : ["autovacuum = off"]),
    ...(v.trackCounts ? [] : ["track_counts = off"]),
    ...(v.tablesOff.length === 0 ? [] : [`autovacuum_enabled = false on ${v.tablesOff.join(", ")}`]),
  ];
  if (off.length === 0) return null;
  return (
    `database ${v.database} is not vacuumed automatically (${off.join("; ")}), so its updated tables bloat and its lists read ` +
    `each row from the table instead of their indexes alone: turn autovacuum on (README "PostgreSQL settings for a large index")`
  );
}
