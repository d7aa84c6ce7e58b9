// What kind of validator one is (SPEC.md §4: active, inactive, jailed) and its uptime since the start.
import type { Validator } from "../api/types.ts";

export type ValidatorClass = "active" | "inactive" | "jailed";

/**
 * Jailed (isActive false) first: a jailed validator leaves the bonded set within a block, and counting it as active
 * meanwhile would put it in two tabs. Then active when bonded, otherwise inactive.
 */
export function validatorClass(validator: Pick<Validator, "status" | "isActive">): ValidatorClass {
  if (!validator.isActive) return "jailed";
  return validator.status === "BOND_STATUS_BONDED" ? "active" : "inactive";
}

/** The validators of each class, each list in the order given. */
export function byClass<T extends Pick<Validator, "status" | "isActive">>(validators: readonly T[]): Record<ValidatorClass, T[]> {
  const classes: Record<ValidatorClass, T[]> = { active: [], inactive: [], jailed: [] };
  for (const validator of validators) classes[validatorClass(validator)].push(validator);
  return classes;
}

/** Percent of its blocks since the start that it signed; null before it had any. */
export function uptimePercent(validator: Pick<Validator, "okBlocksSinceStart" | "blocksSinceStart">): number | null {
  return validator.blocksSinceStart > 0 ? (validator.okBlocksSinceStart / validator.blocksSinceStart) * 100 : null;
}
