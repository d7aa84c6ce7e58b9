// The screen's URL state as a hook: the parsed parameters and a writer that keeps the tab and the support view as they are.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { TAB_PARAM } from "../../components/Tabs.tsx";
import { addressQuery, parseAddressParams, type AddressParams } from "./address-params.ts";

export interface AddressParamsControls {
  params: AddressParams;
  /** Changes some parameters; `replace` for steps Back should not retrace (typing, a corrected page number). */
  write: (change: Partial<AddressParams>, options?: { replace?: boolean }) => void;
  /** A filter, sort or size change: back to page 1 (SPEC.md §4). */
  refine: (change: Partial<Omit<AddressParams, "page">>) => void;
}

export function useAddressParams(): AddressParamsControls {
  const [query, setQuery] = useSearchParams();
  const text = query.toString();
  const params = useMemo(() => parseAddressParams(new URLSearchParams(text)), [text]);
  const write = useCallback(
    (change: Partial<AddressParams>, options: { replace?: boolean } = {}) =>
      setQuery((previous) => addressQuery({ ...parseAddressParams(previous), ...change }, previous.get(TAB_PARAM)), {
        replace: options.replace,
        preventScrollReset: true,
      }),
    [setQuery],
  );
  const refine = useCallback((change: Partial<Omit<AddressParams, "page">>) => write({ ...change, page: 1 }), [write]);
  return { params, write, refine };
}
