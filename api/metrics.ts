// Prometheus figures of one API instance (API.md "Operations"): request seconds by route and status, the index's heights
// as this process's database has them, its database pool and the process; each instance has its own registry.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Queryable } from "../db/connection.ts";
import { registerPoolMetrics, type TrackedDatabase } from "../db/pool-use.ts";

export const METRICS_PATH = "/metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's figures, served at /metrics on the API port or on METRICS_PORT. */
    metrics: Registry;
  }
}

/** Seconds: from a cached answer (a millisecond) to a slow account page. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route's pattern, never the raw URL, so the label's values stay few: API routes and /metrics by their pattern, the
 * web app's pages and files as `web`, requests no route matched as `unmatched`.
 */
export function routeLabel(request: FastifyRequest, apiPrefix: string): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return "unmatched";
  if (pattern === METRICS_PATH || pattern.startsWith(`${apiPrefix}/`)) return pattern;
  return "web";
}

interface Heights {
  indexed: number;
  node: number;
}

/** The index's heights as read from `db` when scraped (one query a scrape); a database that does not answer leaves the last values. */
export function registerIndexHeights(registry: Registry, db: Queryable): void {
  let reading: Promise<Heights | null> | null = null;
  const read = () =>
    (reading ??= db
      .query<{ indexed_height: number; node_height: number | null }>("select indexed_height, node_height from indexer_state where id = 1")
      .then(
        (rows) => (rows[0] ? { indexed: rows[0].indexed_height, node: rows[0].node_height ?? rows[0].indexed_height } : null),
        () => null,
      )
      .finally(() => (reading = null)));
  const gauge = (name: string, help: string, value: (heights: Heights) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const heights = await read();
        if (heights) this.set(value(heights));
      },
    });
  gauge("axm_indexed_height", "Last height written to the index", (h) => h.indexed);
  gauge("axm_chain_height", "Latest height of the indexed node, as last seen", (h) => h.node);
  gauge("axm_lag_blocks", "Blocks the index is behind the node", (h) => Math.max(0, h.node - h.indexed));
}

/** Times every answer and serves the figures at /metrics on the API port unless `onApiPort` is false (METRICS_PORT). */
export function registerMetrics(app: FastifyInstance, db: TrackedDatabase, options: { apiPrefix: string; onApiPort: boolean }): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPoolMetrics(registry, db.poolUse);
  registerIndexHeights(registry, db);
  const seconds = new Histogram({
    name: "axm_http_request_duration_seconds",
    help: "Seconds from request to answer, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  app.decorate("metrics", registry);
  app.addHook("onResponse", async (request, reply) => {
    seconds.observe({ method: request.method, route: routeLabel(request, options.apiPrefix), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (!options.onApiPort) return;
  // A scraper comes every few seconds from one address, usually over the operator's own network: outside the per-client
  // limit, sent as it is (a few KB of text; not worth compressing at every scrape), and not in the OpenAPI document.
  app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false }, compress: false }, async (_request, reply) =>
    reply
      .type(registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics()),
  );
}
