// Page number and rows per page read from a URL query, with safe defaults for anything malformed.
import { PAGE_SIZES } from "../../../core/page-sizes.ts";
import { isPageSize, type PageSize } from "./RowsPerPage.tsx";

export const DEFAULT_PAGE_SIZE: PageSize = PAGE_SIZES[0];

/** A whole page number from 1 to `maxPage`; 1 for anything else. */
export function parsePageParam(text: string | null, maxPage: number): number {
  if (!text || !/^\d+$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= maxPage ? page : 1;
}

/** One of the offered page sizes; the default for anything else. */
export function parseSizeParam(text: string | null): PageSize {
  const size = Number(text);
  return text && /^\d+$/.test(text) && isPageSize(size) ? size : DEFAULT_PAGE_SIZE;
}
