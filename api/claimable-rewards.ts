// Claimable (pending) staking rewards, read from the node: the AXM distribution module's DelegationTotalRewards over abci_query, cached briefly.
import { QueryDelegationTotalRewardsRequest, QueryDelegationTotalRewardsResponse } from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { RpcClient, RpcFormatError } from "../chain/rpc.ts";
import type { Coin } from "../chain/types.ts";
import { ResponseCache } from "./response-cache.ts";

export interface NodeOptions {
  /** CometBFT RPC of the node (the one the indexer follows). */
  rpcUrl: string;
  /** Timeout of one query: the account answer waits for it. */
  timeoutMs: number;
}

/**
 * The chain replaces the SDK's distribution module: the query lives under axiome.distribution only. Its answer is the
 * SDK's with an `emission` field (3) added to each delegation's entry, and its `total` (field 2, the SDK's layout)
 * includes that emission (axm-node x/distribution/keeper/grpc_query.go DelegationTotalRewards), so the SDK codec reads it.
 */
const QUERY_PATH = "/axiome.distribution.v1beta1.Query/DelegationTotalRewards";
/** Rewards grow every block: a few seconds of staleness spares the node a query per page view. */
const CACHE_MS = 5_000;
const CACHE_ENTRIES = 10_000;
const DEC_ATOMICS = 10n ** 18n;

/** A DecCoin amount travels as LegacyDec atomics (value × 10^18); a claim pays whole micro units. */
function wholeUnits(atomics: string): string {
  if (!/^\d{1,80}$/.test(atomics)) throw new RpcFormatError(`${QUERY_PATH}: amount ${atomics.slice(0, 40)} is not a LegacyDec`);
  return (BigInt(atomics) / DEC_ATOMICS).toString();
}

export class ClaimableRewards {
  private readonly rpc: RpcClient;
  private readonly cache = new ResponseCache(CACHE_MS, CACHE_ENTRIES);

  constructor(options: NodeOptions) {
    this.rpc = new RpcClient(options.rpcUrl, { timeoutMs: options.timeoutMs });
  }

  /** The delegator's rewards over all its delegations, per denom in whole micro units; rejects when the node cannot say. */
  async total(delegator: string): Promise<Coin[]> {
    return JSON.parse(await this.cache.get(delegator, () => this.query(delegator))) as Coin[];
  }

  private async query(delegator: string): Promise<Coin[]> {
    const answer = await this.rpc.abciQuery(QUERY_PATH, QueryDelegationTotalRewardsRequest.encode({ delegatorAddress: delegator }).finish());
    if (answer.code !== 0) throw new Error(`${QUERY_PATH}: code ${answer.code}: ${answer.log}`);
    // A fraction of a micro unit cannot be claimed: such a coin is no claimable reward at all.
    return QueryDelegationTotalRewardsResponse.decode(answer.value)
      .total.map((c) => ({ denom: c.denom, amount: wholeUnits(c.amount) }))
      .filter((c) => c.amount !== "0");
  }
}
