// x/staking's validator set: the max_validators most powerful unjailed validators are bonded, recomputed at EndBlock.
import type { ChainState, Validator } from "./state.ts";
import type { EventSink } from "./events.ts";
import { send } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { afterValidatorBonded } from "./slashing.ts";
import { UNBONDING_PERIOD_MS } from "./staking.ts";

export const MAX_VALIDATORS = 7;
const POWER_REDUCTION = 1_000_000n;

/** CometBFT voting power of a validator's tokens. */
function consensusPower(validator: Validator): number {
  return Number(validator.tokens / POWER_REDUCTION);
}

/** Voting power of every validator by index: its power when bonded, 0 otherwise. */
export function bondedPowers(state: ChainState): number[] {
  return state.validators.map((v) => (v.status === "BOND_STATUS_BONDED" ? consensusPower(v) : 0));
}

/** The members of a CometBFT validator set in its order: voting power descending, then address. */
export function setMembers(validators: readonly Validator[], powers: readonly number[]): { validator: Validator; power: number }[] {
  return validators
    .map((validator, i) => ({ validator, power: powers[i] ?? 0 }))
    .filter(({ power }) => power > 0)
    .sort((a, b) => b.power - a.power || (a.validator.consensus.addressHex < b.validator.consensus.addressHex ? -1 : 1));
}

/** The validators the set should hold: not jailed, with some power, the most powerful first (ties by address). */
function electedValidators(state: ChainState): Set<Validator> {
  const candidates = state.validators.filter((v) => !v.jailed && consensusPower(v) > 0);
  candidates.sort((a, b) => consensusPower(b) - consensusPower(a) || (a.operatorAddress < b.operatorAddress ? -1 : 1));
  return new Set(candidates.slice(0, MAX_VALIDATORS));
}

/**
 * EndBlock: bonds the elected validators, starts the unbonding of those that left the set and
 * ends unbonding periods that are over. The two pools settle with one net transfer, as in the SDK.
 */
export function updateValidatorSet(state: ChainState, sink: EventSink): void {
  const elected = electedValidators(state);
  let toBonded = 0n;
  for (const validator of state.validators) {
    const bonded = validator.status === "BOND_STATUS_BONDED";
    if (elected.has(validator) && !bonded) {
      state.updateValidator(validator, { status: "BOND_STATUS_BONDED" });
      afterValidatorBonded(state, validator);
      toBonded += validator.tokens;
    } else if (!elected.has(validator) && bonded) {
      const unbondingTimeMs = state.timeMs + UNBONDING_PERIOD_MS;
      state.updateValidator(validator, { status: "BOND_STATUS_UNBONDING", unbondingHeight: state.height, unbondingTimeMs });
      toBonded -= validator.tokens;
    }
  }
  if (toBonded > 0n) send(state, sink, MODULE.notBondedPool, MODULE.bondedPool, toBonded);
  if (toBonded < 0n) send(state, sink, MODULE.bondedPool, MODULE.notBondedPool, -toBonded);
  for (const validator of state.validators) {
    if (validator.status === "BOND_STATUS_UNBONDING" && validator.unbondingTimeMs <= state.timeMs) {
      state.updateValidator(validator, { status: "BOND_STATUS_UNBONDED" });
    }
  }
}
