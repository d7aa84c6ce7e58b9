// TanStack Query options for each client call the screens make: one typed key per call and its arguments, so screens
// share a cache entry for the same request and invalidate by the same key. (/config's is in site/app-config.ts, in the
// first-load chunk, which this module stays out of.)
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, DELEGATIONS_PAGE_SIZE } from "./client.ts";
import type { AccountInfoField, TeamFilter, TeamSort, TxFilter } from "./types.ts";

/** A token's name, symbol and decimals seldom change. */
const TOKEN_STALE_MS = 60_000;

/** Key prefixes of the lists whose every page or filter is invalidated at once. */
export const listKeys = {
  transactions: ["transactions", "list"] as const,
  transactionsCount: ["transactions", "count"] as const,
  team: (address: string) => ["address", "team", address] as const,
  teamCount: (address: string) => ["address", "team-count", address] as const,
};

/** Keys of the queries a screen composes itself (several calls, paging, its own shaping): one factory each, typed here. */
export const screenKeys = {
  latestBlocksHead: (size: number) => ["blocks", "head", size] as const,
  blockRange: (from: number | undefined, to: number | undefined) => ["blocks", "range", from, to] as const,
  transactionsCountPoll: (filter: TxFilter) => ["transactions", "count-poll", filter] as const,
  tokenBalances: (address: string) => ["token-balances", address] as const,
  operations: (address: string, types: readonly string[], lang: string) => ["operations", address, types, lang] as const,
  statusProgress: (address: string) => ["status-progress", address] as const,
  leaderSummary: (address: string, ownStatus: number) => ["leader-summary", address, ownStatus] as const,
  uptimeWindow: (consensusAddress: string) => ["uptime-window", consensusAddress] as const,
  contracts: ["contracts"] as const,
  codes: ["codes"] as const,
  codeContracts: (id: number) => ["code", id, "contracts"] as const,
};

export const queries = {
  stat: () => queryOptions({ queryKey: ["stat"], queryFn: ({ signal }) => api.stat(signal) }),
  messageTypes: () => queryOptions({ queryKey: ["transactions", "message-types"], queryFn: ({ signal }) => api.messageTypes(signal) }),
  latestBlock: () => queryOptions({ queryKey: ["blocks", "latest"], queryFn: ({ signal }) => api.latestBlock(signal) }),
  block: (height: number | string) => queryOptions({ queryKey: ["block", height], queryFn: ({ signal }) => api.block(height, signal) }),
  transactions: (pageSize: number, page: number, filter: TxFilter) =>
    queryOptions({ queryKey: [...listKeys.transactions, pageSize, page, filter], queryFn: ({ signal }) => api.transactions(pageSize, page, filter, signal) }),
  transactionsCount: (filter: TxFilter) =>
    queryOptions({ queryKey: [...listKeys.transactionsCount, filter], queryFn: ({ signal }) => api.transactionsCount(filter, signal) }),
  transaction: (hash: string) => queryOptions({ queryKey: ["transaction", hash], queryFn: ({ signal }) => api.transaction(hash, signal) }),
  validators: () => queryOptions({ queryKey: ["validators"], queryFn: ({ signal }) => api.validators(signal) }),
  delegations: (validator: string) =>
    infiniteQueryOptions({
      queryKey: ["delegations", validator],
      queryFn: ({ pageParam, signal }) => api.delegations(validator, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => (last.length < DELEGATIONS_PAGE_SIZE ? undefined : pages.length + 1),
    }),
  accountInfo: (address: string, fields: readonly AccountInfoField[]) =>
    queryOptions({ queryKey: ["account-info", address, fields.join(",")], queryFn: ({ signal }) => api.accountInfo(address, fields, signal) }),
  accountDelegations: (address: string) =>
    queryOptions({ queryKey: ["account-delegations", address], queryFn: ({ signal }) => api.accountDelegations(address, signal) }),
  teamCount: (address: string, filter: TeamFilter) =>
    queryOptions({ queryKey: [...listKeys.teamCount(address), filter], queryFn: ({ signal }) => api.teamCount(address, filter, signal) }),
  team: (address: string, pageSize: number, page: number, filter: TeamFilter, sort: TeamSort | null) =>
    queryOptions({
      queryKey: [...listKeys.team(address), pageSize, page, filter, sort],
      queryFn: ({ signal }) => api.team(address, pageSize, page, filter, sort ?? undefined, signal),
    }),
  addressEvents: (address: string, page: number) =>
    queryOptions({ queryKey: ["address", "events", address, page], queryFn: ({ signal }) => api.addressEvents(address, page, signal) }),
  addressEventsCount: (address: string) =>
    queryOptions({ queryKey: ["address", "events-count", address], queryFn: ({ signal }) => api.addressEventsCount(address, signal) }),
  operationTypes: () => queryOptions({ queryKey: ["operations", "types"], queryFn: ({ signal }) => api.operationTypes(signal), staleTime: Infinity }),
  code: (id: number) => queryOptions({ queryKey: ["code", id], queryFn: ({ signal }) => api.code(id, signal) }),
  contract: (address: string) => queryOptions({ queryKey: ["contract", address], queryFn: ({ signal }) => api.contract(address, signal) }),
  contractHistory: (address: string) =>
    infiniteQueryOptions({
      queryKey: ["contract", "history", address],
      queryFn: ({ pageParam, signal }) => api.contractHistory(address, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.pagination.next_key || undefined,
    }),
  contractState: (address: string) =>
    infiniteQueryOptions({
      queryKey: ["contract", "state", address],
      queryFn: ({ pageParam, signal }) => api.contractState(address, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.pagination.next_key || undefined,
    }),
  /** One cache entry per CW-20 token, shared by the Token screen, a contract's token link and a transaction's transfers. */
  token: (address: string) =>
    queryOptions({ queryKey: ["token", address], queryFn: ({ signal }) => api.cw20Token(address, signal), staleTime: TOKEN_STALE_MS }),
  tokenHolders: (address: string) =>
    infiniteQueryOptions({
      queryKey: ["token", "holders", address],
      queryFn: ({ pageParam, signal }) => api.tokenHolders(address, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  richList: () =>
    infiniteQueryOptions({
      queryKey: ["accounts", "rich"],
      queryFn: ({ pageParam, signal }) => api.richList(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  tokenInfo: (address: string) => queryOptions({ queryKey: ["token", "info", address], queryFn: ({ signal }) => api.tokenInfo(address, signal) }),
  tokenMarketing: (address: string) =>
    queryOptions({ queryKey: ["token", "marketing", address], queryFn: ({ signal }) => api.tokenMarketing(address, signal) }),
};
