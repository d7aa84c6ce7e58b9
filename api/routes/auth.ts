// Sign-in with a wallet: a one-time challenge, its ADR-036 signature exchanged for a short-lived token, and who the token names.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { fromBase64 } from "@cosmjs/encoding";
import { premiumExpiry } from "../../db/queries/accounts.ts";
import { consumeChallenge, saveChallenge } from "../../db/queries/auth-challenges.ts";
import { accountAddress } from "../account-address.ts";
import { verifyAdr036 } from "../adr036.ts";
import type { AuthTokens } from "../auth-tokens.ts";
import type { ApiContext } from "../context.ts";
import { ApiError, badRequest } from "../errors.ts";
import { AddressBody, answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/service.ts";

const CHALLENGE_TTL_MS = 5 * 60_000;
const unauthorized = (message: string) => new ApiError(401, "unauthorized", message);

/** The text the wallet shows and signs: who signs in, a random nonce, and until when the text can be used. */
function challengeText(address: string, expiresAt: Date): string {
  const nonce = randomBytes(16).toString("base64url");
  return `Sign in to the AXM explorer as ${address}.\n\nNonce: ${nonce}\nValid until: ${expiresAt.toISOString()}`;
}

function decodeKeyBytes(body: shape.AuthProof): { pubkey: Uint8Array; signature: Uint8Array } {
  try {
    const pubkey = fromBase64(body.pubkey);
    const signature = fromBase64(body.signature);
    if (pubkey.length === 33 && signature.length === 64) return { pubkey, signature };
  } catch {
    // Malformed base64 gets the same answer as a wrong length.
  }
  throw badRequest("pubkey must be a base64 33-byte compressed secp256k1 key and signature a base64 64-byte signature");
}

/** Challenges are written to and used up on the primary (`ctx.primary`), so a verification never waits on replication. */
export function authRoutes(server: FastifyInstance, ctx: ApiContext, tokens: AuthTokens): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/auth/challenge",
    {
      schema: {
        tags: ["auth"],
        summary: "A one-time text for the wallet of the address to sign (ADR-036), valid 5 minutes",
        body: AddressBody,
        response: answers(shape.AuthChallenge, 400, 429),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.body.address);
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
      const challenge = challengeText(address, expiresAt);
      await saveChallenge(ctx.primary, challenge, address, expiresAt);
      reply.header("cache-control", "no-store");
      return { challenge, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    "/auth/verify",
    {
      schema: {
        tags: ["auth"],
        summary: "Exchanges the wallet's signature of a challenge for a bearer token",
        body: shape.AuthProof,
        response: answers(shape.AuthToken, 400, 401, 429),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.body.address);
      const { pubkey, signature } = decodeKeyBytes(request.body);
      if (!verifyAdr036({ signer: address, data: request.body.challenge, pubkey, signature })) {
        throw unauthorized("The signature is not the address's signature of this challenge");
      }
      const state = await consumeChallenge(ctx.primary, request.body.challenge, address);
      if (state === "expired") throw unauthorized("The challenge has expired: ask for a new one");
      if (state === "unknown") throw unauthorized("Unknown or already used challenge: ask for a new one");
      const { token, expiresAt } = await tokens.issue(address);
      reply.header("cache-control", "no-store");
      return { token, address, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    "/auth/me",
    {
      schema: {
        tags: ["auth"],
        summary: "Who the bearer token signs in, until when, and whether that account has Premium now; 401 without a valid token",
        response: answers(shape.AuthMe, 401),
      },
    },
    async (request, reply) => {
      if (!request.visitor) throw unauthorized("Sign in first: no valid bearer token");
      reply.header("cache-control", "no-store");
      const premiumExp = await premiumExpiry(ctx.db, request.visitor.address);
      return {
        address: request.visitor.address,
        expiresAt: request.visitor.expiresAt.toISOString(),
        premium: premiumExp !== null && premiumExp.getTime() > Date.now(),
        premiumExp: premiumExp?.toISOString() ?? null,
      };
    },
  );
}
