// x/distribution as axm-node runs it (keeper/allocation.go, delegation.go; x/staking/keeper/points.go): fee allocation with a 30% burn and one commission, emission minted at payment.
import type { ChainState, Validator } from "./state.ts";
import type { EventSink } from "./events.ts";
import { send, mint, burn } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { validatorNotFound, noDelegation } from "./errors.ts";

/** LegacyDec 1 in atomics. */
export const DEC = 10n ** 18n;

/** distribution.proto Params as the devnet sets them (LegacyDec atomics). */
export const DISTRIBUTION_PARAMS = {
  communityTax: 0n,
  baseProposerReward: 0n,
  bonusProposerReward: 0n,
  withdrawAddrEnabled: true,
  burnRate: (3n * DEC) / 10n,
  /** The commission of every validator (the chain's default is 0.003; the devnet uses 5%). */
  validatorCommissionRate: DEC / 20n,
};

/**
 * The devnet's emission model, in the chain's terms (staking Params): while in the last commit a validator gains
 * emission_rate × elapsed µs points, the rate picked from the table by the bonded ratio; a delegation is paid
 * stake × (validator points − its points) / maximum_monthly_points, less the validator's validator_emission_rate.
 * With a month's µs as the maximum, a rate of 0.015 pays 1.5% of the stake a month.
 */
export const EMISSION = {
  maximumMonthlyPoints: 30n * 24n * 3600n * 1_000_000n,
  validatorEmissionRate: DEC / 20n,
  table: [
    { start: 0n, rate: (15n * DEC) / 1000n },
    { start: DEC / 2n, rate: DEC / 100n },
    { start: (67n * DEC) / 100n, rate: DEC / 200n },
  ],
} as const;

