// `npm run index`: the indexer alone, following RPC_URL into the database (one per database).
import { loadConfig } from "./config.ts";
import { createIndexer, onShutdown, openMigratedDatabase } from "./services.ts";

const config = loadConfig();
const db = await openMigratedDatabase(config);
const indexer = createIndexer(config, db);
const running = indexer.run();
onShutdown(async () => {
  indexer.stop();
  await running;
  await db.close();
});
await running.catch((error) => {
  console.error(`indexer stopped: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
