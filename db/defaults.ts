// The database defaults that settings override, kept apart from the connection so reading them loads no driver.

/** Connections per process to a PostgreSQL server (DATABASE_POOL_SIZE). */
export const POOL_SIZE = 10;

/**
 * Connections per process for the reads a server plans once for any values (the team pages in level order, the team
 * searches, the transaction lists' reads and an address's page of events): a quarter of the pool's, at least one, opened
 * only when such a read comes.
 */
export function genericPoolSize(poolSize: number): number {
  return Math.max(1, Math.ceil(poolSize / 4));
}

/** Most connections a process opens to a server with DATABASE_POOL_SIZE `poolSize`: both pools. */
export function serverConnections(poolSize: number): number {
  return poolSize + genericPoolSize(poolSize);
}
