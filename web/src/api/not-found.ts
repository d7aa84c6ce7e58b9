// The API's answer that there is no such block, transaction, contract, code or token (404, or 400 for an id that cannot
// be one): an answer the screens show, not a failure to log.
import { ApiRequestError } from "./client.ts";

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 400 || error.status === 404);
}
