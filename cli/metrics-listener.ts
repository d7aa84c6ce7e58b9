// A tiny HTTP listener that answers GET /metrics from one registry: METRICS_PORT for the API, INDEXER_METRICS_PORT for the indexer.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

const json = (code: string, message: string) => JSON.stringify({ error: { code, message } });

export async function serveMetrics(registry: Registry, port: number, host: string): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== "/metrics" || !["GET", "HEAD"].includes(request.method ?? "")) {
      response
        .writeHead(404, { "content-type": "application/json; charset=utf-8" })
        .end(json("not_found", `No route ${request.method} ${path}: the figures are at GET /metrics`));
      return;
    }
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(request.method === "HEAD" ? undefined : text),
      (error: Error) => {
        console.error(`metrics: ${error.message}`);
        response.writeHead(500, { "content-type": "application/json; charset=utf-8" }).end(json("internal", "The figures could not be gathered"));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
