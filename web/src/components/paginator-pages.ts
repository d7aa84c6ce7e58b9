// Which page buttons the paginator shows: a window of numbered pages around the current one, and jumps past it.
export const PAGE_WINDOW = 2;
/** How many pages the "…" buttons jump (SPEC.md §4: jump by an offset, within limits). */
export const JUMP_OFFSET = 5;

export type PaginatorItem = { kind: "page"; page: number; current: boolean } | { kind: "jump"; page: number; direction: "back" | "forward" };

export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, totalPages));
}

/** Page 1, the window around `page`, the last page, and a jump between them where pages are skipped. */
export function paginatorItems(page: number, totalPages: number): PaginatorItem[] {
  const total = Math.max(1, totalPages);
  const current = clampPage(page, total);
  const from = Math.max(1, current - PAGE_WINDOW);
  const to = Math.min(total, current + PAGE_WINDOW);
  const items: PaginatorItem[] = [];
  if (from > 1) items.push({ kind: "page", page: 1, current: false });
  if (from > 2) items.push({ kind: "jump", page: Math.max(1, current - JUMP_OFFSET), direction: "back" });
  for (let n = from; n <= to; n++) items.push({ kind: "page", page: n, current: n === current });
  if (to < total - 1) items.push({ kind: "jump", page: Math.min(total, current + JUMP_OFFSET), direction: "forward" });
  if (to < total) items.push({ kind: "page", page: total, current: false });
  return items;
}
