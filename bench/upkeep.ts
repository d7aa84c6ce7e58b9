// What the indexer's upkeep after a catch-up (db/table-maintenance.ts) costs the embedded engine, which has no
// autovacuum: ANALYZE and VACUUM (ANALYZE) of every table of the PGlite folder a full run leaves, timed in turn; then
// the indexer's own upkeep, one table a statement, with its longest statement: what a stop, or a read of the API in
// the same process, waits for at most.
import type { Database } from "../db/connection.ts";
import { openDatabase } from "../db/connection.ts";
import { maintainChangedTables } from "../db/table-maintenance.ts";

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

export async function pgliteUpkeepFigures(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  console.log(`\nupkeep of every table on PGlite (${dataDir})`);
  for (const sql of ["analyze", "vacuum (analyze)", "vacuum (analyze)", "analyze"]) {
    const started = performance.now();
    await db.query(sql);
    console.log(`  ${sql.padEnd(18)} ${seconds(started)} s`);
  }
  const statements: { sql: string; ms: number }[] = [];
  const timed: Database = {
    ...db,
    query: async (sql, params, plan) => {
      const started = performance.now();
      try {
        return await db.query(sql, params, plan);
      } finally {
        statements.push({ sql, ms: performance.now() - started });
      }
    },
  };
  const started = performance.now();
  const { vacuumed } = await maintainChangedTables(timed);
  const longest = statements.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(`  the indexer's upkeep ${seconds(started)} s: ${vacuumed.length} tables, the longest statement ${longest.ms.toFixed(0)} ms (${longest.sql})`);
  await db.close();
}
