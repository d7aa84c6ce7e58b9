// The home page's URL query (?page=&size=), parsed in one place with safe defaults for anything malformed.
import { PAGE_SIZES, isPageSize, type PageSize } from "../../components/RowsPerPage.tsx";

export const DEFAULT_PAGE_SIZE: PageSize = PAGE_SIZES[0];
/** Far beyond any chain's height in pages; keeps a hand-typed number from overflowing the range arithmetic. */
const MAX_PAGE = 1_000_000_000;

export interface HomeParams {
  page: number;
  size: PageSize;
}

export function parseHomeParams(query: URLSearchParams): HomeParams {
  const page = Number(query.get("page"));
  const size = Number(query.get("size"));
  return {
    page: /^\d+$/.test(query.get("page") ?? "") && page >= 1 && page <= MAX_PAGE ? page : 1,
    size: /^\d+$/.test(query.get("size") ?? "") && isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The query for `params`, leaving out the defaults so the plain home address stays "/". */
export function homeQuery({ page, size }: HomeParams): URLSearchParams {
  const query = new URLSearchParams();
  if (page !== 1) query.set("page", String(page));
  if (size !== DEFAULT_PAGE_SIZE) query.set("size", String(size));
  return query;
}
