// What the indexer's upkeep after a catch-up (db/table-maintenance.ts) costs the embedded engine, which has no
// autovacuum: ANALYZE and VACUUM (ANALYZE) of every table of the PGlite folder a full run leaves, timed in turn.
import { openDatabase } from "../db/connection.ts";

export async function pgliteUpkeepFigures(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  console.log(`\nupkeep of every table on PGlite (${dataDir})`);
  for (const sql of ["analyze", "vacuum (analyze)", "vacuum (analyze)", "analyze"]) {
    const started = performance.now();
    await db.query(sql);
    console.log(`  ${sql.padEnd(18)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  }
  await db.close();
}
