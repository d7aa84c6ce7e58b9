// What the indexer's upkeep after a catch-up (db/table-maintenance.ts) costs the embedded engine, which has no
// autovacuum: ANALYZE and VACUUM (ANALYZE) of every table of the PGlite folder a full run leaves, timed in turn; then
// the indexer's own upkeep, one table a statement, with its longest statement: what a stop, or a read of the API in
// the same process, waits for at most.
import { openDatabase } from "../db/connection.ts";
import { maintainChangedTables } from "../db/table-maintenance.ts";
import { StatementTimes } from "./catchup.ts";

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
