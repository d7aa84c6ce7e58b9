// API errors: one JSON body shape `{ error: { code, message } }` for every failure (API.md).
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance } from "fastify";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, "bad_request", message);
export const notFound = (message: string) => new ApiError(404, "not_found", message);
export const notReady = (message: string) => new ApiError(503, "not_ready", message);

// Connection-level failures of the database (pg's socket errors and PostgreSQL's connection, shutdown and capacity
// SQLSTATEs): the API is fine, the database is not there right now.
const DATABASE_DOWN_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08004", "08006"]);
const DATABASE_DOWN_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|PGlite is closed/i;
// Strings PostgreSQL will not store (a NUL byte, a character outside UTF-8): the request's fault, not the server's.
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);

function sqlState(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return DATABASE_DOWN_CODES.has(sqlState(error)) || DATABASE_DOWN_MESSAGES.test(String((error as Error).message ?? ""));
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL cannot store a NUL byte in text: refuse it in the URL before any query sees it (bodies are checked by
  // their routes' schemas, and what slips through is answered by the SQLSTATE below).
  app.addHook("onRequest", async (request) => {
    if (/%00/i.test(request.url)) throw badRequest("The request holds a NUL character");
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).send({ error: { code: "database_unavailable", message: "The database is not answering; try again shortly" } });
    }
    if (UNSTORABLE_TEXT_CODES.has(sqlState(error))) {
      return reply.status(400).send({ error: { code: "bad_request", message: "The request holds characters that cannot be stored" } });
    }
    if (error.validation) {
      return reply.status(400).send({ error: { code: "bad_request", message: error.message } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: status === 429 ? "rate_limited" : "bad_request", message: error.message } });
    }
    request.log.error(error);
    return reply.status(500).send({ error: { code: "internal", message: "Internal error" } });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: "not_found", message: `No route ${request.method} ${request.url.split("?")[0]}` } });
  });
}

/** The parser's errors by their Node code: headers too large, a request not finished in time, anything else malformed. */
function clientErrorStatus(code: string | undefined): { status: number; code: string; message: string } {
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, code: "headers_too_large", message: "Request headers are too large" };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, code: "request_timeout", message: "The request was not received in time" };
  return { status: 400, code: "bad_request", message: "Malformed HTTP request" };
}

/** Fastify's clientErrorHandler: the JSON error body on the raw socket, then the connection is closed. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = clientErrorStatus(error.code);
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
