// Service routes: health of the index and the configuration the web app reads at start.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Queryable } from "../../db/connection.ts";
import { indexerState, readIndexerHealth, replaySeconds } from "../../db/queries/stats.ts";
import type { ApiContext } from "../context.ts";
import type { NodeHeight } from "../node-height.ts";
import { walletChainInfo } from "../wallet-chain.ts";
import { answers } from "../../shapes/common.ts";
import * as shape from "../../shapes/service.ts";

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
 * How far the read replica is behind the primary, in indexed blocks: the indexer's cursor on the primary minus the
 * one replayed on the replica (both written by the same transactions), and the age of the last replayed transaction.
 */
async function replicaLag(ctx: ApiContext, replica: Queryable, replicaHeight: number) {
  const [primary, seconds] = await Promise.all([indexerState(ctx.primary), replaySeconds(replica)]);
  const primaryHeight = primary?.indexed_height ?? 0;
  return { primaryHeight, lagBlocks: Math.max(0, primaryHeight - replicaHeight), replaySeconds: seconds === null ? null : Math.round(seconds * 10) / 10 };
}

/**
 * What users see, judged without taking the indexer's word for it: the node's height as the API reads it (the one the
 * indexer last saw when the node does not answer the API), and the indexer's heartbeat. Stale when the heartbeat is older
 * than HEALTH_MAX_LAG blocks' time: a dead or hung indexer fails the check within that, even on a quiet chain. With a
 * read replica everything is read as users see it, from the replica (a stopped replication also ages the heartbeat),
 * and the replica is behind when its indexed height trails the primary's by more than HEALTH_MAX_LAG blocks.
 */
async function healthAnswer(ctx: ApiContext, node: NodeHeight | null): Promise<shape.Health> {
  const [health, nodeHeight] = await Promise.all([readIndexerHealth(ctx.db), node?.latest() ?? null]);
  const indexedHeight = health?.indexedHeight ?? 0;
  const replica = ctx.replica ? await replicaLag(ctx, ctx.replica, indexedHeight) : null;
  const chainHeight = Math.max(indexedHeight, nodeHeight ?? health?.nodeHeight ?? 0);
  const lagBlocks = chainHeight - indexedHeight;
  const heartbeatAgeSeconds = health?.heartbeatAt ? Math.max(0, Math.round((Date.now() - health.heartbeatAt.getTime()) / 1000)) : null;
  const staleAfter = Math.max(MIN_HEARTBEAT_AGE_S, ctx.config.healthMaxLag * (health?.blockSeconds ?? DEFAULT_BLOCK_SECONDS));
  const deferredIndexes = health?.deferredIndexes ?? [];
  const behind =
    indexedHeight === 0 || lagBlocks > ctx.config.healthMaxLag || (replica?.lagBlocks ?? 0) > ctx.config.healthMaxLag || deferredIndexes.length > 0;
  const status: shape.Health["status"] = heartbeatAgeSeconds === null || heartbeatAgeSeconds > staleAfter ? "stale" : behind ? "behind" : "ok";
  const answer = {
    status,
    indexedHeight,
    chainHeight,
    lagBlocks,
    heartbeatAgeSeconds,
    nodeAnswered: nodeHeight !== null,
    degraded: Object.keys(health?.degraded ?? {}).sort(),
    deferredIndexes,
  };
  return replica ? { ...answer, replica } : answer;
}

/** `node` is the node the API reads its own view of the chain height from; absent: the indexer's last view is used. */
export function serviceRoutes(server: FastifyInstance, ctx: ApiContext, node: NodeHeight | null): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  let roots: string[] = [];
  app.get(
    "/health",
    {
      schema: {
        tags: ["service"],
        summary:
          "Index height against the node's own height, the indexer's heartbeat, the capabilities a node refused, indexes a catch-up dropped and the read replica's lag; 503 while behind or stale",
        response: { 200: shape.Health, 503: shape.Health },
      },
    },
    async (_request, reply) => {
      const answer = await healthAnswer(ctx, node);
      reply.header("cache-control", "no-store");
      return reply.status(answer.status === "ok" ? 200 : 503).send(answer);
    },
  );

  app.get(
    "/config",
    { schema: { tags: ["service"], summary: "Settings the web app needs at start", response: answers(shape.AppConfig) } },
    async (_request, reply) => {
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
        walletChain: state && ctx.config.walletChain ? walletChainInfo(state.chain_id, ctx.config.walletChain) : null,
      };
    },
  );
}
