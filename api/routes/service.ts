// Service routes: health of the index and the configuration the web app reads at start.
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../../db/connection.ts";
import type { ApiContext } from "../context.ts";
import * as schema from "../response-schemas.ts";

/** The settings answer with the partnership roots, which the Address screen needs to offer a root its Team tab. */
const configAnswer = {
  ...schema.config,
  required: [...schema.config.required, "referralRoots"],
  properties: { ...schema.config.properties, referralRoots: { type: "array", items: { type: "string" } } },
};

/**
 * The programme's roots: the registered accounts without a referrer, the chain genesis's top_level_accounts (only
 * genesis adds them: axm-node x/referral/keeper/relations.go AddTopLevelAccount), so they never change once known.
 */
async function referralRoots(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ address: string }>("select address from referrals where referrer is null order by address");
  return rows.map((r) => r.address);
}

export function serviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  let roots: string[] = [];
  app.get("/health", { schema: { tags: ["service"], summary: "Index height, chain height and lag; 503 while behind", response: { 200: schema.health, 503: schema.health } } }, async (_request, reply) => {
    const state = await ctx.indexState();
    const indexedHeight = state?.indexed_height ?? 0;
    const chainHeight = state?.chain_height ?? 0;
    const lagBlocks = Math.max(0, chainHeight - indexedHeight);
    const ready = state !== null && indexedHeight > 0 && lagBlocks <= ctx.config.healthMaxLag;
    reply.header("cache-control", "no-store");
    reply.status(ready ? 200 : 503);
    return { status: ready ? "ok" : "behind", indexedHeight, chainHeight, lagBlocks };
  });

  app.get("/config", { schema: { tags: ["service"], summary: "Settings the web app needs at start", response: schema.answers(configAnswer) } }, async (_request, reply) => {
    const state = await ctx.indexState();
    if (roots.length === 0) roots = await referralRoots(ctx.db);
    reply.header("cache-control", "public, max-age=60");
    return {
      chainId: state?.chain_id ?? null,
      networks: ctx.config.networks,
      maintenance: ctx.config.maintenance,
      allowedHosts: ctx.config.allowedHosts,
      analyticsId: ctx.config.analyticsId,
      analyticsOrigin: ctx.config.analyticsOrigin,
      maintenanceChannels: ctx.config.maintenanceChannels,
      faucetEnabled: ctx.config.faucetEnabled,
      referralRoots: roots,
    };
  });
}
