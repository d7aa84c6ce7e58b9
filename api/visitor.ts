// Who is asking: the client (its network address, for limits and faucet claims) and the signed-in visitor, if any.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { normalizeIP } from "@fastify/rate-limit";
import type { AuthTokens, SignedIn } from "./auth-tokens.ts";

export type Visitor = SignedIn;

declare module "fastify" {
  interface FastifyRequest {
    /** The visitor a valid bearer token signs in; null for an anonymous one. */
    visitor: Visitor | null;
  }
}

/** The client as the limits count it: its IP as Fastify sees it (the forwarded one behind TRUST_PROXY), an IPv6 /64 as one client. */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** The token of an `Authorization: Bearer <token>` header; null for any other header or none. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^bearer +([\w.~+/-]{1,4096}=*)$/i);
  return match ? match[1] : null;
}

/** Gives every request its visitor: an absent, malformed, forged or expired token is an anonymous visitor, never an error (API.md). */
export function registerVisitor(app: FastifyInstance, tokens: AuthTokens): void {
  app.decorateRequest("visitor", null);
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.visitor = token ? await tokens.verify(token) : null;
  });
}

/** Partners' telegram handles are shown only to a signed-in visitor whose own Premium has not expired (SPEC.md §6). */
export function canSeeTelegram(visitor: Visitor | null, premiumExpiry: Date | null, now = new Date()): boolean {
  return visitor !== null && premiumExpiry !== null && premiumExpiry.getTime() > now.getTime();
}
