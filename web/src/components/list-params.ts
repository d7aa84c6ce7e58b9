// A paged list's URL query (page and rows per page) beside whatever else the screen keeps there (its tab), parsed in
// one place with safe defaults for anything malformed.
import type { PageSize } from "./RowsPerPage.tsx";
import { DEFAULT_PAGE_SIZE, parsePageParam, parseSizeParam } from "./page-params.ts";

/** Far beyond any list of contracts, codes or transactions in pages of 10. */
const MAX_PAGE = 9_999_999;
export const LIST_PARAMS = ["page", "size"] as const;

export interface ListParams {
  page: number;
  size: PageSize;
}

export function parseListParams(query: URLSearchParams): ListParams {
  return { page: parsePageParam(query.get("page"), MAX_PAGE), size: parseSizeParam(query.get("size")) };
}

/** `query` with `params` written in; defaults are left out so a plain link stays plain. */
export function withListParams(query: URLSearchParams, params: ListParams): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const name of LIST_PARAMS) next.delete(name);
  if (params.page !== 1) next.set("page", String(params.page));
  if (params.size !== DEFAULT_PAGE_SIZE) next.set("size", String(params.size));
  return next;
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Where page `page` of `size` rows starts. */
export function pageOffset(params: ListParams): number {
  return (params.page - 1) * params.size;
}
