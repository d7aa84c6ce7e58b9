// Security headers on every answer, API and web app alike: a Content-Security-Policy without inline scripts (but the web
// app's own, by hash), no framing, no referrer, no sniffing.
import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";
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

export async function registerSecurityHeaders(app: FastifyInstance, directives: Record<string, string[]>, hstsMaxAge: number): Promise<void> {
  await app.register(helmet, {
    // No upgrade-insecure-requests: the devnet's logos are served over plain http on this machine.
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
    // Only an operator who serves the explorer over TLS may promise browsers HTTPS (HSTS_MAX_AGE).
    strictTransportSecurity: hstsMaxAge > 0 ? { maxAge: hstsMaxAge, includeSubDomains: true } : false,
  });
}
