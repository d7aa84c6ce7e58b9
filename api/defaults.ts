// The API's defaults that settings override: buildApi falls back on them, and cli/config.ts shows them as the settings' defaults.

/** Live-update streams one process holds at once (STREAM_MAX_CLIENTS). */
export const STREAM_MAX_CLIENTS = 2000;

/** Seconds a sign-in token stays valid (AUTH_TOKEN_TTL). */
export const AUTH_TOKEN_TTL_SECONDS = 3600;

/** Rows one CSV export holds at most (EXPORT_MAX_ROWS); past it the file's last line says it was cut. */
export const EXPORT_MAX_ROWS = 100_000;

/** Rows a CSV export reads per query: a few hundred kilobytes of text at most in memory. */
export const EXPORT_CHUNK_ROWS = 500;

/** A statement of an API process running longer is cancelled by PostgreSQL and answered 503 (API_STATEMENT_TIMEOUT_MS). */
export const STATEMENT_TIMEOUT_MS = 10_000;
