// `npm start`: the whole explorer in one process — devnet (unless RPC_URL is set), indexer, API and web app.
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { createDevnet } from "../devnet/index.ts";
import { loadConfig } from "./config.ts";
import { fail } from "./fail.ts";
import { createIndexer, noticeBus, onShutdown, openMigratedDatabase, startApi, startIndexerMetrics } from "./services.ts";

async function main(): Promise<void> {
  const loaded = loadConfig();
  const devnet = loaded.rpcUrl ? null : createDevnet({ seed: loaded.devnetSeed, blockTimeMs: loaded.devnetBlockTimeMs, txsPerBlock: loaded.devnetTxsPerBlock });
  // The built-in devnet is a new chain at every start, so its embedded index starts anew beside other data.
  const config = devnet && !loaded.databaseUrl ? { ...loaded, dataDir: join(loaded.dataDir, "devnet") } : loaded;
  if (devnet && !config.databaseUrl) {
    // Another explorer running on this folder keeps it: refuse before deleting anything of its index.
    lockDataDir(config.dataDir)();
    await rm(config.dataDir, { recursive: true, force: true });
    console.log(`devnet: a new chain; its index starts fresh in ${config.dataDir}`);
  }
  if (devnet) {
    if (config.devnetPrebuild > 0) await devnet.prebuild(config.devnetPrebuild);
    await devnet.listen(config.devnetPort);
    devnet.start();
    console.log(`devnet: RPC on http://127.0.0.1:${config.devnetPort}, a block every ${config.devnetBlockTimeMs} ms`);
  }
  const db = await openMigratedDatabase(config);
  const indexerMetrics = await startIndexerMetrics(config, db);
  // One process: the indexer's notices reach the API through the same in-process PGlite (or REDIS_URL when set).
  const bus = noticeBus(config, db);
  const indexer = createIndexer(config, db, bus, indexerMetrics.metrics);
  const indexing = indexer.run().catch((error) => fail("indexer", error));
  const api = await startApi(config, db, devnet !== null, bus);

  // The parts stop side by side (a slow one must not hold the others past the deadline); the database closes last.
  onShutdown(async () => {
    indexer.stop();
    devnet?.stop();
    await Promise.all([indexing, api.close(), devnet?.close(), indexerMetrics.close()]);
    await bus.close();
    await db.close();
  });
}

main().catch((error) => fail("start", error));
