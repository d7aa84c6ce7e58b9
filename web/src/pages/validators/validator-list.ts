// The overview's list: the search (SPEC.md §5: case-insensitive substring of a name or an address) and the sort orders.
import type { Validator } from "../../api/types.ts";
import { uptimePercent } from "../../components/validator-class.ts";

export const SORT_COLUMNS = ["locked", "votingPower", "uptime"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = "asc" | "desc";

export interface SortOrder {
  column: SortColumn;
  direction: SortDirection;
}

/** The order before anyone sorts: the biggest voting power first. */
export const DEFAULT_SORT: SortOrder = { column: "votingPower", direction: "desc" };

/** Validators whose name, operator or user address contains `query`, in any case; all for a blank query. */
export function searchValidators(validators: readonly Validator[], query: string): Validator[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...validators];
  return validators.filter((v) => [v.name, v.bech32Address, v.address].some((text) => text.toLowerCase().includes(needle)));
}

/** A validator without blocks yet has no uptime: below any real one. */
const NO_UPTIME = -1;

function compare(column: SortColumn, a: Validator, b: Validator): number {
  if (column === "locked") {
    const difference = BigInt(a.locked) - BigInt(b.locked);
    return difference === 0n ? 0 : difference > 0n ? 1 : -1;
  }
  if (column === "votingPower") return a.votingPower - b.votingPower;
  return (uptimePercent(a) ?? NO_UPTIME) - (uptimePercent(b) ?? NO_UPTIME);
}

/** A sorted copy; equal ones keep their order. */
export function sortValidators(validators: readonly Validator[], order: SortOrder): Validator[] {
  const sign = order.direction === "asc" ? 1 : -1;
  return [...validators].sort((a, b) => sign * compare(order.column, a, b));
}

/** SPEC.md §2: the first click on a column sorts it ascending; another click on the same column flips it. */
export function nextSort(current: SortOrder, column: SortColumn): SortOrder {
  if (current.column !== column) return { column, direction: "asc" };
  return { column, direction: current.direction === "asc" ? "desc" : "asc" };
}
