// The list's state read from and written to the URL, so a filtered page can be shared and survives a reload.
import { useCallback, useMemo, useState } from "react";
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

/** A state written but not yet in the URL, and the query it was written over. */
interface Pending {
  over: string;
  state: TxListState;
}

export function useTxListState(): TxListControls {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const parsed = useMemo(() => parseListState(new URLSearchParams(query), todayUtc()), [query]);
  // The router applies a new URL in a transition; until it does, checkboxes and radios must already show the
  // new state, or React puts back the old one and the click seems lost.
  const [pending, setPending] = useState<Pending | null>(null);
  const state = pending && pending.over === query ? pending.state : parsed;

  const write = useCallback(
    (next: TxListState, replace = false) => {
      setPending({ over: query, state: next });
      setParams(listStateToParams(next), { replace });
    },
    [query, setParams],
  );
  const refine = useCallback((change: Partial<Omit<TxListState, "page">>) => write({ ...state, ...change, page: 1 }), [state, write]);
  const goToPage = useCallback((page: number, options: { replace?: boolean } = {}) => write({ ...state, page }, options.replace), [state, write]);
  const clearFilters = useCallback(() => write({ ...DEFAULT_STATE, size: state.size }), [state.size, write]);

  return { state, refine, goToPage, clearFilters };
}
