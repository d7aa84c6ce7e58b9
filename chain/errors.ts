// Errors of talking to a node, split by what the caller should do about them (retry or not).

/** The node answered with a JSON-RPC error object (bad height, pruned block, ...): retrying will not help. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: string,
  ) {
    super(data ? `${message}: ${data}` : message);
    this.name = "RpcError";
  }
}

/** The node could not be reached in time (timeout, refused, reset): worth retrying. */
export class RpcUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RpcUnavailableError";
  }
}

/** The node answered with an HTTP error status and no JSON-RPC error; 5xx is worth retrying. */
export class RpcHttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
    this.name = "RpcHttpError";
  }
}

/** The answer does not have the shape we rely on: better to stop loudly than to store garbage. */
export class RpcFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RpcFormatError";
  }
}

/** The node answered a module query with an error code (an unknown query path, a module the chain lacks): asking again will not help. */
export class QueryRefusedError extends Error {
  constructor(path: string, code: number, log: string) {
    super(`${path} answered code ${code}${log ? `: ${log.slice(0, 200)}` : ""}`);
    this.name = "QueryRefusedError";
  }
}

export function isRetryable(error: unknown): boolean {
  return error instanceof RpcUnavailableError || (error instanceof RpcHttpError && error.status >= 500);
}

/**
 * For a follower that must not skip a height: node errors are retried too (a node may briefly lack
 * the results of a block it just committed), except a pruned height, which no retry brings back.
 */
export function isRetryableForFollower(error: unknown): boolean {
  return isRetryable(error) || (error instanceof RpcError && lowestAvailableHeight(error) === null);
}

/** The lowest height a pruned node still has, read from its "lowest height is N" error, or null. */
export function lowestAvailableHeight(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /lowest height is (\d+)/.exec(error.message);
  return match ? Number(match[1]) : null;
}
