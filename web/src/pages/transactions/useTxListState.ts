// The list's state read from and written to the URL, so a filtered page can be shared and survives a reload.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_STATE, listStateToParams, parseListState, type TxListState } from "./list-state.ts";
import { todayUtc } from "./day-range.ts";

export interface TxListControls {
  state: TxListState;
  /** Changes filters or size and goes back to page 1 (SPEC.md §4). */
  refine: (change: Partial<Omit<TxListState, "page">>) => void;
  goToPage: (page: number, options?: { replace?: boolean }) => void;
  /** Every filter back to its default, on page 1; the page size stays. */
  clearFilters: () => void;
}

export function useTxListState(): TxListControls {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => parseListState(new URLSearchParams(query), todayUtc()), [query]);

  const write = useCallback((next: TxListState, replace = false) => setParams(listStateToParams(next), { replace }), [setParams]);
  const refine = useCallback((change: Partial<Omit<TxListState, "page">>) => write({ ...state, ...change, page: 1 }), [state, write]);
  const goToPage = useCallback((page: number, options: { replace?: boolean } = {}) => write({ ...state, page }, options.replace), [state, write]);
  const clearFilters = useCallback(() => write({ ...DEFAULT_STATE, size: state.size }), [state.size, write]);

  return { state, refine, goToPage, clearFilters };
}
