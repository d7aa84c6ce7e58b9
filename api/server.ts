// The HTTP API process: Fastify with every route of API.md under /api, the OpenAPI document at /api/docs, and the web app.
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import etag from "@fastify/etag";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { Database } from "../db/connection.ts";
import { ApiContext, type ApiConfig } from "./context.ts";
import { ApiError, registerErrorHandling } from "./errors.ts";
import { chainRoutes } from "./routes/chain.ts";
import { serviceRoutes } from "./routes/service.ts";
import { transactionRoutes } from "./routes/transactions.ts";
import { hasWebApp, registerWebApp } from "./web-app.ts";

export const API_PREFIX = "/api";

export interface ApiServerOptions {
  db: Database;
  config: ApiConfig;
  /** Requests per minute per client; 0 for no limit. */
  rateLimit?: number;
  /** Read the client from X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: boolean;
  logger?: boolean;
  /** Folder of the built web app, served outside /api when it exists. */
  webDir?: string;
}

export async function buildApi(options: ApiServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: options.trustProxy ?? false,
    requestTimeout: 30_000,
    // Errors the router raises before a route runs (overlong or malformed URLs) get the same JSON body.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).status(error.statusCode ?? 400).send({ error: { code: "bad_request", message: error.message } });
    },
    // Parameters are declared as strings with patterns, so nothing is coerced: a number where text belongs is a 400.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  registerErrorHandling(app);
  // Weak ETags from the body: cheap at these sizes, and pollers of unchanged data get a 304.
  await app.register(etag, { weak: true });
  if (options.rateLimit) {
    await app.register(rateLimit, {
      max: options.rateLimit,
      timeWindow: 60_000,
      // Thrown by the plugin, so the one error handler gives it the API's error body.
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, "rate_limited", `Too many requests: at most ${context.max} a minute; try again in ${Math.ceil(context.ttl / 1000)} s`),
    });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: "AXM explorer API", version: "1", description: "Blocks, transactions, events and statistics of the AXM chain (API.md)." },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  const ctx = new ApiContext(options.db, options.config);
  await app.register(
    async (api) => {
      chainRoutes(api, ctx);
      transactionRoutes(api, ctx);
      serviceRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  if (hasWebApp(options.webDir)) await registerWebApp(app, options.webDir, API_PREFIX);
  return app;
}
