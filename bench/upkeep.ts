// What the indexer's upkeep after a catch-up (db/table-maintenance.ts) costs the embedded engine, which has no
// autovacuum: ANALYZE and VACUUM (ANALYZE) of every table of the PGlite folder a full run leaves, timed in turn; then
// the indexer's own upkeep, one table a statement, with its longest statement: what a stop, or a read of the API in
// the same process, waits for at most. And on PostgreSQL, the end of a large catch-up on the database the catch-up
// bench leaves: the dropped indexes built again (db/deferred-indexes.ts) and every table vacuumed, one or two at a time.
import { eachAtOnce } from "../db/at-once.ts";
import { openDatabase } from "../db/connection.ts";
import { DEFERRABLE_INDEXES, deferIndexes, restoreIndexes } from "../db/deferred-indexes.ts";
import { maintainChangedTables } from "../db/table-maintenance.ts";
import { CATCHUP_CHAINS, StatementTimes } from "./catchup.ts";

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

export async function pgliteUpkeepFigures(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  console.log(`\nupkeep of every table on PGlite (${dataDir})`);
  for (const sql of ["analyze", "vacuum (analyze)", "vacuum (analyze)", "analyze"]) {
    const started = performance.now();
    await db.query(sql);
    console.log(`  ${sql.padEnd(18)} ${seconds(started)} s`);
  }
  const times = new StatementTimes();
  const started = performance.now();
  const { vacuumed } = await maintainChangedTables(times.wrap(db));
  const [sql, longest] = [...times.byStatement].reduce((a, b) => (b[1].seconds > a[1].seconds ? b : a));
  console.log(`  the indexer's upkeep ${seconds(started)} s: ${vacuumed.length} tables, the longest statement ${longest.seconds.toFixed(2)} s (${sql})`);
  await db.close();
}

/**
 * On the 400,000-transaction catch-up's database (`BENCH_ONLY=catchup` leaves it): BENCH_ROUNDS rounds (2 by default),
 * each dropping the deferrable indexes and building them again one at a time, then two at a time; then each vacuuming
 * every table (`disable_page_skipping`: every page read, as after a catch-up) on one session, then two, the largest
 * tables first. A checkpoint before each, so that no build pays for the one before.
 */
export async function serverEndOfCatchupFigures(postgres: string): Promise<void> {
  const url = Object.assign(new URL(postgres), { pathname: `/${CATCHUP_CHAINS.catchup.database}` }).toString();
  const db = await openDatabase({ url });
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const tables = await db.query<{ name: string }>(
    "select c.oid::regclass::text as name from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc",
  );
  const timed = async (work: () => Promise<void>) => {
    await db.query("checkpoint");
    const started = performance.now();
    await work();
    return seconds(started);
  };
  console.log(`
the end of a large catch-up on PostgreSQL (${CATCHUP_CHAINS.catchup.database}): ${DEFERRABLE_INDEXES.length} index builds and ${tables.length} tables' vacuums`);
  for (let round = 1; round <= rounds; round++) {
    for (const at of [1, 2]) {
      await deferIndexes(db);
      console.log(`  round ${round}: the index builds ${at} at a time ${await timed(() => restoreIndexes(db, { builds: at }))} s`);
    }
    for (const at of [1, 2]) {
      const vacuums = () =>
        eachAtOnce(tables, at, async ({ name }) => {
          await db.query(`vacuum (analyze, disable_page_skipping) ${name}`);
        });
      console.log(`  round ${round}: the vacuums ${at} at a time ${await timed(vacuums)} s`);
    }
  }
  await db.close();
}
