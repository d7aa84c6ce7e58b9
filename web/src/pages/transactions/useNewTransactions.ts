// How many transactions of the shown list were written since it was loaded: counted from the live stream, or, while the
// stream is not live, from the list's count polled every 5 s. The rows themselves stay put until the reader asks.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import type { TxFilter } from "../../api/types.ts";
import { useLiveUpdates } from "../../api/useLiveUpdates.ts";
import { LATEST_BLOCK_POLL_MS } from "../../api/poll.ts";
import { todayUtc } from "./day-range.ts";
import { listShows, type TxListState } from "./list-state.ts";
import { screenKeys } from "../../api/queries.ts";

export interface NewTransactions {
  count: number;
  /** Forgets the ones counted, once the list has been loaded again. */
  reset: () => void;
}

/** `shownTotal`: the count the shown list was loaded with; null until it is known. */
export function useNewTransactions(state: TxListState, filter: TxFilter, shownTotal: number | null): NewTransactions {
  const [counted, setCounted] = useState({ filter, n: 0 });
  // A new filter shows a new list: what was counted for the old one does not apply.
  const streamed = counted.filter === filter ? counted.n : 0;
  const live = useLiveUpdates({
    onTx: (tx) => {
      if (listShows(state, tx, todayUtc())) setCounted((old) => ({ filter, n: (old.filter === filter ? old.n : 0) + 1 }));
    },
  });
  const polled = useQuery({
    queryKey: screenKeys.transactionsCountPoll(filter),
    queryFn: ({ signal }) => api.transactionsCount(filter, signal),
    enabled: !live && shownTotal !== null,
    refetchInterval: LATEST_BLOCK_POLL_MS,
  });
  const polledNew = shownTotal === null || polled.data === undefined ? 0 : Math.max(0, polled.data.totalRecords - shownTotal);
  return { count: live ? streamed : polledNew, reset: () => setCounted({ filter, n: 0 }) };
}
