// The Address screen's URL query (tab, page, size, team filters and sort, operation types, support), parsed here only,
// with safe defaults for anything malformed.
import { MAX_LEVEL, MEGA } from "../../../../core/partnership-status.ts";
import type { TeamFilter, TeamOrder, TeamSort } from "../../api/types.ts";
import type { PageSize } from "../../components/RowsPerPage.tsx";
import { DEFAULT_PAGE_SIZE, parsePageParam, parseSizeParam } from "../../components/page-params.ts";
import { TAB_PARAM } from "../../components/Tabs.tsx";

/** SPEC.md §5: the support view is on whenever the query names `support`, whatever its value. */
export const SUPPORT_PARAM = "support";
/** Far beyond any team or history in pages of 10. */
const MAX_PAGE = 999_999;
export const TEAM_ORDERS: readonly TeamOrder[] = ["status", "level", "delegated", "unbonding", "teamSize"];
/** Everything a tab keeps in the URL for itself: a switch of tab drops it (SPEC.md §4: paging starts again at 1). */
export const TAB_STATE_PARAMS = ["page", "size", "q", "level", "status", "sort", "dir", "types"] as const;

export interface AddressParams {
  page: number;
  size: PageSize;
  /** The team search as typed, trimmed; "" for none. */
  q: string;
  /** 1..14, null for every level. */
  level: number | null;
  /** 1 Starter .. 7 Mega, null for every status. */
  status: number | null;
  /** Null until someone sorts: the API's order (by level) is not written in the URL. */
  sort: TeamSort | null;
  /** Operation types to show; empty for all of them. */
  types: string[];
  support: boolean;
}

export const DEFAULT_PARAMS: AddressParams = { page: 1, size: DEFAULT_PAGE_SIZE, q: "", level: null, status: null, sort: null, types: [], support: false };

function parseWhole(text: string | null, min: number, max: number): number | null {
  if (!text || !/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function parseSort(column: string | null, direction: string | null): TeamSort | null {
  const order = TEAM_ORDERS.find((o) => o === column);
  return order ? { order, direction: direction === "desc" ? "desc" : "asc" } : null;
}

const TYPE_ID = /^[a-z][a-z0-9_]{0,39}$/;

function parseTypes(text: string | null): string[] {
  return [...new Set((text ?? "").split(",").filter((type) => TYPE_ID.test(type)))];
}

export function parseAddressParams(query: URLSearchParams): AddressParams {
  return {
    page: parsePageParam(query.get("page"), MAX_PAGE),
    size: parseSizeParam(query.get("size")),
    q: (query.get("q") ?? "").trim().slice(0, 100),
    level: parseWhole(query.get("level"), 1, MAX_LEVEL),
    status: parseWhole(query.get("status"), 1, MEGA),
    sort: parseSort(query.get("sort"), query.get("dir")),
    types: parseTypes(query.get("types")),
    support: query.has(SUPPORT_PARAM),
  };
}

/** The query for `params`, the tab kept as it was; defaults are left out so a plain link stays plain. */
export function addressQuery(params: AddressParams, tab: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (tab) query.set(TAB_PARAM, tab);
  if (params.support) query.set(SUPPORT_PARAM, "");
  if (params.page !== 1) query.set("page", String(params.page));
  if (params.size !== DEFAULT_PAGE_SIZE) query.set("size", String(params.size));
  if (params.q) query.set("q", params.q);
  if (params.level !== null) query.set("level", String(params.level));
  if (params.status !== null) query.set("status", String(params.status));
  if (params.sort) {
    query.set("sort", params.sort.order);
    query.set("dir", params.sort.direction);
  }
  if (params.types.length > 0) query.set("types", params.types.join(","));
  return query;
}

/** The team filters as the API takes them. */
export function teamFilterOf(params: Pick<AddressParams, "q" | "level" | "status">): TeamFilter {
  const filter: TeamFilter = {};
  if (params.q) filter.q = params.q;
  if (params.level !== null) filter.level = params.level;
  if (params.status !== null) filter.status = params.status;
  return filter;
}

/** SPEC.md §2: the first click on a column sorts it ascending; another click on the same column flips it. */
export function nextSort(current: TeamSort | null, order: TeamOrder): TeamSort {
  if (current?.order !== order) return { order, direction: "asc" };
  return { order, direction: current.direction === "asc" ? "desc" : "asc" };
}

export function totalPages(totalRecords: number, size: number): number {
  return Math.max(1, Math.ceil(totalRecords / size));
}
