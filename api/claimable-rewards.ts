// Claimable (pending) staking rewards, read from the node: the AXM distribution module's DelegationTotalRewards over abci_query, cached briefly.
import { QueryDelegationTotalRewardsRequest } from "cosmjs-types/cosmos/distribution/v1beta1/query";
import type { DecCoin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { QueryDelegationTotalRewardsResponse } from "../chain/proto/axiome.ts";
import { RpcClient, RpcFormatError } from "../chain/rpc.ts";
import { isRetryable } from "../chain/errors.ts";
import type { Coin } from "../chain/types.ts";
import { ResponseCache } from "./response-cache.ts";

export interface NodeOptions {
  /** CometBFT RPC of the node (the one the indexer follows). */
  rpcUrl: string;
  /** Timeout of one query: the account answer waits for it. */
  timeoutMs: number;
}

/** What claiming the rewards of one delegation pays, per denom in whole micro units. */
export interface ValidatorRewards {
  /** The validator's operator address (axmvaloper1…). */
  validator: string;
  rewards: Coin[];
}

export interface DelegatorRewards {
  /** One entry per delegation the node holds, in its order (validator address bytes). */
  byValidator: ValidatorRewards[];
  /** The sum of `byValidator`, so the per-validator figures add up to it exactly. */
  total: Coin[];
}

/**
 * The chain replaces the SDK's distribution module: the query lives under axiome.distribution only. Its answer is the
 * SDK's with an `emission` field (3) added to each delegation's entry (axm-node x/distribution/keeper/grpc_query.go
 * DelegationTotalRewards).
 */
const QUERY_PATH = "/axiome.distribution.v1beta1.Query/DelegationTotalRewards";
/** Rewards grow every block: a few seconds of staleness spares the node a query per page view. */
const CACHE_MS = 5_000;
const CACHE_ENTRIES = 10_000;
/**
 * After the node fails to answer (refused, unreachable, no answer in time, a server error), it is not asked again for this long:
 * account answers leave the rewards out at once instead of each waiting for a node that is down, and the log says so once.
 */
export const NODE_REST_MS = 5_000;
const DEC_ATOMICS = 10n ** 18n;

/** A DecCoin amount travels as LegacyDec atomics (value × 10^18); a claim pays whole micro units. */
function wholeUnits(atomics: string): bigint {
  if (!/^\d{1,80}$/.test(atomics)) throw new RpcFormatError(`${QUERY_PATH}: amount ${atomics.slice(0, 40)} is not a LegacyDec`);
  return BigInt(atomics) / DEC_ATOMICS;
}

/** Coin lists added per denom, in the order denoms first appear; a denom that sums to nothing is left out. */
function addCoins(lists: Coin[][]): Coin[] {
  const sums = new Map<string, bigint>();
  for (const coin of lists.flat()) sums.set(coin.denom, (sums.get(coin.denom) ?? 0n) + BigInt(coin.amount));
  return [...sums].filter(([, amount]) => amount > 0n).map(([denom, amount]) => ({ denom, amount: amount.toString() }));
}

const truncated = (coins: DecCoin[]): Coin[] => coins.map((c) => ({ denom: c.denom, amount: wholeUnits(c.amount).toString() }));

/**
 * What a claim pays: withdrawing from a validator truncates the fee reward and the emission to whole micro units each
 * (x/distribution/keeper/delegation.go withdrawDelegationRewards), so a fraction of a micro unit is no claimable reward.
 * The node's own `total` adds the fractions first and can be a few micro units more than any claim pays.
 */
function claimable(answer: QueryDelegationTotalRewardsResponse): DelegatorRewards {
  const byValidator = answer.rewards.map((entry) => ({
    validator: entry.validatorAddress,
    rewards: addCoins([truncated(entry.reward), truncated(entry.emission)]),
  }));
  return { byValidator, total: addCoins(byValidator.map((entry) => entry.rewards)) };
}

/** The node failed to answer a moment ago and is not asked again yet (NODE_REST_MS). */
export class NodeRestingError extends Error {}

export class ClaimableRewards {
  private readonly rpc: RpcClient;
  private readonly cache = new ResponseCache(CACHE_MS, CACHE_ENTRIES);
  private restUntil = 0;

  constructor(options: NodeOptions) {
    this.rpc = new RpcClient(options.rpcUrl, { timeoutMs: options.timeoutMs });
  }

  /** The delegator's rewards per validator and over all its delegations; rejects when the node cannot say. */
  async rewards(delegator: string): Promise<DelegatorRewards> {
    return JSON.parse(await this.cache.get(delegator, () => this.query(delegator))) as DelegatorRewards;
  }

  /** The delegator's rewards over all its delegations, per denom in whole micro units; rejects when the node cannot say. */
  async total(delegator: string): Promise<Coin[]> {
    return (await this.rewards(delegator)).total;
  }

  private async query(delegator: string): Promise<DelegatorRewards> {
    if (Date.now() < this.restUntil)
      throw new NodeRestingError(`the node did not answer a moment ago; asked again from ${new Date(this.restUntil).toISOString()}`);
    const answer = await this.rpc
      .abciQuery(QUERY_PATH, QueryDelegationTotalRewardsRequest.encode({ delegatorAddress: delegator }).finish())
      .catch((error: unknown) => {
        if (isRetryable(error)) this.restUntil = Date.now() + NODE_REST_MS;
        throw error;
      });
    if (answer.code !== 0) throw new Error(`${QUERY_PATH}: code ${answer.code}: ${answer.log}`);
    return claimable(QueryDelegationTotalRewardsResponse.decode(answer.value));
  }
}
