// Routes of API.md's "Validators" section: the whole validator list and each validator's delegations.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { allValidators, delegationsPage, validatorExists } from "../../db/queries/validators.ts";
import type { ApiContext } from "../context.ts";
import { ResponseCache } from "../response-cache.ts";
import { notFound } from "../errors.ts";
import { BONDED, formatDelegation, formatValidator } from "../format.ts";
import { requireAddress, sendAnswer, SHORT_CACHE } from "../http.ts";
import { pageOf } from "../params.ts";
import { answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/validators.ts";

/** The list changes at most once per indexer state refresh (seconds): one query serves every request meanwhile. */
const LIST_TTL_MS = 2000;

export function validatorRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const cache = new ResponseCache(LIST_TTL_MS, 1);
  const validatorList = async () => {
    const format = await ctx.format();
    const rows = await allValidators(ctx.db);
    const bonded = rows.filter((r) => r.status === BONDED).reduce((sum, r) => sum + BigInt(r.tokens), 0n);
    return rows.map((row) => formatValidator(format, row, bonded));
  };

  app.get(
    "/validators/all",
    { schema: { tags: ["validators"], summary: "Every validator, most coins first", response: answers(shape.ValidatorList, 503) } },
    async (_request, reply) => {
      return sendAnswer(reply, await cache.answer("all", validatorList), SHORT_CACHE);
    },
  );

  app.get(
    "/validators/delegations/:validator/paginate/:pageSize/:page",
    {
      schema: {
        tags: ["validators"],
        summary: "A page of a validator's delegations, biggest first",
        params: shape.DelegationsParams,
        response: answers(shape.DelegationList, 400, 404),
      },
    },
    async (request, reply) => {
      const operator = requireAddress(request.params.validator, ["validator"]);
      if (!(await validatorExists(ctx.db, operator))) throw notFound(`Validator ${operator} not found`);
      const { pageSize, page } = pageOf(request.params);
      reply.header("cache-control", SHORT_CACHE);
      return (await delegationsPage(ctx.db, operator, pageSize, page)).map(formatDelegation);
    },
  );
}
