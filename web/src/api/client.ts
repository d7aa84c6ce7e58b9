// The one typed client of API.md for the web app and its tests: paths, parameters, a 20 s timeout, the bearer token.
import type { AppConfig, AuthChallenge, AuthMe, AuthProof, AuthToken, Block, BlockDetail, ChainStat, ConsensusEntry, CountryLanguageAnswer, Delegation, FaucetAnswer, SearchAnswer, TxDetail, TxFilter, TxPage, Validator } from "./types.ts";

/** SPEC.md §9: a validator's delegations come 10 at a time. */
export const DELEGATIONS_PAGE_SIZE = 10;

/** SPEC.md §7: every call has a 20 second timeout. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const AUTH_TOKEN_KEY = "authToken";

/** An answer with an error status; `status` 0 for a timeout or a network failure. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  get isTimeout(): boolean {
    return this.code === "ECONNABORTED";
  }
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  token?: () => string | null;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly token: () => string | null;

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? "/api").replace(/\/$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.token = options.token ?? storedToken;
  }

  async request<T>(path: string, init: { method?: "GET" | "POST"; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    const token = this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal,
      });
    } catch (error) {
      if (timeout.aborted) throw new ApiRequestError(0, "ECONNABORTED", "Request timed out");
      throw error instanceof DOMException && error.name === "AbortError" ? error : new ApiRequestError(0, "network", String(error));
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const detail = body?.error ?? {};
      throw new ApiRequestError(response.status, detail.code ?? "http", detail.message ?? response.statusText);
    }
    return body as T;
  }

  config = (signal?: AbortSignal) => this.request<AppConfig>("/config", { signal });
  stat = (signal?: AbortSignal) => this.request<ChainStat>("/blockchain/stat", { signal });
  search = (query: string) => this.request<SearchAnswer>("/blockchain/search", { method: "POST", body: { query } });
  messageTypes = (signal?: AbortSignal) => this.request<string[]>("/blockchain/config/txfilter", { signal });
  latestBlock = (signal?: AbortSignal) => this.request<Block>("/blocks/latest", { signal });
  /** Blocks from..to inclusive, newest first (at most 200). */
  blocks = (from: number, to: number, signal?: AbortSignal) => this.request<Block[]>(`/blocks/${from}-${to}`, { signal });
  block = (height: number | string, signal?: AbortSignal) => this.request<BlockDetail>(`/blocks/${encodeURIComponent(String(height))}`, { signal });
  /** The signatures of the latest block whose commit is known (the head's arrive with the next block). */
  latestConsensus = (signal?: AbortSignal) => this.request<ConsensusEntry>("/consensus/latest", { signal });
  /** Consensus entries from..to inclusive (at most 200); with `validator` (a consensus address) each lists only that one. */
  consensus = (from: number, to: number, signal?: AbortSignal, validator?: string) =>
    this.request<ConsensusEntry[]>(`/consensus/${from}-${to}${validator ? `?validator=${encodeURIComponent(validator)}` : ""}`, { signal });
  validators = (signal?: AbortSignal) => this.request<Validator[]>("/validators/all", { signal });
  /** Page `page` (1-based) of a validator's delegations, biggest first. */
  delegations = (validator: string, page: number, signal?: AbortSignal) =>
    this.request<Delegation[]>(`/validators/delegations/${encodeURIComponent(validator)}/paginate/${DELEGATIONS_PAGE_SIZE}/${page}`, { signal });
  transactions = (pageSize: number, page: number, filter: TxFilter = {}, signal?: AbortSignal) =>
    this.request<TxPage>(`/transactions/paginate/${pageSize}/${page}${txFilterQuery(filter)}`, { signal });
  transactionsCount = (filter: TxFilter = {}, signal?: AbortSignal) =>
    this.request<{ totalRecords: number }>(`/transactions/paginate/records_count${txFilterQuery(filter)}`, { signal });
  transaction = (hash: string, signal?: AbortSignal) => this.request<TxDetail>(`/transactions/${encodeURIComponent(hash)}`, { signal });
  faucet = (address: string) => this.request<FaucetAnswer>("/faucet/request", { method: "POST", body: { address } });
  /** The language the visitor's country suggests. */
  countryLanguage = (signal?: AbortSignal) => this.request<CountryLanguageAnswer>("/language", { signal });
  authChallenge = (address: string) => this.request<AuthChallenge>("/auth/challenge", { method: "POST", body: { address } });
  authVerify = (proof: AuthProof) => this.request<AuthToken>("/auth/verify", { method: "POST", body: proof });
  /** Who the stored token signs in; a 401 when it is no longer valid. */
  authMe = (signal?: AbortSignal) => this.request<AuthMe>("/auth/me", { signal });
}

/** The query string of API.md's transaction filters ("" when none is set). */
export function txFilterQuery(filter: TxFilter): string {
  const params = new URLSearchParams();
  if (filter.types && filter.types.length > 0) params.set("type", filter.types.join(","));
  if (filter.status !== undefined) params.set("status", String(filter.status));
  if (filter.time) params.set("time", `${filter.time.from}_${filter.time.to}`);
  if (filter.address) params.set("address", filter.address);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const api = new ApiClient();
