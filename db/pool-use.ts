// The database work a process has under way, as pool figures for /metrics: the connection keeps its pool to itself, so
// the queries and transactions that go through a Database are counted instead (each holds one connection while it runs).
import { Gauge, type Registry } from "prom-client";
import type { Database } from "./connection.ts";

export class PoolUse {
  /** Queries and transactions started and not yet finished. */
  busy = 0;

  /** `size` connections at most (PGlite: one). */
  constructor(readonly size: number) {}

  get inUse(): number {
    return Math.min(this.busy, this.size);
  }

  get waiting(): number {
    return Math.max(0, this.busy - this.size);
  }
}

export type TrackedDatabase = Database & { readonly poolUse: PoolUse };

/** `db` with its work counted against a pool of `size` connections; a database already counted is returned as it is. */
export function trackPoolUse(db: Database, size: number): TrackedDatabase {
  if ("poolUse" in db) return db as TrackedDatabase;
  const use = new PoolUse(db.engine === "pglite" ? 1 : size);
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    use.busy++;
    try {
      return await work();
    } finally {
      use.busy--;
    }
  };
  return {
    ...db,
    poolUse: use,
    query: (sql, params, plan) => counted(() => db.query(sql, params, plan)),
    transaction: (work) => counted(() => db.transaction(work)),
  };
}

/** axm_db_pool_connections{state} (in_use, waiting) and axm_db_pool_max, read when scraped. */
export function registerPoolMetrics(registry: Registry, use: PoolUse): void {
  new Gauge({
    name: "axm_db_pool_connections",
    help: "Database connections of this process in use, and database requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "in_use" }, use.inUse);
      this.set({ state: "waiting" }, use.waiting);
    },
  });
  new Gauge({
    name: "axm_db_pool_max",
    help: "Most database connections this process opens",
    registers: [registry],
    collect() {
      this.set(use.size);
    },
  });
}
