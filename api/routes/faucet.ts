// The devnet faucet (API.md "Service"): 5,000 test AXM once a day per address and per client, paid by a real MsgSend.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Database } from "../../db/connection.ts";
import { claimFaucet, releaseFaucetClaim } from "../../db/queries/faucet-claims.ts";
import { accountAddress } from "../account-address.ts";
import { ApiError, notFound } from "../errors.ts";
import { FaucetUnsettled, type Faucet } from "../faucet.ts";
import { AddressBody, answers } from "../../shapes/common.ts";
import { FaucetAnswer } from "../../shapes/service.ts";
import { clientKey } from "../visitor.ts";

export function faucetRoutes(server: FastifyInstance, db: Database, faucet: Faucet | null): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    "/faucet/request",
    {
      schema: {
        tags: ["service"],
        summary: "Sends test AXM to an address: sended false when the address or this client was paid in the last 24 h, reason saying which",
        body: AddressBody,
        response: answers(FaucetAnswer, 400, 404, 429, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.body.address);
      if (!faucet) throw notFound("There is no faucet on this network");
      reply.header("cache-control", "no-store");
      const claim = { address, client: clientKey(request) };
      const outcome = await claimFaucet(db, claim);
      if (!outcome.claimed) return { sended: false, reason: outcome.limit };
      try {
        await faucet.pay(address);
      } catch (error) {
        if (error instanceof FaucetUnsettled) {
          // The payout may still land: the claim stays until the chain says it did not, so nobody is paid twice.
          request.log.warn({ err: error, hash: error.hash }, "faucet payout not confirmed; settling it on chain");
          void error.landed
            .then((landed) => (landed ? undefined : releaseFaucetClaim(db, claim)))
            .catch((e) => request.log.error({ err: e }, "faucet settlement failed"));
        } else {
          await releaseFaucetClaim(db, claim);
          request.log.warn({ err: error }, "faucet payout failed");
        }
        throw new ApiError(503, "faucet_unavailable", "The faucet cannot reach the chain right now; try again later");
      }
      return { sended: true };
    },
  );
}
