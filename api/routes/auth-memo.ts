// Sign-in by a memo transaction (Axiome Wallet by deep link or QR): a one-time code the wallet sends as the memo of a
// tiny transfer to itself, and the poll that exchanges the indexed transaction for the same token as ADR-036 sign-in.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { BASE_DENOM } from "../../core/amount.ts";
import { SIGN_IN_AMOUNT_UAXM, SIGN_IN_MEMO_PREFIX } from "../../core/sign-in.ts";
import { consumeMemoChallenge, dropMemoChallenge, memoChallengeOf, memoTransfer, saveMemoChallenge } from "../../db/queries/auth-memo-challenges.ts";
import { accountAddress } from "../account-address.ts";
import type { AuthTokens } from "../auth-tokens.ts";
import type { ApiContext } from "../context.ts";
import { ApiError, notReady } from "../errors.ts";
import { answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/service.ts";

/** Long enough to open the wallet app, approve and wait for a block or two; short enough that a code soon dies. */
export const MEMO_CHALLENGE_TTL_MS = 10 * 60_000;

const unauthorized = (message: string) => new ApiError(401, "unauthorized", message);
const gone = (message: string) => new ApiError(410, "gone", message);

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** 128 random bits in the memo (unguessable, so no one else can send it first), 256 in the secret that collects the token. */
function newCode(): { memo: string; secret: string } {
  return { memo: `${SIGN_IN_MEMO_PREFIX}${randomBytes(16).toString("base64url")}`, secret: randomBytes(32).toString("base64url") };
}

/** Codes are written and used up on the primary; the transaction is looked for where routes read (a replica catches up). */
export function authMemoRoutes(server: FastifyInstance, ctx: ApiContext, tokens: AuthTokens): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/auth/memo-challenge",
    {
      schema: {
        tags: ["auth"],
        summary: "A one-time sign-in code for the address's wallet to send as the memo of a 1 uaxm transfer to itself, valid 10 minutes",
        body: shape.MemoChallengeRequest,
        response: answers(shape.MemoChallenge, 400, 429, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.body.address);
      const state = await ctx.indexState();
      if (!state) throw notReady("The index has not started yet: the chain id is unknown");
      const { memo, secret } = newCode();
      const expiresAt = new Date(Date.now() + MEMO_CHALLENGE_TTL_MS);
      await saveMemoChallenge(ctx.primary, memo, sha256(secret), address, expiresAt);
      reply.header("cache-control", "no-store");
      return { memo, secret, address, chainId: state.chain_id, denom: BASE_DENOM, amount: SIGN_IN_AMOUNT_UAXM, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    "/auth/memo-poll",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Whether the code's transfer is indexed: pending, or the bearer token once (a successful MsgSend from the address to itself with the code as memo)",
        body: shape.MemoPoll,
        response: answers(shape.MemoPollAnswer, 400, 401, 410, 429),
      },
    },
    async (request, reply): Promise<shape.MemoPollAnswer> => {
      reply.header("cache-control", "no-store");
      const challenge = await memoChallengeOf(ctx.primary, sha256(request.body.secret));
      if (!challenge) throw unauthorized("Unknown or already used sign-in code: ask for a new one");
      if (challenge.expired) {
        await dropMemoChallenge(ctx.primary, challenge.memo);
        throw gone("The sign-in code has expired: ask for a new one");
      }
      const transfer = await memoTransfer(ctx.db, challenge.memo, challenge.address);
      if (transfer === "none") return { status: "pending", expiresAt: challenge.expiresAt.toISOString() };
      if (transfer === "from-another") {
        // Someone else knows the code: it is burnt, whoever sends it next.
        await dropMemoChallenge(ctx.primary, challenge.memo);
        throw unauthorized(`The transaction with this code is not a transfer from ${challenge.address} to itself: ask for a new code`);
      }
      if (!(await consumeMemoChallenge(ctx.primary, challenge.memo))) throw unauthorized("Unknown or already used sign-in code: ask for a new one");
      const { token, expiresAt } = await tokens.issue(challenge.address);
      return { status: "signed-in", token, address: challenge.address, expiresAt: expiresAt.toISOString() };
    },
  );
}
