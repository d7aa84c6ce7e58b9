// The overview's statistic cards from the validator list: how many, the average locked and the average uptime.
import { formatCoins, formatFixed, formatInteger } from "../../../../core/format.ts";
import type { Validator } from "../../api/types.ts";
import { uptimePercent, validatorClass } from "../../components/validator-class.ts";

export interface OverviewFigures {
  total: string;
  active: string;
  /** Whole coins; null without validators. */
  averageLocked: string | null;
  /** Percent with 2 decimals over validators that had blocks; null when none had. */
  averageUptime: string | null;
}

export function overviewFigures(validators: readonly Validator[]): OverviewFigures {
  const locked = validators.reduce((sum, v) => sum + BigInt(v.locked), 0n);
  const uptimes = validators.map(uptimePercent).filter((uptime) => uptime !== null);
  return {
    total: formatInteger(validators.length),
    active: formatInteger(validators.filter((v) => validatorClass(v) === "active").length),
    averageLocked: validators.length > 0 ? formatCoins(locked / BigInt(validators.length), 0) : null,
    averageUptime: uptimes.length > 0 ? formatFixed(uptimes.reduce((sum, u) => sum + u, 0) / uptimes.length, 2) : null,
  };
}
