// The governance calls of the web app (API.md "Governance" and api/README.md's two additions) and their TanStack Query
// options: the government, proposals and polls paged by cursor, an account's votes and answers, a transaction's proposal or poll.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ActivityPage, Government, PollDetail, PollPage, ProposalDetail, ProposalPage, TxGovernance } from "../../../shapes/governance.ts";
import { api } from "./client.ts";

export type {
  ActivityEntry,
  ActivityPage,
  Governor,
  Government,
  Poll,
  PollDetail,
  PollPage,
  Proposal,
  ProposalDetail,
  ProposalPage,
  TxGovernance,
} from "../../../shapes/governance.ts";

/** Proposals and polls come 10 a request, a poll's answers 50, an account's votes and answers 20. */
export const GOVERNANCE_PAGE_SIZE = 10;
export const ANSWERS_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_SIZE = 20;

const page = (limit: number, cursor: string | null) => `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

export const governanceApi = {
  government: (signal?: AbortSignal) => api.request<Government>("/governance/government", { signal }),
  proposals: (cursor: string | null, signal?: AbortSignal) =>
    api.request<ProposalPage>(`/governance/proposals${page(GOVERNANCE_PAGE_SIZE, cursor)}`, { signal }),
  proposal: (id: string, signal?: AbortSignal) => api.request<ProposalDetail>(`/governance/proposals/${encodeURIComponent(id)}`, { signal }),
  polls: (cursor: string | null, signal?: AbortSignal) => api.request<PollPage>(`/governance/polls${page(GOVERNANCE_PAGE_SIZE, cursor)}`, { signal }),
  poll: (id: string, cursor: string | null, signal?: AbortSignal) =>
    api.request<PollDetail>(`/governance/polls/${encodeURIComponent(id)}${page(ANSWERS_PAGE_SIZE, cursor)}`, { signal }),
  activity: (address: string, cursor: string | null, signal?: AbortSignal) =>
    api.request<ActivityPage>(`/governance/activity/${encodeURIComponent(address)}${page(ACTIVITY_PAGE_SIZE, cursor)}`, { signal }),
  transaction: (hash: string, signal?: AbortSignal) => api.request<TxGovernance>(`/governance/transactions/${encodeURIComponent(hash)}`, { signal }),
};

/** Governance moves with blocks: lists and the current proposal are asked again every block while a screen shows them. */
export const GOVERNANCE_REFRESH_MS = 5_000;

export const governanceQueries = {
  government: () => queryOptions({ queryKey: ["governance", "government"], queryFn: ({ signal }) => governanceApi.government(signal) }),
  proposals: () =>
    infiniteQueryOptions({
      queryKey: ["governance", "proposals"],
      queryFn: ({ pageParam, signal }) => governanceApi.proposals(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  proposal: (id: string) => queryOptions({ queryKey: ["governance", "proposal", id], queryFn: ({ signal }) => governanceApi.proposal(id, signal) }),
  polls: () =>
    infiniteQueryOptions({
      queryKey: ["governance", "polls"],
      queryFn: ({ pageParam, signal }) => governanceApi.polls(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  poll: (id: string) =>
    infiniteQueryOptions({
      queryKey: ["governance", "poll", id],
      queryFn: ({ pageParam, signal }) => governanceApi.poll(id, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  activity: (address: string) =>
    infiniteQueryOptions({
      queryKey: ["governance", "activity", address],
      queryFn: ({ pageParam, signal }) => governanceApi.activity(address, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  transaction: (hash: string) =>
    queryOptions({ queryKey: ["governance", "transaction", hash], queryFn: ({ signal }) => governanceApi.transaction(hash, signal), staleTime: Infinity }),
};
