// ops/grafana-dashboard.json: a Grafana dashboard whose every query names only metrics (and labels) the processes export.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { Registry } from "prom-client";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { trackPoolUse } from "../db/pool-use.ts";
import { IndexerMetrics } from "../indexer/metrics.ts";
import { createTestDatabase } from "./support/databases.ts";

interface Panel {
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  targets: { refId: string; expr: string }[];
}

const HISTOGRAM_SERIES = ["_bucket", "_count", "_sum"];

/** Series name → its label names, for every metric of the registries (a histogram's as its _bucket, _count and _sum). */
async function exported(registries: Registry[]): Promise<Map<string, Set<string>>> {
  const names = new Map<string, Set<string>>();
  for (const registry of registries) {
    // prom-client's types leave out what every metric has: get() and its label names.
    for (const metric of registry.getMetricsAsArray() as unknown as { get(): Promise<{ name: string; type: string }>; labelNames: string[] }[]) {
      const { name, type } = await metric.get();
      const labels = new Set(metric.labelNames);
      const series = String(type) === "histogram" ? HISTOGRAM_SERIES.map((suffix) => name + suffix) : [name];
      for (const each of series) names.set(each, labels);
    }
  }
  return names;
}

describe("the Grafana dashboard", () => {
  it("is dashboard JSON whose queries use only exported metrics and their labels", async () => {
    const dashboard = JSON.parse(await readFile(new URL("../ops/grafana-dashboard.json", import.meta.url), "utf8"));
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.schemaVersion).toBeGreaterThan(30);
    const panels: Panel[] = dashboard.panels;
    const t = await createTestDatabase("pglite");
    const app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true) });
    try {
      const names = await exported([app.metrics, new IndexerMetrics(trackPoolUse(t.db, 1).poolUse).registry]);
      const used = new Set<string>();
      for (const panel of panels) {
        expect(panel.type, panel.title).toBe("timeseries");
        expect(panel.gridPos.w, panel.title).toBeGreaterThan(0);
        expect(panel.targets.length, panel.title).toBeGreaterThan(0);
        for (const { expr } of panel.targets) {
          const metrics = expr.match(/\b(?:axm|process|nodejs)_[a-z0-9_]+/g) ?? [];
          expect(metrics.length, expr).toBeGreaterThan(0);
          for (const name of metrics) {
            expect(names.has(name), `${panel.title}: ${name}`).toBe(true);
            used.add(name);
          }
          for (const [, labels] of expr.matchAll(/\b(?:by|without) \(([^)]*)\)/g)) {
            const known = new Set(["le", "job", "instance", ...metrics.flatMap((name) => [...(names.get(name) ?? [])])]);
            for (const label of labels.split(",").map((l) => l.trim())) expect(known.has(label), `${panel.title}: label ${label}`).toBe(true);
          }
        }
      }
      for (const name of [
        "axm_lag_blocks",
        "axm_indexer_blocks_total",
        "axm_http_request_duration_seconds_bucket",
        "axm_http_request_duration_seconds_count",
        "axm_db_pool_connections",
        "process_resident_memory_bytes",
      ]) {
        expect(used, name).toContain(name);
      }
      const queries = panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join("\n");
      expect(queries).toContain("histogram_quantile(0.5, sum by (le, route) (rate(axm_http_request_duration_seconds_bucket");
      expect(queries).toContain("histogram_quantile(0.99, sum by (le, route) (rate(axm_http_request_duration_seconds_bucket");
      expect(queries).toMatch(/status=~"4\.\."/);
      expect(queries).toMatch(/status=~"5\.\."/);
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
