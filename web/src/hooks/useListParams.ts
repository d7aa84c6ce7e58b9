// A paged list's page and rows per page as a hook over the URL: the parsed values and writers that keep the tab as it is.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { PageSize } from "../components/RowsPerPage.tsx";
import { parseListParams, withListParams, type ListParams } from "../components/list-params.ts";

export interface ListParamsControls {
  params: ListParams;
  /** `replace` for a step Back should not retrace (a page number corrected to the last one). */
  goToPage: (page: number, options?: { replace?: boolean }) => void;
  /** SPEC.md §4: another page size starts again at page 1. */
  setSize: (size: PageSize) => void;
}

export function useListParams(): ListParamsControls {
  const [query, setQuery] = useSearchParams();
  const text = query.toString();
  const params = useMemo(() => parseListParams(new URLSearchParams(text)), [text]);
  const write = useCallback(
    (change: Partial<ListParams>, replace = false) =>
      setQuery((previous) => withListParams(previous, { ...parseListParams(previous), ...change }), { replace, preventScrollReset: true }),
    [setQuery],
  );
  const goToPage = useCallback((page: number, options: { replace?: boolean } = {}) => write({ page }, options.replace), [write]);
  const setSize = useCallback((size: PageSize) => write({ size, page: 1 }), [write]);
  return { params, goToPage, setSize };
}
