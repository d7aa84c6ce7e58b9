// An address screen kept current: its balance, its transaction count and first page of transactions are asked for again
// when the live stream names the address (once per block), and polled every 5 s while the stream is not live.
import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { listKeys, queries } from "../../api/queries.ts";
import type { TxFilter } from "../../api/types.ts";
import { useLiveUpdates } from "../../api/useLiveUpdates.ts";
import { LATEST_BLOCK_POLL_MS } from "../../api/poll.ts";
import { CARD_FIELDS } from "./useAccountInfo.ts";

/** The refetch interval of an address query: none while the stream is live. */
export const pollUnlessLive = (live: boolean) => (live ? false : LATEST_BLOCK_POLL_MS);

/** Refreshes the address's queries on its events; true while the stream is live. */
export function useAddressLive(address: string): boolean {
  const queryClient = useQueryClient();
  const lastHeight = useRef(0);
  return useLiveUpdates(
    {
      onTx: (tx) => {
        // A block is committed whole before it is announced: one refresh reads all of its transactions.
        if (tx.height === lastHeight.current) return;
        lastHeight.current = tx.height;
        void queryClient.invalidateQueries({ queryKey: queries.accountInfo(address, CARD_FIELDS).queryKey });
        void queryClient.invalidateQueries({ queryKey: queries.transactionsCount({ address }).queryKey });
        // Only the first page takes new rows on top; later pages keep theirs under the reader until paged.
        void queryClient.invalidateQueries({
          queryKey: listKeys.transactions,
          predicate: ({ queryKey }) => queryKey[3] === 1 && (queryKey[4] as TxFilter).address === address,
        });
      },
    },
    address,
  );
}