/** LegacyDec Mul: rounds half to even on the 18th digit. */
export function mulDecRound(atomics: bigint, rate: bigint): bigint {
  const product = atomics * rate;
  const quotient = product / DEC;
  const remainder = product % DEC;
  if (remainder * 2n > DEC || (remainder * 2n === DEC && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** A LegacyDec's text with its 18 decimals. */
export function decText(atomics: bigint): string {
  return `${atomics / DEC}.${(atomics % DEC).toString().padStart(18, "0")}`;
}

/** sdk.DecCoins.String() of one uaxm amount: "" when zero. */
export const decCoins = (atomics: bigint) => (atomics === 0n ? "" : `${decText(atomics)}uaxm`);

/** One member of the last commit, as BeginBlock's vote infos list it. */
export interface CommitVote {
  validator: Validator;
  power: number;
}

/** AllocateTokens (height > 1): all fees to the distribution module, 30% of them burned, the rest split by power. */
export function allocateTokens(state: ChainState, sink: EventSink, votes: CommitVote[]): void {
  const fees = state.balance(MODULE.feeCollector);
  send(state, sink, MODULE.feeCollector, MODULE.distribution, fees);
  const burned = (fees * DISTRIBUTION_PARAMS.burnRate) / DEC;
  if (burned > 0n) burn(state, sink, MODULE.distribution, burned);
  const collected = (fees - burned) * DEC;
  const totalPower = BigInt(votes.reduce((sum, v) => sum + v.power, 0));
  let remaining = collected;
  if (totalPower > 0n) {
    for (const { validator, power } of votes) {
      const reward = (collected * ((BigInt(power) * DEC) / totalPower)) / DEC;
      allocateToValidator(state, sink, validator, reward);
      remaining -= reward;
    }
  }
  state.addToCommunityPool(remaining);
}

/** AllocateTokensToValidator: commission{amount} at the global rate, rewards{amount} of the whole share. */
function allocateToValidator(state: ChainState, sink: EventSink, validator: Validator, reward: bigint): void {
  const commission = mulDecRound(reward, DISTRIBUTION_PARAMS.validatorCommissionRate);
  sink.emit("commission", { amount: decCoins(commission), validator: validator.operatorAddress });
  state.setCommission(validator.operatorAddress, (state.commission.get(validator.operatorAddress) ?? 0n) + commission);
  shareAmongDelegators(state, validator, reward - commission);
  sink.emit("rewards", { amount: decCoins(reward), validator: validator.operatorAddress });
}

/** Credits each delegation its stake-proportional part; what rounding leaves goes to the community pool. */
function shareAmongDelegators(state: ChainState, validator: Validator, shared: bigint): void {
  const delegations = state.delegations.get(validator.operatorAddress);
  let given = 0n;
  if (delegations && validator.tokens > 0n) {
    for (const [delegator, stake] of delegations) {
      const part = (shared * stake) / validator.tokens;
      if (part === 0n) continue;
      state.setReward(validator.operatorAddress, delegator, state.reward(validator.operatorAddress, delegator) + part);
      given += part;
    }
  }
  state.addToCommunityPool(shared - given);
}

/** staking.go BondedRatio: the bonded pool over the supply, atomics. */
function bondedRatio(state: ChainState): bigint {
  return state.supply === 0n ? 0n : (state.balance(MODULE.bondedPool) * DEC) / state.supply;
}

/** points.go GetEmissionRatioFromBondedRatio: the last range starting at or below the ratio. */
export function emissionRate(state: ChainState): bigint {
  const ratio = bondedRatio(state);
  return EMISSION.table.filter((range) => range.start <= ratio).at(-1)!.rate;
}

/** points.go AllocateValidatorsPoints (staking BeginBlock): the last commit's validators gain points for the time since the last block. */
export function allocateValidatorsPoints(state: ChainState, votes: CommitVote[], elapsedMs: number): void {
  const points = (emissionRate(state) * BigInt(elapsedMs) * 1000n) / DEC;
  for (const { validator } of votes) {
    const own = EMISSION.validatorEmissionRate * ((validator.tokens * points) / EMISSION.maximumMonthlyPoints);
    state.updateValidator(validator, { points: validator.points + points, emission: validator.emission + own });
  }
}

/** calculateDelegationEmission: LegacyDec atomics of what the delegation has earned since it last took the validator's points. */
export function pendingEmission(state: ChainState, operator: string, delegator: string): bigint {
  const validator = state.validatorByOperator.get(operator)!;
  const earned =
    (state.delegation(operator, delegator) * DEC * (validator.points - state.delegationPointsOf(operator, delegator))) / EMISSION.maximumMonthlyPoints;
  return earned - mulDecRound(earned, EMISSION.validatorEmissionRate);
}

/**
 * MsgWithdrawDelegatorReward, and the hook before any change of a delegation: whole uaxm of the fee reward (the
 * fraction to the community pool) plus the emission, minted now; withdraw_rewards says "0uaxm" for nothing.
 */
export function withdrawRewards(state: ChainState, sink: EventSink, delegator: string, operator: string): void {
  const validator = state.validatorByOperator.get(operator);
  if (!validator) throw validatorNotFound();
  if (state.delegation(operator, delegator) === 0n) throw noDelegation();
  const reward = state.reward(operator, delegator);
  const paid = reward / DEC;
  state.setReward(operator, delegator, 0n);
  state.addToCommunityPool(reward - paid * DEC);
  const emission = pendingEmission(state, operator, delegator) / DEC;
  if (emission > 0n) {
    mint(state, sink, MODULE.distribution, emission);
    state.setDelegationPoints(operator, delegator, validator.points);
  }
  if (paid > 0n || emission > 0n) send(state, sink, MODULE.distribution, delegator, paid + emission);
  sink.emit("withdraw_rewards", { amount: `${paid}uaxm`, validator: operator, delegator, emission: `${emission}uaxm` });
}

/** Each delegation's pending fee reward and emission (atomics), in the delegation store's order (validator address bytes). */
export function rewardsByDelegation(state: ChainState, delegator: string): { validator: string; reward: bigint; emission: bigint }[] {
  const list: { validator: string; reward: bigint; emission: bigint }[] = [];
  for (const [validator, byDelegator] of state.delegations) {
    if (byDelegator.has(delegator))
      list.push({ validator, reward: state.reward(validator, delegator), emission: pendingEmission(state, validator, delegator) });
  }
  return list;
}

/** What withdrawing from each validator would pay now, in whole uaxm: its fee reward and its emission, each truncated (withdrawRewards). */
export function claimableByValidator(state: ChainState, delegator: string): { validator: string; amount: bigint }[] {
  return rewardsByDelegation(state, delegator).map((r) => ({ validator: r.validator, amount: r.reward / DEC + r.emission / DEC }));
}

/** Claimable now in whole uaxm: what withdrawing from every validator would pay. */
export function pendingRewards(state: ChainState, delegator: string): bigint {
  return claimableByValidator(state, delegator).reduce((sum, r) => sum + r.amount, 0n);
}
