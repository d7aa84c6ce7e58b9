// What the routes share in answering: the cache policies, sending JSON already serialised, and the 400 for an address
// of the wrong kind.
import type { FastifyReply } from "fastify";
import { addressKind, normalizeAddress, type AddressKind } from "../core/address.ts";
import { badRequest } from "./errors.ts";
import type { CachedAnswer } from "./cached-answer.ts";
import { acceptedEncoding } from "./compression.ts";
import type { ResponseCache } from "./response-cache.ts";

/** The index changes with each block (seconds): shared caches may keep an answer that long. */
export const SHORT_CACHE = "public, max-age=2";
/** An answer about a person's account (balances, team, operations, what a signed-in visitor may see): browsers only. */
export const PRIVATE_SHORT_CACHE = "private, max-age=2";
/** What the node answers for a contract, asked again at most every few seconds. */
export const NODE_CACHE = "public, max-age=3";
/** A finished block or transaction never changes. */
export const IMMUTABLE = "public, max-age=86400, immutable";

/** Sends JSON already serialised (a string with a JSON type goes out as it is, past the schema's serialiser). */
export function sendJson(reply: FastifyReply, json: string, cache: string): FastifyReply {
  return reply.header("cache-control", cache).type("application/json; charset=utf-8").send(json);
}

/**
 * Sends a cached answer as the ETag and compression plugins would send its text, but with the ETag and the compressed
 * form the answer keeps (made once for all its requests): a 304 when the client holds it already, else the body in the
 * encoding the client accepts.
 */
export function sendAnswer(reply: FastifyReply, answer: CachedAnswer, cache: string): FastifyReply {
  reply.header("cache-control", cache).type("application/json; charset=utf-8").header("etag", answer.etag);
  const encoding = answer.compressible ? acceptedEncoding(reply.request.headers) : null;
  if (encoding === null || holdsAlready(reply.request.headers["if-none-match"], answer.etag)) return reply.send(answer.text);
  const vary = reply.getHeader("vary");
  reply.header("vary", vary ? `${String(vary)}, accept-encoding` : "accept-encoding");
  return reply.header("content-encoding", encoding).send(answer.encoded(encoding));
}

/** The ETag plugin's test for a 304 (it answers those itself, from the text): the weak and strong forms match alike. */
const holdsAlready = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && (ifNoneMatch === etag || `W/${ifNoneMatch}` === etag || ifNoneMatch === `W/${etag}`);

/**
 * The answer `cache` holds for `key` (on a miss, `produce`'s, serialised by the route's own response schema, so it is the
 * very text the route would send uncached), sent with the short cache policy.
 */
export async function sendCached(reply: FastifyReply, cache: ResponseCache, key: string, produce: () => Promise<unknown>): Promise<FastifyReply> {
  // The schema serialiser of a 200 answer makes text (Fastify types it as any serialiser's output).
  return sendAnswer(reply, await cache.answer(key, produce, (value) => reply.serialize(value) as string), SHORT_CACHE);
}

const ARTICLE: Record<AddressKind, string> = { account: "an", contract: "a", validator: "a", consensus: "a" };

/** "a contract", "an account or contract", "an account, contract or validator". */
function kindsText(kinds: readonly AddressKind[]): string {
  const names = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}` : kinds[0];
  return `${ARTICLE[kinds[0]]} ${names}`;
}

/**
 * The address the text holds, trimmed and in canonical lower case, when it is of one of the kinds; otherwise a 400 with
 * the message given, by default "Not a contract address: …" naming the kinds.
 */
export function requireAddress(text: string, kinds: readonly AddressKind[], message?: string): string {
  const address = normalizeAddress(text.trim());
  const kind = address === null ? null : addressKind(address);
  if (address === null || kind === null || !kinds.includes(kind)) throw badRequest(message ?? `Not ${kindsText(kinds)} address: ${text.slice(0, 100)}`);
  return address;
}
