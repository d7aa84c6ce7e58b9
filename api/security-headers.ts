// Security headers on every answer, API and web app alike: a Content-Security-Policy without inline scripts (but the web
// app's own, by hash), no framing, no referrer, no sniffing.
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { parseWebUrl } from "../core/format.ts";
import type { ApiConfig } from "./context.ts";

/** The origins of the absolute http(s) URLs among them; relative or malformed ones are left out. */
const origins = (urls: (string | null)[]) => [...new Set(urls.flatMap((url) => parseWebUrl(url)?.origin ?? []))];

/**
 * What pages may load beyond their own origin: validator logos, the other networks' APIs, and the analytics counter
 * only when an id is configured. Scripts come from files, or are the web app's inline scripts named by their hashes.
 */
export function contentSecurityDirectives(config: ApiConfig, inlineScripts: string[] = []): Record<string, string[]> {
  const logos = origins([config.validatorLogoUrl.replace("{identity}", "logo"), config.imageBaseUrl || null]);
  const apis = origins(config.networks.map((network) => network.apiBase));
  const analytics = config.analyticsId ? origins([config.analyticsOrigin]) : [];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineScripts, ...analytics],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...logos, ...analytics],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...apis, ...analytics],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** The OpenAPI reader adds a <style> element of its own: its pages alone may apply inline styles (still never inline scripts). */
export function allowInlineStyles(policy: string): string {
  return policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
}

/**
 * The headers helmet sets with these options. They are the same for every answer, so they are worked out once: helmet's
 * Fastify plugin built its middleware anew for each request (the policy parsed again, a dozen closures), and at the hot
 * pages' rate that garbage was more than half of what outlived the young generation (BENCHMARKS.md "Security headers
 * worked out once").
 */
function securityHeaders(directives: Record<string, string[]>, hstsMaxAge: number): [string, string][] {
  const options: HelmetOptions = {
    // No upgrade-insecure-requests: the devnet's logos are served over plain http on this machine.
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
    // Only an operator who serves the explorer over TLS may promise browsers HTTPS (HSTS_MAX_AGE).
    strictTransportSecurity: hstsMaxAge > 0 ? { maxAge: hstsMaxAge, includeSubDomains: true } : false,
  };
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error("helmet refused the security headers' options");
  });
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
}

export function registerSecurityHeaders(app: FastifyInstance, directives: Record<string, string[]>, hstsMaxAge: number): void {
  const headers = securityHeaders(directives, hstsMaxAge);
  // On the raw answer, as helmet set them: they stay on whatever answer follows, errors and the router's 404 included.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
