// Secondary indexes of the tables that grow with every transaction, dropped for a large catch-up and built again when
// it ends: one sorted build costs PostgreSQL far less than keeping the B-trees in step row by row.
import { eachAtOnce } from "./at-once.ts";
import type { Database, Queryable, Transaction } from "./connection.ts";

/**
 * The indexes a catch-up may go without. No write of the indexer reads them and no upsert names them; the keys that
 * writes read (blocks, accounts, counters, delegations and ancestor rows by their keys) stay. A primary key is dropped
 * and added back as its constraint.
 *
 * The lists' indexes: the per-address, per-type and operations lists' keys, the API's second ways into them and the
 * lookups by hash or time. Their tables grow with the chain.
 */
const LIST_INDEXES = [
  "address_events_pkey",
  "address_txs_by_seq",
  "address_txs_pkey",
  "address_txs_seq",
  "blocks_hash",
  "blocks_time",
  "operations_account",
  "operations_account_type",
  "transactions_fail_n",
  "transactions_hash",
  "transactions_height",
  "transactions_ok_n",
  "type_txs_fail_n",
  "type_txs_fail_seq",
  "type_txs_ok_n",
  "type_txs_ok_seq",
  "type_txs_pkey",
  "type_txs_seq",
];

/**
 * Orders by a figure that every delegation changes, per table of the chain's state: a validator's delegators by amount,
 * a team by its members' copied figures, a team search's nickname entries by them (migration 042). Without an index on
 * a figure, PostgreSQL updates it in place (a HOT update) instead of adding an entry to every index of the table, or
 * adds one entry fewer. These tables do not grow with the blocks (a start in mid-chain seeds a whole referral tree), so
 * each is worth building again only after a catch-up of at least as many blocks as it has rows.
 */
export const FIGURE_INDEXES: Record<string, string[]> = {
  delegations: ["delegations_biggest"],
  nickname_suffixes: ["nickname_suffixes_by_delegated", "nickname_suffixes_by_team_size"],
  referral_ancestors: ["referral_ancestors_delegated", "referral_ancestors_status", "referral_ancestors_team_size", "referral_ancestors_undelegating"],
};

export const DEFERRABLE_INDEXES: readonly string[] = [...LIST_INDEXES, ...Object.values(FIGURE_INDEXES).flat()].sort();

/**
 * The indexes worth dropping for a catch-up of `blocks` onto an index of `indexed` blocks: the lists' when it brings at
 * least as many blocks as are indexed (building an index again reads every row), and a table's figure orders when it
 * brings at least as many blocks as the table has rows (counted no further than that).
 */
export async function indexesToDefer(db: Queryable, blocks: number, indexed: number): Promise<string[]> {
  const names = indexed <= blocks ? [...LIST_INDEXES] : [];
  for (const [table, indexes] of Object.entries(FIGURE_INDEXES)) {
    const [{ rows }] = await db.query<{ rows: number }>(`select count(*)::int as rows from (select from ${table} limit $1::int8) t`, [blocks + 1]);
    if (rows <= blocks) names.push(...indexes);
  }
  return names.sort();
}

/** Sort memory of one index build (the server's default, 64 MB, spills a few million rows to disk). */
const BUILD_MEMORY = "256MB";

/** Names of the indexes dropped and not yet built again. */
export async function deferredIndexes(db: Queryable): Promise<string[]> {
  return (await db.query<{ name: string }>("select name from deferred_indexes order by name")).map((r) => r.name);
}

/**
 * Drops deferrable indexes (all of them unless named) in one transaction, keeping the statements that make each again;
 * returns their names. A key is kept as its unique index and the constraint made of it, so that it can be built beside
 * its table's other indexes.
 */
