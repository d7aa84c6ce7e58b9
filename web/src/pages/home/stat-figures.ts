// The home page's figures formatted for display: the six statistic cards from /blockchain/stat and the emission rate.
import { BLOCK_TIME_MS } from "../../../../core/block-time.ts";
import { formatCoins, formatDecimal, formatInteger, percentOf } from "../../../../core/format.ts";
import type { ChainStat } from "../../api/types.ts";

/** SPEC.md §9: the block time shown when the statistics have none. */
export const DEFAULT_BLOCK_TIME_S = BLOCK_TIME_MS / 1000;
/** Supplies run into millions of coins: whole coins are enough there; burned amounts are small, so cents show. */
const SUPPLY_DECIMALS = 0;
const BURNED_DECIMALS = 2;
const RATE_DECIMALS = 2;

export interface StatFigures {
  minedSupply: string;
  maximalSupply: string;
  minedPercent: string;
  txsTotal: string;
  txsPerSecond: string;
  registrations: string;
  registeredToday: string;
  lockedSupply: string;
  lockedPercent: string;
  burnedTotal: string;
  burnedToday: string;
  blockTime: string;
}

function rate(value: unknown): string {
  return typeof value === "number" ? formatDecimal(value, RATE_DECIMALS) : "n/d";
}

function count(value: unknown): string {
  return typeof value === "number" || typeof value === "string" ? formatInteger(value) : "n/d";
}

function coins(value: unknown, decimals: number): string {
  return typeof value === "string" ? formatCoins(value, decimals) : "n/d";
}

function percent(part: unknown, whole: unknown): string {
  return typeof part === "string" && typeof whole === "string" ? formatDecimal(percentOf(part, whole), RATE_DECIMALS) : "n/d";
}

export function statFigures(stat: ChainStat): StatFigures {
  const blockTime = typeof stat.blockTime === "number" && stat.blockTime > 0 ? stat.blockTime : DEFAULT_BLOCK_TIME_S;
  return {
    minedSupply: coins(stat.totalSupply, SUPPLY_DECIMALS),
    maximalSupply: coins(stat.maximalSupply, SUPPLY_DECIMALS),
    minedPercent: percent(stat.totalSupply, stat.maximalSupply),
    txsTotal: count(stat.txsTotal),
    txsPerSecond: rate(stat.txsPerSecond),
    registrations: count(stat.registrations),
    registeredToday: count(stat.registeredToday),
    lockedSupply: coins(stat.delegatedSupply, SUPPLY_DECIMALS),
    lockedPercent: percent(stat.delegatedSupply, stat.totalSupply),
    burnedTotal: coins(stat.burnedTotal, BURNED_DECIMALS),
    burnedToday: coins(stat.burnedToday, BURNED_DECIMALS),
    blockTime: formatDecimal(blockTime, RATE_DECIMALS),
  };
}
