// The latest-blocks table's data: the latest block, asked for again on every block of the live stream (polled every 5 s
// while the stream is not live); page 1 follows it (new blocks on top, the oldest dropped), other pages stay on the
// heights they showed when opened.
import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { useLiveUpdates } from "../../api/useLiveUpdates.ts";
import type { Block } from "../../api/types.ts";
import { LATEST_BLOCK_POLL_MS } from "../../api/poll.ts";
import { blockList, isBlock, missingRange, pageRange, prependBlocks, totalPages } from "./blocks-window.ts";
import { queries, screenKeys } from "../../api/queries.ts";

const LATEST_KEY = queries.latestBlock().queryKey;
const headKey = screenKeys.latestBlocksHead;

export interface LatestBlocks {
  /** The page shown: the one asked for, brought within the pages that exist. */
  page: number;
  totalPages: number | null;
  /** Undefined until they arrive. */
  rows: Block[] | undefined;
  failed: boolean;
}

/** The height a page > 1 counts down from, fixed when that page (or its size) was opened. */
interface Anchor {
  page: number;
  size: number;
  height: number;
}

export function useLatestBlocks(requestedPage: number, size: number): LatestBlocks {
  const queryClient = useQueryClient();
  const live = useLiveUpdates({ onBlock: () => void queryClient.invalidateQueries({ queryKey: LATEST_KEY }) });
  const latest = useQuery({
    queryKey: LATEST_KEY,
    queryFn: async ({ signal }) => {
      const block = await api.latestBlock(signal);
      if (!isBlock(block)) throw new Error("The latest block answer is malformed");
      return block;
    },
    refetchInterval: live ? false : LATEST_BLOCK_POLL_MS,
  });
  const latestBlock = latest.data;
  const pages = latestBlock ? totalPages(latestBlock._id, size) : null;
  const page = pages === null ? requestedPage : Math.min(requestedPage, pages);

  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const anchored = anchor !== null && anchor.page === page && anchor.size === size;
  if (latestBlock && page > 1 && !anchored) setAnchor({ page, size, height: latestBlock._id });
  const height = page > 1 && anchored ? anchor.height : latestBlock?._id;

  const head = useQuery({
    queryKey: headKey(size),
    enabled: page === 1 && latestBlock !== undefined,
    queryFn: ({ signal }) => {
      const top = queryClient.getQueryData<Block>(LATEST_KEY)?._id ?? 1;
      const range = pageRange(top, 1, size)!;
      return api.blocks(range.from, range.to, signal).then(blockList);
    },
  });

  useEffect(() => {
    if (page !== 1 || !latestBlock) return;
    const rows = queryClient.getQueryData<Block[]>(headKey(size));
    const missing = rows && missingRange(rows, latestBlock._id, size);
    if (!missing) return;
    const addNewer = (newer: Block[]) => queryClient.setQueryData<Block[]>(headKey(size), (old) => prependBlocks(old ?? [], newer, size));
    if (missing.from === latestBlock._id) {
      addNewer([latestBlock]);
      return;
    }
    const controller = new AbortController();
    api
      .blocks(missing.from, missing.to, controller.signal)
      .then((blocks) => addNewer(blockList(blocks)))
      // SPEC.md §8: logged only; the next poll asks for the missing heights again.
      .catch((error: unknown) => controller.signal.aborted || console.warn(error));
    return () => controller.abort();
  }, [latestBlock, page, size, head.dataUpdatedAt, queryClient]);

  const range = height === undefined ? null : pageRange(height, page, size);
  const older = useQuery({
    queryKey: screenKeys.blockRange(range?.from, range?.to),
    enabled: page > 1 && range !== null,
    queryFn: ({ signal }) => api.blocks(range!.from, range!.to, signal).then(blockList),
    // Blocks below the top never change.
    staleTime: Infinity,
  });

  const current = page === 1 ? head : older;
  return {
    page,
    totalPages: pages === null ? null : page > 1 && anchored ? totalPages(anchor.height, size) : pages,
    rows: current.data,
    failed: latest.isError && !latestBlock ? true : current.isError && !current.data,
  };
}
