// Staking: delegate, undelegate, redelegate, and the EndBlock completion of matured entries.
import type { ChainState, Validator } from "./state.ts";
import { type EventSink, coins, decimal } from "./events.ts";
import { moveWithoutTransfer, send, burn } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { validatorNotFound, noDelegation, insufficientShares, invalidRequest, selfRedelegation } from "./errors.ts";
import { withdrawRewards } from "./distribution.ts";

/** Kept short so completions happen within a devnet run (the real chain uses 21 days). */
export const UNBONDING_PERIOD_MS = 10 * 60 * 1000;
/** CHAIN.md: undelegation burns 10% of the amount when the unbonding completes. */
export const UNBONDING_BURN_BP = 1_000n;

export function rfc3339Seconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function validatorOf(state: ChainState, operator: string): Validator {
  const validator = state.validatorByOperator.get(operator);
  if (!validator) throw validatorNotFound();
  return validator;
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw invalidRequest("invalid delegation amount");
}

/** The SDK settles pending rewards before a delegation changes (hooks of x/distribution). */
function settleRewards(state: ChainState, sink: EventSink, delegator: string, operator: string): void {
  if (state.delegation(operator, delegator) > 0n) withdrawRewards(state, sink, delegator, operator);
}

export function delegate(state: ChainState, sink: EventSink, delegator: string, operator: string, amount: bigint): void {
  positive(amount);
  const validator = validatorOf(state, operator);
  settleRewards(state, sink, delegator, operator);
  moveWithoutTransfer(state, sink, delegator, MODULE.bondedPool, amount);
  state.setTokens(validator, validator.tokens + amount);
  state.setDelegation(operator, delegator, state.delegation(operator, delegator) + amount);
  sink.emit("delegate", { validator: operator, delegator, amount: coins(amount), new_shares: decimal(amount) });
}

function unbondFrom(state: ChainState, delegator: string, validator: Validator, amount: bigint): void {
  const current = state.delegation(validator.operatorAddress, delegator);
  if (current === 0n) throw noDelegation();
  if (current < amount) throw insufficientShares();
  state.setDelegation(validator.operatorAddress, delegator, current - amount);
  state.setTokens(validator, validator.tokens - amount);
}

export function undelegate(state: ChainState, sink: EventSink, delegator: string, operator: string, amount: bigint): void {
  positive(amount);
  const validator = validatorOf(state, operator);
  settleRewards(state, sink, delegator, operator);
  unbondFrom(state, delegator, validator, amount);
  send(state, sink, MODULE.bondedPool, MODULE.notBondedPool, amount);
  const completionMs = state.timeMs + UNBONDING_PERIOD_MS;
  state.addUnbonding({ delegator, validator: operator, amount, creationHeight: state.height, completionMs });
  sink.emit("unbond", { validator: operator, delegator, amount: coins(amount), completion_time: rfc3339Seconds(completionMs) });
}

export function redelegate(state: ChainState, sink: EventSink, delegator: string, source: string, destination: string, amount: bigint): void {
  positive(amount);
  if (source === destination) throw selfRedelegation();
  const from = validatorOf(state, source);
  const to = validatorOf(state, destination);
  settleRewards(state, sink, delegator, source);
  settleRewards(state, sink, delegator, destination);
  unbondFrom(state, delegator, from, amount);
  state.setTokens(to, to.tokens + amount);
  state.setDelegation(destination, delegator, state.delegation(destination, delegator) + amount);
  const completionMs = state.timeMs + UNBONDING_PERIOD_MS;
  state.addRedelegation({ delegator, source, destination, amount, creationHeight: state.height, completionMs });
  sink.emit("redelegate", {
    source_validator: source,
    destination_validator: destination,
    delegator,
    amount: coins(amount),
    completion_time: rfc3339Seconds(completionMs),
  });
}

/** EndBlock: pays out matured unbondings (minus the 10% burn) and drops matured redelegations. */
export function completeMatured(state: ChainState, sink: EventSink): void {
  while (state.unbondings.length > 0 && state.unbondings[0].completionMs <= state.timeMs) {
    const entry = state.unbondings.shift()!;
    const burned = (entry.amount * UNBONDING_BURN_BP) / 10_000n;
    burn(state, sink, MODULE.notBondedPool, burned);
    moveWithoutTransfer(state, sink, MODULE.notBondedPool, entry.delegator, entry.amount - burned);
    sink.emit("complete_unbonding", { amount: coins(entry.amount), validator: entry.validator, delegator: entry.delegator });
  }
  while (state.redelegations.length > 0 && state.redelegations[0].completionMs <= state.timeMs) {
    const entry = state.redelegations.shift()!;
    sink.emit("complete_redelegation", {
      amount: coins(entry.amount),
      source_validator: entry.source,
      destination_validator: entry.destination,
      delegator: entry.delegator,
    });
  }
}
