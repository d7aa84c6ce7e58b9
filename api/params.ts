// Turns validated request parameters into query filters, with the checks JSON schema cannot express.
import type { TxFilter } from "../db/queries/transactions.ts";
import { badRequest } from "./errors.ts";
import { requireAddress } from "./http.ts";

/** The highest block height a request may name. */
const MAX_HEIGHT = 1_000_000_000_000;

/** Longest block or consensus range one request may ask for (API.md). */
export const MAX_RANGE = 200;
/** Deepest offset a limit/offset list may be asked for. */
const MAX_OFFSET = 100_000_000;

/** An address the index lists activity for: an account, a contract or a validator. */
export function parseAddress(text: string): string {
  return requireAddress(text, ["account", "contract", "validator"], `Not an AXM address: ${text.slice(0, 100)}`);
}

export function parseTxFilter(query: { type?: string; status?: string; time?: string; address?: string }): TxFilter {
  return {
    types: query.type ? [...new Set(query.type.split(","))] : [],
    status: Number(query.status ?? 2) as 0 | 1 | 2,
    time: query.time ? parseTimeRange(query.time) : null,
    address: query.address ? parseAddress(query.address) : null,
  };
}

function parseTimeRange(text: string): { from: Date; to: Date } {
  const [from, to] = text.split("_").map(Number);
  if (from > to) throw badRequest("time: the start is after the end");
  if (to > 8_640_000_000_000) throw badRequest("time: out of range");
  return { from: new Date(from), to: new Date(to) };
}

/** "123" or "100-200" (inclusive, at most MAX_RANGE heights). */
export function parseHeightOrRange(text: string): { from: number; to: number; range: boolean } {
  const match = /^(\d{1,13})(?:-(\d{1,13}))?$/.exec(text);
  if (!match) throw badRequest("Expected a block height or a range from-to");
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (from < 1 || to > MAX_HEIGHT) throw badRequest("Height out of range");
  if (from > to) throw badRequest("Range start is after its end");
  if (to - from + 1 > MAX_RANGE) throw badRequest(`At most ${MAX_RANGE} heights per request`);
  return { from, to, range: match[2] !== undefined };
}

/** A limit/offset list's page: offset 0 and the list's default limit when not given. */
export function parseListPage(query: { limit?: string; offset?: string }, defaultLimit: number): { limit: number; offset: number } {
  const offset = Number(query.offset ?? 0);
  if (offset > MAX_OFFSET) throw badRequest(`offset: at most ${MAX_OFFSET}`);
  return { limit: Number(query.limit ?? defaultLimit), offset };
}

export function parseCodeId(text: string): number {
  if (!/^[1-9][0-9]{0,14}$/.test(text)) throw badRequest(`Not a code id: ${text.slice(0, 40)}`);
  return Number(text);
}

/** The page size and number of `:pageSize/:page`, which their shape (PageParams) has checked. */
export function pageOf(params: { pageSize: string; page: string }): { pageSize: number; page: number } {
  return { pageSize: Number(params.pageSize), page: Number(params.page) };
}