export async function deferIndexes(db: Database, names: readonly string[] = DEFERRABLE_INDEXES): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ name: string; drop: string; definition: string }>(
      `select i.indexname as name,
         case when c.oid is null then format('drop index %I', i.indexname)
              else format('alter table %I drop constraint %I', i.tablename, c.conname) end as drop,
         case when c.oid is null then i.indexdef
              else format('%s; alter table %I add constraint %I %s using index %I',
                          i.indexdef, i.tablename, c.conname, case c.contype when 'p' then 'primary key' else 'unique' end, i.indexname) end as definition
       from pg_indexes i
       left join pg_constraint c on c.conname = i.indexname and c.conrelid = format('%I.%I', i.schemaname, i.tablename)::regclass
       where i.schemaname = current_schema() and i.indexname = any($1::text[])
         and not exists (select 1 from deferred_indexes d where d.name = i.indexname)
       order by i.indexname`,
      [names.filter((name) => DEFERRABLE_INDEXES.includes(name))],
    );
    for (const { name, drop, definition } of found) {
      await tx.query("insert into deferred_indexes (name, definition) values ($1, $2)", [name, definition]);
      await tx.query(drop);
    }
    return found.map((r) => r.name);
  });
}

export interface RestoreOptions {
  /** Asked before each build: true leaves the rest for a later call. */
  stopped?: () => boolean;
  /** Builds at once on a server, each on a connection of its own (2 by default); the embedded engine builds one at a time. */
  builds?: number;
  /** Told of each index as its build starts. */
  onStart?: (name: string) => void;
  /** Told of each index once it is built and committed, with the seconds it took. */
  onBuilt?: (name: string, seconds: number) => void;
}

/** A dropped index and the statements that make it again. */
interface ToBuild {
  name: string;
  definition: string;
}

/**
 * Two builds at once on a server. PostgreSQL gives one build of a large table parallel workers for its scan and sort,
 * but writes the sorted index out alone; a second build keeps the other core busy meanwhile (BENCHMARKS.md "The dropped
 * indexes built and the tables vacuumed two at a time").
 */
const SERVER_BUILDS = 2;

/**
 * Builds every deferred index again, each in its own transaction with the removal of its row, those of the largest
 * tables first, `builds` at once. A primary key is built as its unique index, beside any other build of its table, and
 * only made the table's key (a moment's exclusive lock) once those have committed.
 */
export async function restoreIndexes(db: Database, options: RestoreOptions = {}): Promise<void> {
  const builds = db.engine === "postgres" ? (options.builds ?? SERVER_BUILDS) : 1;
  await eachAtOnce(
    await toBuild(db),
    builds,
    async (index) => {
      options.onStart?.(index.name);
      const started = performance.now();
      await db.transaction((tx) => restoreOne(tx, index));
      options.onBuilt?.(index.name, (performance.now() - started) / 1000);
    },
    options.stopped,
  );
}

/** The same inside a transaction that is already open (a migration's, which runs before any other change). */
export async function restoreIndexesIn(tx: Transaction): Promise<void> {
  const exists = await tx.query<{ t: string | null }>("select to_regclass('deferred_indexes')::text as t");
  if (exists[0].t === null) return;
  for (const index of await toBuild(tx)) await restoreOne(tx, index);
}

/**
 * The dropped indexes, those of the largest tables first: their builds take longest, and the small ones fill in at the
 * end. The table is read from the statement that makes the index again (PostgreSQL's `pg_indexes.indexdef`; a key
 * dropped by an earlier version, `alter table ... add constraint`).
 */
function toBuild(db: Queryable): Promise<ToBuild[]> {
  return db.query(
    `select name, definition from deferred_indexes
     order by pg_relation_size(to_regclass(coalesce(substring(definition from '^alter table "?([^" ]+)"? add constraint'),
                                                    substring(definition from ' ON (?:ONLY )?(?:[^ ]+\\.)?"?([^ ".]+)"? USING ')))) desc nulls last,
              name`,
  );
}

/** Marks a build's statement on the server, so that a stop can find it and cancel it (cancelIndexBuilds). */
const BUILD = "/* axm indexer index build */";

async function restoreOne(tx: Transaction, index: ToBuild): Promise<void> {
  // A sort that fits in memory instead of one in temporary files, for this build only.
  await tx.query(`set local maintenance_work_mem = '${BUILD_MEMORY}'`);
  // A key is two statements: its unique index, then the constraint made of it.
  await tx.exec(`${BUILD} ${index.definition}`);
  await tx.query("delete from deferred_indexes where name = $1", [index.name]);
}

/** Cancels the index builds running on the server, if any: a large one could hold a stop for minutes. */
export async function cancelIndexBuilds(db: Database): Promise<void> {
  if (db.engine !== "postgres") return;
  await db.query(
    "select pg_cancel_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and starts_with(query, $1)",
    [BUILD],
  );
}
