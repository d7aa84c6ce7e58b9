// Whether a database error means the database is not there right now (worth waiting for), rather than a wrong query.

// SQLSTATE classes and codes of a server that went away or is not accepting connections yet: 08 connection
// exceptions, 57P01..57P03 admin/crash shutdown and "cannot connect now", 53300 too many connections.
const TRANSIENT_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const TRANSIENT_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
// node-postgres reports a socket the server closed by message only; PGlite, once closed, likewise.
const TRANSIENT_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

/** A database server that is unreachable, restarting or failing over (or an embedded one already closed). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (TRANSIENT_SQLSTATES.test(code) || TRANSIENT_ERRNOS.has(code))) return true;
  return TRANSIENT_MESSAGES.test(error.message);
}
