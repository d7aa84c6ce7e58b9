// The database defaults that settings override, kept apart from the connection so reading them loads no driver.

/** Connections per process to a PostgreSQL server (DATABASE_POOL_SIZE). */
export const POOL_SIZE = 10;
