// The home page's URL query (?page=&size=), parsed in one place with safe defaults for anything malformed.
import type { PageSize } from "../../components/RowsPerPage.tsx";
import { DEFAULT_PAGE_SIZE, parsePageParam, parseSizeParam } from "../../components/page-params.ts";
/** Far beyond any chain's height in pages; keeps a hand-typed number from overflowing the range arithmetic. */
const MAX_PAGE = 1_000_000_000;

export interface HomeParams {
  page: number;
  size: PageSize;
}

export function parseHomeParams(query: URLSearchParams): HomeParams {
  return { page: parsePageParam(query.get("page"), MAX_PAGE), size: parseSizeParam(query.get("size")) };
}

/** The query for `params`, leaving out the defaults so the plain home address stays "/". */
export function homeQuery({ page, size }: HomeParams): URLSearchParams {
  const query = new URLSearchParams();
  if (page !== 1) query.set("page", String(page));
  if (size !== DEFAULT_PAGE_SIZE) query.set("size", String(size));
  return query;
}
