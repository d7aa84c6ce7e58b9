// `npm run serve`: one API process reading the database (run as many as load needs, over PostgreSQL).
import { loadConfig } from "./config.ts";
import { fail } from "./fail.ts";
import { noticeBus, onShutdown, openMigratedDatabase, startApi } from "./services.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openMigratedDatabase(config, { statementTimeoutMs: config.apiStatementTimeoutMs });
  const bus = noticeBus(config, db);
  const api = await startApi(config, db, false, bus);
  onShutdown(async () => {
    await api.close();
    await bus.close();
    await db.close();
  });
}

main().catch((error) => fail("api", error));
