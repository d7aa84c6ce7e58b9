// The transactions list's state in its URL query (page, size, type, status, from, to): parsed and validated here only.
import type { TxFilter } from "../../api/types.ts";
import type { PageSize } from "../../components/RowsPerPage.tsx";
import { DEFAULT_PAGE_SIZE, parsePageParam, parseSizeParam } from "../../components/page-params.ts";
import { MIN_DAY, clampDay, orderedRange, parseDay, rangeToTime, type DayRange } from "./day-range.ts";

export const STATUSES = ["all", "success", "fail"] as const;
export type StatusChoice = (typeof STATUSES)[number];

/** SPEC.md §7: success is sent as 0, fail as 1, all as 2. */
const STATUS_QUERY: Record<StatusChoice, 0 | 1 | 2> = { all: 2, success: 0, fail: 1 };

export interface TxListState {
  page: number;
  size: PageSize;
  /** Message type URLs, in the order they were chosen. */
  types: string[];
  status: StatusChoice;
  range: DayRange | null;
}

/** The API's highest page number (shapes/common.ts). */
const MAX_PAGE = 99_999_999;
const TYPE_URL = /^\/[A-Za-z0-9_.]+$/;

export const DEFAULT_STATE: TxListState = { page: 1, size: DEFAULT_PAGE_SIZE, types: [], status: "all", range: null };

function parseTypes(text: string | null): string[] {
  const types = (text ?? "").split(",").filter((type) => TYPE_URL.test(type));
  return [...new Set(types)];
}

function parseStatus(text: string | null): StatusChoice {
  return (STATUSES as readonly string[]).includes(text ?? "") ? (text as StatusChoice) : "all";
}

/** Both ends must be real days; they are put in order and kept within the minimum date and today. */
function parseRange(fromText: string | null, toText: string | null, today: string): DayRange | null {
  const from = parseDay(fromText);
  const to = parseDay(toText);
  if (!from || !to) return null;
  const range = orderedRange(from, to);
  if (range.to < MIN_DAY || range.from > today) return null;
  return { from: clampDay(range.from, MIN_DAY, today), to: clampDay(range.to, MIN_DAY, today) };
}

/** The state a URL query asks for; anything malformed falls back to its default. */
export function parseListState(params: URLSearchParams, today: string): TxListState {
  return {
    page: parsePageParam(params.get("page"), MAX_PAGE),
    size: parseSizeParam(params.get("size")),
    types: parseTypes(params.get("type")),
    status: parseStatus(params.get("status")),
    range: parseRange(params.get("from"), params.get("to"), today),
  };
}

/** The URL query of a state, leaving out what is at its default so plain links stay plain. */
export function listStateToParams(state: TxListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULT_STATE.page) params.set("page", String(state.page));
  if (state.size !== DEFAULT_STATE.size) params.set("size", String(state.size));
  if (state.types.length > 0) params.set("type", state.types.join(","));
  if (state.status !== DEFAULT_STATE.status) params.set("status", state.status);
  if (state.range) {
    params.set("from", state.range.from);
    params.set("to", state.range.to);
  }
  return params;
}

/** The filter the API takes for this state (paging aside). */
export function toTxFilter(state: Pick<TxListState, "types" | "status" | "range">): TxFilter {
  const filter: TxFilter = { status: STATUS_QUERY[state.status] };
  if (state.types.length > 0) filter.types = state.types;
  if (state.range) filter.time = rangeToTime(state.range);
  return filter;
}

/** Whether a transaction just written (today) belongs to the list this state shows. */
export function listShows(state: Pick<TxListState, "types" | "status" | "range">, tx: { types: string[]; status: 0 | 1 }, today: string): boolean {
  if (state.types.length > 0 && !tx.types.some((type) => state.types.includes(type))) return false;
  if (state.status !== "all" && STATUS_QUERY[state.status] !== tx.status) return false;
  return state.range === null || state.range.to >= today;
}

export function totalPages(totalRecords: number, size: PageSize): number {
  return Math.max(1, Math.ceil(totalRecords / size));
}
