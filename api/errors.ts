// API errors: one JSON body shape `{ error: { code, message } }` for every failure (API.md).
import { STATUS_CODES } from "node:http";
import { isIP, type Socket } from "node:net";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

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

// Strings PostgreSQL will not store (a NUL byte, a character outside UTF-8): the request's fault, not the server's.
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);
// A statement the server cancelled: past API_STATEMENT_TIMEOUT_MS, or by an operator.
const QUERY_CANCELED = "57014";

function sqlState(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : "";
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL cannot store a NUL byte in text: refuse it in the URL before any query sees it (bodies are checked by
  // their routes' schemas, and what slips through is answered by the SQLSTATE below).
  app.addHook("onRequest", async (request) => {
    if (/%00/i.test(request.url)) throw badRequest("The request holds a NUL character");
    // Behind trusted proxies the client comes from X-Forwarded-For, which a client can fill with anything.
    if (isIP(request.ip) === 0) throw badRequest("X-Forwarded-For does not name a valid client address");
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).send({ error: { code: "database_unavailable", message: "The database is not answering; try again shortly" } });
    }
    if (sqlState(error) === QUERY_CANCELED) {
      request.log.warn({ err: error }, "query cancelled");
      return reply.status(503).send({ error: { code: "query_timeout", message: "The database took too long to answer this request; try again shortly" } });
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

/** One JSON log line per answered request (not Fastify's two): what, for whom, how, how long. */
export class RequestLog extends LogController {
  incomingRequest(): void {}

  requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime), client: request.ip }, "request");
  }
}
