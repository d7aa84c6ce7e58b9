// The third-party web analytics counter (SPEC.md §1): its script is loaded only when the configuration names a counter.
// The Content-Security-Policy allows no inline script, so the tag's usual inline snippet is this module's code.
import { parseWebUrl } from "../../../core/format.ts";
import type { AppConfig } from "../api/types.ts";

/** The counter's command queue: calls made before its script has loaded wait in `a`, as the script expects. */
export interface AnalyticsQueue {
  (...args: unknown[]): void;
  a?: unknown[][];
  l?: number;
}

declare global {
  interface Window {
    ym?: AnalyticsQueue;
  }
}

export const ANALYTICS_SCRIPT_ID = "analytics-tag";

/** The script's address, or null when there is no counter (no id, or an id or origin that is not one). */
export function analyticsScriptUrl(config: Pick<AppConfig, "analyticsId" | "analyticsOrigin">): string | null {
  if (!/^\d+$/.test(config.analyticsId)) return null;
  const url = parseWebUrl(config.analyticsOrigin);
  return url ? `${url.origin}/metrika/tag.js` : null;
}

/** Loads the counter once and initialises it with the configured id; without a counter nothing is added or requested. */
export function startAnalytics(config: Pick<AppConfig, "analyticsId" | "analyticsOrigin">, doc: Document = document): void {
  const src = analyticsScriptUrl(config);
  const win = doc.defaultView;
  if (!src || !win || doc.getElementById(ANALYTICS_SCRIPT_ID)) return;
  const queue: AnalyticsQueue = (...args) => {
    (queue.a ??= []).push(args);
  };
  queue.l = Date.now();
  win.ym = win.ym ?? queue;
  const script = doc.createElement("script");
  script.id = ANALYTICS_SCRIPT_ID;
  script.async = true;
  script.src = src;
  doc.head.append(script);
  win.ym(Number(config.analyticsId), "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true });
}
