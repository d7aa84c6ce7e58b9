// `npm run index`: the indexer alone, following RPC_URL into the database (one per database).
import { loadConfig } from "./config.ts";
import { fail } from "./fail.ts";
import { createIndexer, onShutdown, openMigratedDatabase } from "./services.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openMigratedDatabase(config);
  const indexer = createIndexer(config, db);
  const running = indexer.run();
  onShutdown(async () => {
    indexer.stop();
    await running;
    await db.close();
  });
  await running;
}

main().catch((error) => fail("indexer", error));
