// `npm run index`: the indexer alone, following RPC_URL into the database (one per database); never exits 0 unless asked to stop.
import { backoffDelay } from "../chain/rpc.ts";
import type { TrackedDatabase } from "../db/pool-use.ts";
import { collationAdvice, databaseCollation } from "../db/collation.ts";
import { migrate } from "../db/migrate.ts";
import { vacuumAdvice, vacuumSettings } from "../db/table-maintenance.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { loadConfig, type Config } from "./config.ts";
import { fail } from "./fail.ts";
import type { NoticeBus } from "../db/live-notices.ts";
import { createIndexer, noticeBus, onShutdown, openCountedDatabase, startIndexerMetrics } from "./services.ts";

/** Waits between attempts to reach a database server that is down at start. */
const DATABASE_RETRY_BASE_MS = 500;
const DATABASE_RETRY_MAX_MS = 15_000;

/** Opens and migrates the database, waiting (with backoff, logged) for a server that refuses connections or restarts. */
async function openWhenReachable(config: Config, stopping: () => boolean): Promise<TrackedDatabase | null> {
  const db = await openCountedDatabase(config);
  for (let attempt = 1; !stopping(); attempt++) {
    try {
      const applied = await migrate(db);
      if (applied.length > 0) console.log(`database: applied ${applied.join(", ")}`);
      const advice = [collationAdvice(await databaseCollation(db)), vacuumAdvice(await vacuumSettings(db))];
      for (const line of advice) if (line) console.log(`database: ${line}`);
      return db;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const delay = backoffDelay(attempt, DATABASE_RETRY_BASE_MS, DATABASE_RETRY_MAX_MS);
      console.log(`indexer: database unavailable (${(error as Error).message}); attempt ${attempt}, next in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  await db.close();
  return null;
}

async function main(): Promise<void> {
  const config = loadConfig();
  let stopRequested = false;
  let running: Promise<void> | null = null;
  let stopIndexer: () => void = () => undefined;
  let db: TrackedDatabase | null = null;
  let bus: NoticeBus | null = null;
  let closeMetrics: () => Promise<void> = async () => undefined;
  onShutdown(async () => {
    stopRequested = true;
    stopIndexer();
    await running?.catch(() => undefined);
    await Promise.all([closeMetrics(), bus?.close()]);
    await db?.close();
  });
  db = await openWhenReachable(config, () => stopRequested);
  if (!db) return;
  const { metrics, close } = await startIndexerMetrics(config, db);
  closeMetrics = close;
  bus = noticeBus(config, db);
  const indexer = createIndexer(config, db, bus, metrics);
  stopIndexer = () => indexer.stop();
  running = indexer.run();
  await running;
  if (!stopRequested) throw new Error("the indexer stopped without being asked to: this is a bug, please report it");
}

// run() returns only when asked to stop, and then onShutdown exits 0; anything else is a failure with its own status.
main().catch((error) => fail("indexer", error));
