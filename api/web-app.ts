// Serves the built web app beside the API: hashed assets cached for a year, every other path gets index.html; the build's
// brotli and gzip copies go to clients that accept them.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/** True when `dir` holds a built web app. */
export function hasWebApp(dir: string | undefined): dir is string {
  return Boolean(dir) && existsSync(resolve(dir!, "index.html"));
}

/**
 * The Content-Security-Policy sources of index.html's inline scripts (the theme set before the first paint), read once at
 * start: the policy allows exactly these scripts and no other inline one.
 */
export function inlineScriptSources(dir: string): string[] {
  const html = readFileSync(resolve(dir, "index.html"), "utf8");
  const scripts = html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts].map(([, text]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
}

/** The single-page app's routes are the web app's business: any GET outside /api that is not a file is index.html. */
export async function registerWebApp(app: FastifyInstance, dir: string, apiPrefix: string): Promise<void> {
  const root = resolve(dir);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      const immutable = path.startsWith(resolve(root, "assets"));
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split("?")[0];
    if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) {
      return reply.status(404).send({ error: { code: "not_found", message: `No route ${request.method} ${path}` } });
    }
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith(".html")) {
      return reply.status(404).send({ error: { code: "not_found", message: `No file ${path}` } });
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
