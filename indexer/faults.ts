// Faults the indexer cannot wait out (each with its own exit status and advice), and database faults it can.
import { readdir } from "node:fs/promises";
import type { Queryable } from "../db/connection.ts";

/** Exit statuses of `npm run index` and `npm start` (README "Operating against a real node"). */
export const EXIT = {
  /** An unexpected error: a bug or a setting the process cannot work with. */
  failure: 1,
  /** The node now serves another chain id than the one indexed. */
  chainIdChanged: 10,
  /** The node has pruned the next height the index needs. */
  heightPruned: 11,
  /** START_HEIGHT is below the node's earliest available height. */
  startBelowEarliest: 12,
  /** The database holds an index of another chain (the node's block at the cursor differs). */
  otherChain: 13,
  /** The database was migrated by a newer release of the explorer. */
  schemaNewer: 14,
  /** START_HEIGHT needs the node's state at the height before it, which the node no longer keeps (or never answers from). */
  startStateMissing: 15,
} as const;

/** A permanent fault: the message says what is wrong and what to do, `exitCode` which one it is. */
export class IndexerFault extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
    this.name = "IndexerFault";
  }
}

const MIGRATIONS_DIR = new URL("../db/migrations/", import.meta.url);

/** Stops when the database was migrated by a newer release: its tables may mean something this code does not know. */
export async function checkSchemaNotNewer(db: Queryable): Promise<void> {
  const known = new Set((await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".sql")));
  const applied = await db.query<{ name: string }>("select name from schema_migrations order by name");
  const unknown = applied.map((r) => r.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new IndexerFault(
      EXIT.schemaNewer,
      `the database schema is newer than this code (migration ${unknown.join(", ")} is unknown here): run the release that migrated it, or use another database`,
    );
  }
}
