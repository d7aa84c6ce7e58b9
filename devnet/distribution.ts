// Emission and rewards: per-block minting, the fee split (30% burned), commission, and reward withdrawal.
import type { ChainState, Validator } from "./state.ts";
import { type EventSink, coins, decimal, ratio } from "./events.ts";
import { send, mint, burn } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { validatorNotFound, delegationNotFound } from "./errors.ts";

export const FEE_BURN_BP = 3_000n;
const SCALE = 10n ** 18n;
const YEAR_MS = 365n * 24n * 3600n * 1000n;

/** Inflation floats with the bonded ratio: 20% when nothing is bonded, 10% when everything is (scaled 1e18). */
export function inflation(bonded: bigint, supply: bigint): bigint {
  const bondedRatio = supply === 0n ? 0n : (bonded * SCALE) / supply;
  return (2n * SCALE) / 10n - bondedRatio / 10n;
}

/**
 * BeginBlock of mint and distribution: mint this block's provision, burn part of last block's fees, and
 * allocate the rest to the validators of the last commit by their voting power there.
 */
export function beginBlockRewards(state: ChainState, sink: EventSink, blockTimeMs: number, lastCommitPowers: number[]): void {
  const fees = state.balance(MODULE.feeCollector);
  const bonded = state.bondedTokens();
  const rate = inflation(bonded, state.supply);
  const annualScaled = rate * bonded;
  const provision = annualScaled / SCALE / (YEAR_MS / BigInt(blockTimeMs));
  if (provision > 0n) {
    mint(state, sink, MODULE.mint, provision);
    send(state, sink, MODULE.mint, MODULE.feeCollector, provision);
  }
  sink.emit("mint", {
    bonded_ratio: ratio(bonded, state.supply),
    inflation: ratio(rate, SCALE),
    annual_provisions: ratio(annualScaled, SCALE),
    amount: provision.toString(),
  });
  burn(state, sink, MODULE.feeCollector, (fees * FEE_BURN_BP) / 10_000n);
  const pool = state.balance(MODULE.feeCollector);
  if (pool === 0n) return;
  send(state, sink, MODULE.feeCollector, MODULE.distribution, pool);
  allocate(state, sink, { minted: provision, fees: pool - provision }, lastCommitPowers);
}

interface RewardPool {
  minted: bigint;
  fees: bigint;
}

/** Splits the pool by power; each validator's delegation fee applies to its minted part and its tx fee to its fee part. */
function allocate(state: ChainState, sink: EventSink, pool: RewardPool, powers: number[]): void {
  const members = state.validators.filter((_, i) => (powers[i] ?? 0) > 0);
  const totalPower = BigInt(members.reduce((sum, v) => sum + powers[v.index], 0));
  const left = { ...pool };
  members.forEach((validator, k) => {
    const last = k === members.length - 1;
    const minted = last ? left.minted : (pool.minted * BigInt(powers[validator.index])) / totalPower;
    const fees = last ? left.fees : (pool.fees * BigInt(powers[validator.index])) / totalPower;
    left.minted -= minted;
    left.fees -= fees;
    const commission = (minted * validator.commissionRate + fees * validator.txFeeRate) / SCALE;
    const share = minted + fees;
    sink.emit("commission", { amount: `${decimal(commission)}uaxm`, validator: validator.operatorAddress });
    sink.emit("rewards", { amount: `${decimal(share - commission)}uaxm`, validator: validator.operatorAddress });
    const dust = shareAmongDelegators(state, validator, share - commission);
    state.setCommission(validator.operatorAddress, (state.commission.get(validator.operatorAddress) ?? 0n) + commission + dust);
  });
}

/** Credits each delegation its stake-proportional part; the rounding dust goes to the validator. */
function shareAmongDelegators(state: ChainState, validator: Validator, rewards: bigint): bigint {
  const delegations = state.delegations.get(validator.operatorAddress);
  if (!delegations || validator.tokens === 0n) return rewards;
  let given = 0n;
  const pending = state.rewards.get(validator.operatorAddress) ?? new Map<string, bigint>();
  state.rewards.set(validator.operatorAddress, pending);
  for (const [delegator, stake] of delegations) {
    const part = (rewards * stake) / validator.tokens;
    if (part === 0n) continue;
    pending.set(delegator, (pending.get(delegator) ?? 0n) + part);
    given += part;
  }
  return rewards - given;
}

/** MsgWithdrawDelegatorReward (also run before any change of a delegation, as the SDK does). */
export function withdrawRewards(state: ChainState, sink: EventSink, delegator: string, operator: string): bigint {
  if (!state.validatorByOperator.has(operator)) throw validatorNotFound();
  if (state.delegation(operator, delegator) === 0n) throw delegationNotFound();
  const reward = state.reward(operator, delegator);
  state.setReward(operator, delegator, 0n);
  if (reward > 0n) send(state, sink, MODULE.distribution, delegator, reward);
  sink.emit("withdraw_rewards", { amount: coins(reward), validator: operator, delegator });
  return reward;
}

/** A delegator's pending reward on each validator it delegates to, as the SDK lists them (every delegation, zero or not). */
export function rewardsByDelegation(state: ChainState, delegator: string): { validator: string; amount: bigint }[] {
  const list: { validator: string; amount: bigint }[] = [];
  for (const [validator, byDelegator] of state.delegations) {
    if (byDelegator.has(delegator)) list.push({ validator, amount: state.reward(validator, delegator) });
  }
  return list;
}

export function pendingRewards(state: ChainState, delegator: string): bigint {
  let total = 0n;
  for (const byDelegator of state.rewards.values()) total += byDelegator.get(delegator) ?? 0n;
  return total;
}
