// Compressed answers: JSON over 1 KB goes out as brotli (cheap quality) or gzip when the client accepts it; streams of
// server-sent events never are, so each event reaches the client when it is written.
import type { FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import negotiate from "@fastify/accept-negotiator";
import type { IncomingHttpHeaders } from "node:http";
import { constants } from "node:zlib";

/** Answers smaller than this gain too little to be worth the CPU (API.md: JSON answers over 1 KB). */
export const COMPRESS_THRESHOLD = 1024;

/** Quality 4 of 11: most of brotli's gain on JSON at a cost close to gzip's (quality 11 is for build-time assets). */
const BROTLI_QUALITY = 4;

/** A 256 KB window instead of 4 MB: API answers are mostly smaller, and each answer's encoder state is that much smaller. */
const BROTLI_WINDOW_BITS = 18;

/** Brotli's settings for every compressed answer, the cached ones' included (cached-answer.ts). */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } };

/** The encodings answers are sent in, most preferred first, when the client accepts them. */
export const ENCODINGS = ["br", "gzip"] as const;

export type Encoding = (typeof ENCODINGS)[number];

/**
 * Answers up to this size are compressed in one call (about 2 ms at most on the event loop); bigger ones stream. The
 * plugin's default for two cores (8 KB) streamed a 74 KB block window through a zlib stream per answer, which measured
 * 5 to 10 times slower than compressing it in one call (BENCHMARKS.md, Compression).
 */
const SYNC_THRESHOLD = 256 * 1024;

/**
 * The encoding the plugin below would choose for a request with these headers, by its own rule (`*` and `x-gzip` stand
 * for gzip, `x-no-compression` asks for none), or null: answers compressed once and kept (cached-answer.ts) go out
 * exactly as the plugin would have sent them.
 */
export function acceptedEncoding(headers: IncomingHttpHeaders): Encoding | null {
  const accepted = headers["accept-encoding"];
  if (headers["x-no-compression"] !== undefined || typeof accepted !== "string") return null;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, "gzip"), [...ENCODINGS]);
}

/** Text, JSON, JavaScript, XML and SVG; never `text/event-stream`, whose events must not wait in a compressor's buffer. */
export function compressible(contentType: string): boolean {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "text/event-stream") return false;
  return type.startsWith("text/") || /[/+](json|javascript|xml)$/.test(type);
}

/** Registers compression for every route declared after it: call before the routes. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: SYNC_THRESHOLD,
    customTypes: compressible,
    brotliOptions: BROTLI_OPTIONS,
    // Request bodies are small JSON and are never inflated: a compressed body is one more thing a client could abuse.
    globalDecompression: false,
  });
}
