// Which heights a page of the latest-blocks table shows, and how page 1 takes in new blocks (SPEC.md §2, §4).
import type { Block } from "../../api/types.ts";

export interface HeightRange {
  from: number;
  to: number;
}

/** Page `page` of `size` rows, newest first: latest-(page-1)*size down to max(1, latest-page*size+1); null past the end. */
export function pageRange(latest: number, page: number, size: number): HeightRange | null {
  const to = latest - (page - 1) * size;
  if (to < 1) return null;
  return { from: Math.max(1, to - size + 1), to };
}

export function totalPages(latest: number, size: number): number {
  return Math.max(1, Math.ceil(latest / size));
}

/** The heights page 1 lacks once `latest` is known (at most a page of them), or null when it is up to date. */
export function missingRange(rows: readonly { _id: number }[], latest: number, size: number): HeightRange | null {
  const top = rows[0]?._id ?? 0;
  if (latest <= top) return null;
  return { from: Math.max(1, top + 1, latest - size + 1), to: latest };
}

/** Page 1 after newer blocks arrived: they go on top, the oldest drop off, each height once, still `size` rows. */
export function prependBlocks<T extends { _id: number }>(rows: readonly T[], newer: readonly T[], size: number): T[] {
  const byHeight = new Map<number, T>();
  for (const block of [...newer, ...rows]) if (!byHeight.has(block._id)) byHeight.set(block._id, block);
  return [...byHeight.values()].sort((a, b) => b._id - a._id).slice(0, size);
}

/** A block as the table needs it; anything else in an answer is dropped rather than crashing a row. */
export function isBlock(value: unknown): value is Block {
  const block = value as Block;
  return (
    typeof block === "object" &&
    block !== null &&
    Number.isSafeInteger(block._id) &&
    typeof block.timestamp === "string" &&
    typeof block.proposer === "string" &&
    typeof block.txCnt === "number" &&
    typeof block.evtCnt === "number" &&
    typeof block.er === "number"
  );
}

export function blockList(value: unknown): Block[] {
  return Array.isArray(value) ? value.filter(isBlock) : [];
}
