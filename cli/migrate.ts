// `npm run migrate`: applies pending database migrations and exits.
import { loadConfig } from "./config.ts";
import { openMigratedDatabase } from "./services.ts";

const db = await openMigratedDatabase(loadConfig());
await db.close();
console.log("database: up to date");
