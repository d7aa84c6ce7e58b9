// `npm run migrate`: applies pending database migrations and exits.
import { loadConfig } from "./config.ts";
import { fail } from "./fail.ts";
import { openMigratedDatabase } from "./services.ts";

async function main(): Promise<void> {
  const db = await openMigratedDatabase(loadConfig());
  await db.close();
  console.log("database: up to date");
}

main().catch((error) => fail("migrate", error));
