// The overview's URL query (tab, q, sort, dir, page), parsed in one place with safe defaults for anything malformed.
import { parsePageParam } from "../../components/page-params.ts";
import { TAB_PARAM } from "../../components/Tabs.tsx";
import { SORT_COLUMNS, type SortColumn, type SortDirection, type SortOrder } from "./validator-list.ts";

/** SPEC.md §9: the overview pages 500 validators at a time. */
export const VALIDATORS_PAGE_SIZE = 500;
/** Far beyond any validator set in pages of 500. */
const MAX_PAGE = 10_000;

export interface OverviewParams {
  /** The search as typed, trimmed; "" for none. */
  q: string;
  /** Null until someone sorts: the default order is not written in the URL. */
  sort: SortOrder | null;
  page: number;
}

function parseSort(column: string | null, direction: string | null): SortOrder | null {
  if (!(SORT_COLUMNS as readonly (string | null)[]).includes(column)) return null;
  return { column: column as SortColumn, direction: (direction === "desc" ? "desc" : "asc") as SortDirection };
}

export function parseOverviewParams(query: URLSearchParams): OverviewParams {
  return {
    q: (query.get("q") ?? "").trim(),
    sort: parseSort(query.get("sort"), query.get("dir")),
    page: parsePageParam(query.get("page"), MAX_PAGE),
  };
}

/** The query for `params`, the tab kept as it was; defaults are left out so the plain address stays "/validators". */
export function overviewQuery(params: OverviewParams, tab: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (tab) query.set(TAB_PARAM, tab);
  if (params.q) query.set("q", params.q);
  if (params.sort) {
    query.set("sort", params.sort.column);
    query.set("dir", params.sort.direction);
  }
  if (params.page !== 1) query.set("page", String(params.page));
  return query;
}
