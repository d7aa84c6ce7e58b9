// Applies the SQL migrations in db/migrations once each, in name order, safely from several processes.
import { readdir, readFile } from "node:fs/promises";
import type { Database } from "./connection.ts";
import { restoreIndexesIn } from "./deferred-indexes.ts";

// From the repository's root, one folder up: the same path from db/ and from the API's bundle in dist/ (`npm run serve`).
const MIGRATIONS_DIR = new URL("../db/migrations/", import.meta.url);
// Any fixed number: every process that migrates takes the same lock, so only one applies a file.
const MIGRATION_LOCK = 724_211;

export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")).sort();
  return db.transaction(async (tx) => {
    // An API process's pool may cut long statements (API_STATEMENT_TIMEOUT_MS); a migration, or the wait for another's, runs to its end.
    await tx.query("set local statement_timeout = 0");
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.exec("create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())");
    const done = new Set((await tx.query<{ name: string }>("select name from schema_migrations")).map((r) => r.name));
    const pending = files.filter((f) => !done.has(f));
    // A migration may change an index that a catch-up dropped for a while (db/deferred-indexes.ts): build them first.
    if (pending.length > 0) await restoreIndexesIn(tx);
    const applied: string[] = [];
    for (const file of pending) {
      await tx.exec(await readFile(new URL(file, MIGRATIONS_DIR), "utf8"));
      await tx.query("insert into schema_migrations (name) values ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}
