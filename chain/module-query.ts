// Module queries over abci_query: one answer decoded (or refused by the node), and every page of a list query.
import { toHex } from "@cosmjs/encoding";
import type { PageRequest, PageResponse } from "cosmjs-types/cosmos/base/query/v1beta1/pagination";
import { QueryRefusedError, RpcFormatError } from "./errors.ts";
import type { RpcClient } from "./rpc.ts";

/** Entries asked for per page of a list query. */
const PAGE_LIMIT = 1000n;

/** The query `path` at `height`, decoded; a refusal (answer code ≠ 0) is the node's, and asking again will not help. */
export async function askModule<T>(rpc: RpcClient, height: number, path: string, request: Uint8Array, decode: (bytes: Uint8Array) => T): Promise<T> {
  const answer = await rpc.abciQuery(path, request, height);
  if (answer.code !== 0) throw new QueryRefusedError(path, answer.code, answer.log);
  try {
    return decode(answer.value);
  } catch (error) {
    throw new RpcFormatError(`${path}: the answer is not its protobuf response (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Every item of a list query, page after page along `pagination.key`; a key that repeats is a malformed answer. */
export async function allPages<T>(page: (pagination: PageRequest) => Promise<{ items: T[]; pagination?: PageResponse }>, what: string): Promise<T[]> {
  const all: T[] = [];
  let key: Uint8Array = new Uint8Array();
  for (;;) {
    const answer = await page({ key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: PAGE_LIMIT, countTotal: false, reverse: false });
    all.push(...answer.items);
    const next = answer.pagination?.nextKey ?? new Uint8Array();
    if (next.length === 0) return all;
    if (toHex(next) === toHex(key)) throw new RpcFormatError(`${what}: the next page key repeats the last one`);
    key = next;
  }
}
