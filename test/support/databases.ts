// Test databases: PGlite in memory always, and a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import pg from "pg";
import { openDatabase, type Database } from "../../db/connection.ts";
import { migrate } from "../../db/migrate.ts";

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "";

/** The engines the database and integration tests run on. */
export const ENGINES: ("pglite" | "postgres")[] = POSTGRES_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  db: Database;
  /** Connection URL (postgres only), for a second process to open the same database. */
  url: string | null;
  drop(): Promise<void>;
}

/** A new, migrated, empty database on the engine. */
export async function createTestDatabase(engine: "pglite" | "postgres"): Promise<TestDatabase> {
  if (engine === "pglite") {
    const db = await openDatabase({});
    await migrate(db);
    return { db, url: null, drop: () => db.close() };
  }
  const name = `axm_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 4 });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
