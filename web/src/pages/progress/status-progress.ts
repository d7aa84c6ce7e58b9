// The statuses table's figures (SPEC.md §4): the API's criteria per status as core's criteria, each status's percentage
// and whether it is got.
import { RULE, RULE_NAMES, isGot, progressPercent, type Criterion, type Rule } from "../../../../core/partnership-conditions.ts";
import { STATUSES, type Status } from "../../../../core/partnership-status.ts";
import type { StatusCriterion, StatusProgress } from "../../api/types.ts";
import { apiAmount } from "./api-amount.ts";

export interface StatusRow {
  status: Status;
  criteria: Criterion[];
  percent: number;
  got: boolean;
}

/** Starter .. Mega: the statuses the table lists. */
export const PROGRESS_STATUSES: readonly Status[] = STATUSES.map((s) => s.level).filter((level) => level > 0);

/** The rules a status's conditions use (CHAIN.md), by the names the API gives them. */
const RULE_BY_NAME = new Map<string, Rule>(
  [RULE.SELF_STAKE, RULE.N_COINS_IN_STRUCTURE, RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, RULE.N_TEAMS_OF_X_PEOPLE_EACH].map((rule) => [RULE_NAMES[rule], rule]),
);

/** One criterion of the API as core reads it; a rule or a number the API should never send is an error, not a guess. */
export function toCriterion(answer: StatusCriterion): Criterion {
  const rule = RULE_BY_NAME.get(answer.rule);
  if (rule === undefined) throw new Error(`unknown status rule ${JSON.stringify(answer.rule)}`);
  const target = apiAmount(answer.target_value, "target_value");
  const actual = apiAmount(answer.actual_value, "actual_value");
  // The chain caps actual values at the target (CHAIN.md); a larger one must not lift a status above 100 %.
  const capped = actual < target ? actual : target;
  return { rule, target, actual: capped, parameterX: answer.parameter_x, met: capped >= target };
}

/** A row per status Starter .. Mega, in order; a status the answer leaves out has no criteria and reads 0 %. */
export function statusRows(answer: StatusProgress): StatusRow[] {
  return PROGRESS_STATUSES.map((status) => {
    const criteria = (answer[String(status)] ?? []).map(toCriterion);
    const percent = progressPercent(criteria);
    return { status, criteria, percent, got: isGot(percent) };
  });
}
