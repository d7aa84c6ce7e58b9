// Service routes: health of the index and the configuration the web app reads at start.
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../../db/connection.ts";
import { readIndexerHealth } from "../../db/queries/stats.ts";
import type { ApiContext } from "../context.ts";
import type { NodeHeight } from "../node-height.ts";
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

/** A chain's block time until the index has two blocks to measure it by (SPEC.md §9: 5 s). */
const DEFAULT_BLOCK_SECONDS = 5;
/** The indexer writes its heartbeat every 5 s: never call it dead within a few of those. */
const MIN_HEARTBEAT_AGE_S = 15;

/**
 * What users see, judged without taking the indexer's word for it: the node's height as the API reads it (the one the
 * indexer last saw when the node does not answer the API), and the indexer's heartbeat. Stale when the heartbeat is older
 * than HEALTH_MAX_LAG blocks' time: a dead or hung indexer fails the check within that, even on a quiet chain.
 */
async function healthAnswer(ctx: ApiContext, node: NodeHeight | null) {
  const [health, nodeHeight] = await Promise.all([readIndexerHealth(ctx.db), node?.latest() ?? null]);
  const indexedHeight = health?.indexedHeight ?? 0;
  const chainHeight = Math.max(indexedHeight, nodeHeight ?? health?.nodeHeight ?? 0);
  const lagBlocks = chainHeight - indexedHeight;
  const heartbeatAgeSeconds = health?.heartbeatAt ? Math.max(0, Math.round((Date.now() - health.heartbeatAt.getTime()) / 1000)) : null;
  const staleAfter = Math.max(MIN_HEARTBEAT_AGE_S, ctx.config.healthMaxLag * (health?.blockSeconds ?? DEFAULT_BLOCK_SECONDS));
  const status = heartbeatAgeSeconds === null || heartbeatAgeSeconds > staleAfter ? "stale" : indexedHeight > 0 && lagBlocks <= ctx.config.healthMaxLag ? "ok" : "behind";
  return { status, indexedHeight, chainHeight, lagBlocks, heartbeatAgeSeconds, nodeAnswered: nodeHeight !== null, degraded: Object.keys(health?.degraded ?? {}).sort() };
}

/** `node` is the node the API reads its own view of the chain height from; absent: the indexer's last view is used. */
export function serviceRoutes(app: FastifyInstance, ctx: ApiContext, node: NodeHeight | null): void {
  let roots: string[] = [];
  app.get(
    "/health",
    {
      schema: {
        tags: ["service"],
        summary: "Index height against the node's own height, the indexer's heartbeat and the capabilities a node refused; 503 while behind or stale",
        response: { 200: schema.health, 503: schema.health },
      },
    },
    async (_request, reply) => {
      const answer = await healthAnswer(ctx, node);
      reply.header("cache-control", "no-store");
      return reply.status(answer.status === "ok" ? 200 : 503).send(answer);
    },
  );

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
