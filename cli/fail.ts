// How an entry point ends on a failure: one line saying what is wrong (and what to change), not a stack trace.

import { EXIT, IndexerFault } from "../indexer/faults.ts";

const HINTS: Record<string, (error: NodeJS.ErrnoException & { port?: number }) => string> = {
  EADDRINUSE: (e) => `port ${e.port} is already in use: stop what uses it or choose another port (PORT, DEVNET_PORT)`,
  EACCES: (e) => `not allowed to listen on port ${e.port}: choose a port above 1023`,
  ECONNREFUSED: () => "the database server refused the connection: check DATABASE_URL",
};

/** Prints the failure as one line and exits with its own status (an IndexerFault's, README "Exit statuses"), else 1. */
export function fail(what: string, error: unknown): never {
  const known = error as NodeJS.ErrnoException & { port?: number };
  const message = (known.code && HINTS[known.code]?.(known)) || (error instanceof Error ? error.message : String(error));
  console.error(`${what}: ${message}`);
  process.exit(error instanceof IndexerFault ? error.exitCode : EXIT.failure);
}
