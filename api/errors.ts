// API errors: one JSON body shape `{ error: { code, message } }` for every failure (API.md).
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
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
