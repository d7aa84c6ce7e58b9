// The one typed client of API.md for the web app and its tests: paths, parameters, a 20 s timeout, the bearer token.
import type {
  AccountDelegations,
  AccountInfo,
  AccountInfoField,
  AppConfig,
  AuthChallenge,
  AuthMe,
  AuthProof,
  AuthToken,
  MemoChallenge,
  MemoPollAnswer,
  AssetBalances,
  Block,
  BlockDetail,
  ErrorBody,
  EventsPage,
  Code,
  CodePage,
  ContractHistoryPage,
  ContractInfoAnswer,
  ContractPage,
  ContractStatePage,
  ChainStat,
  ConsensusEntry,
  CountryLanguageAnswer,
  Delegation,
  FaucetAnswer,
  LeaderBonusTable,
  Operation,
  OperationTypes,
  OperationsQuery,
  RichList,
  SearchAnswer,
  StatusKpi,
  Suggestion,
  StatusProgress,
  TeamCount,
  TeamFilter,
  TeamPage,
  TeamSort,
  Token,
  TotalRecords,
  TokenHoldersPage,
  TokenListPage,
  TxDetail,
  TxFilter,
  TxPage,
  Validator,
} from "./types.ts";

/** SPEC.md §9: a validator's delegations come 10 at a time. */
export const DELEGATIONS_PAGE_SIZE = 10;

/** SPEC.md §9: an address's events come 30 a page, its operations 20 a load. */
export const EVENTS_PAGE_SIZE = 30;
export const OPERATIONS_PER_LOAD = 20;

/** SPEC.md §9: a contract's history and state come 10 entries a request, a token's holders 10 a request. */
export const CONTRACT_ENTRIES_PER_REQUEST = 10;
export const HOLDERS_PER_REQUEST = 10;

/** The rich list comes 25 accounts a request. */
export const RICH_PER_REQUEST = 25;

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
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const detail: Partial<ErrorBody["error"]> = (body as Partial<ErrorBody> | null)?.error ?? {};
      throw new ApiRequestError(response.status, detail.code ?? "http", detail.message ?? response.statusText);
    }
    // The answer is T's shape: the API serialises it from that shape, and test/api-shapes.test.ts checks it does.
    return body as T;
  }

  config = (signal?: AbortSignal) => this.request<AppConfig>("/config", { signal });
  stat = (signal?: AbortSignal) => this.request<ChainStat>("/blockchain/stat", { signal });
  search = (query: string) => this.request<SearchAnswer>("/blockchain/search", { method: "POST", body: { query } });
  /** Up to 8 hits for the text typed so far, each with its kind. */
  suggest = (query: string, signal?: AbortSignal) => this.request<Suggestion[]>(`/blockchain/search/suggest?q=${encodeURIComponent(query)}`, { signal });
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
    this.request<TotalRecords>(`/transactions/paginate/records_count${txFilterQuery(filter)}`, { signal });
  transaction = (hash: string, signal?: AbortSignal) => this.request<TxDetail>(`/transactions/${encodeURIComponent(hash)}`, { signal });
  faucet = (address: string) => this.request<FaucetAnswer>("/faucet/request", { method: "POST", body: { address } });
  /** The language the visitor's country suggests. */
  countryLanguage = (signal?: AbortSignal) => this.request<CountryLanguageAnswer>("/language", { signal });
  authChallenge = (address: string) => this.request<AuthChallenge>("/auth/challenge", { method: "POST", body: { address } });
  authVerify = (proof: AuthProof) => this.request<AuthToken>("/auth/verify", { method: "POST", body: proof });
  /** Who the stored token signs in; a 401 when it is no longer valid. */
  authMe = (signal?: AbortSignal) => this.request<AuthMe>("/auth/me", { signal });
  /** A one-time code for the address's wallet to send as the memo of a transfer to itself (sign-in by deep link or QR). */
  authMemoChallenge = (address: string) => this.request<MemoChallenge>("/auth/memo-challenge", { method: "POST", body: { address } });
  /** Whether the code's transfer is indexed yet: pending, or the token (once). */
  authMemoPoll = (secret: string, signal?: AbortSignal) => this.request<MemoPollAnswer>("/auth/memo-poll", { method: "POST", body: { secret }, signal });
  /** An account's balances and partnership record: only `fields` are in the answer. */
  accountInfo = (address: string, fields: readonly AccountInfoField[], signal?: AbortSignal) =>
    this.request<AccountInfo>(`/accounts/info/${encodeURIComponent(address)}?fields=${fields.join(",")}`, { signal });
  /** The account's delegations, one per validator, each with the rewards claiming it pays now. */
  accountDelegations = (address: string, signal?: AbortSignal) =>
    this.request<AccountDelegations>(`/accounts/delegations/${encodeURIComponent(address)}`, { signal });
  /** How many team members the filters keep. */
  teamCount = (address: string, filter: TeamFilter = {}, signal?: AbortSignal) =>
    this.request<TeamCount>(`/accounts/team/${encodeURIComponent(address)}/paginate/records_count${teamQuery(filter)}`, { signal });
  team = (address: string, pageSize: number, page: number, filter: TeamFilter = {}, sort?: TeamSort, signal?: AbortSignal) =>
    this.request<TeamPage>(`/accounts/team/${encodeURIComponent(address)}/paginate/${pageSize}/${page}${teamQuery(filter, sort)}`, { signal });
  /** How many events name the address. */
  addressEventsCount = (address: string, signal?: AbortSignal) =>
    this.request<TotalRecords>(`/events/paginate/records_count?address=${encodeURIComponent(address)}`, { signal });
  /** Page `page` (1-based) of the events naming the address, newest first. */
  addressEvents = (address: string, page: number, signal?: AbortSignal) =>
    this.request<EventsPage>(`/events/paginate/${EVENTS_PAGE_SIZE}/${page}?address=${encodeURIComponent(address)}`, { signal });
  operationTypes = (signal?: AbortSignal) => this.request<OperationTypes>("/blockchain/config/opfilter", { signal });
  /** Up to 20 operations of the address older than `timeFrom` (more when the last ones share a time), newest first. */
  operations = (address: string, query: OperationsQuery, signal?: AbortSignal) =>
    this.request<Operation[]>(`/operations/${encodeURIComponent(address)}?${operationsQuery(query)}`, { signal });
  /** Each status's criteria with the account's actual values. */
  statusProgress = (address: string, signal?: AbortSignal) =>
    this.request<StatusProgress>(`/accounts/status-progress-full/${encodeURIComponent(address)}`, { signal });
  /** The weekly KPI targets, the account's new delegations and the top-influence rating. */
  statusKpi = (address: string, signal?: AbortSignal) => this.request<StatusKpi>(`/accounts/status-kpi-full/${encodeURIComponent(address)}`, { signal });
  leaderBonus = (signal?: AbortSignal) => this.request<LeaderBonusTable>("/promo/leader_bonus/v2", { signal });
  /** `limit` contracts from `offset`, with the total. */
  contracts = (limit: number, offset: number, signal?: AbortSignal) => this.request<ContractPage>(`/contracts?${listQuery(limit, offset)}`, { signal });
  codes = (limit: number, offset: number, signal?: AbortSignal) => this.request<CodePage>(`/codes?${listQuery(limit, offset)}`, { signal });
  code = (id: number, signal?: AbortSignal) => this.request<Code>(`/codes/${id}`, { signal });
  codeContracts = (id: number, limit: number, offset: number, signal?: AbortSignal) =>
    this.request<ContractPage>(`/codes/${id}/contracts?${listQuery(limit, offset)}`, { signal });
  contract = (address: string, signal?: AbortSignal) =>
    this.request<ContractInfoAnswer>(`/cosmwasm/wasm/v1/contract/${encodeURIComponent(address)}`, { signal });
  /** 10 history entries from the node's `key` (null for the first ones). */
  contractHistory = (address: string, key: string | null, signal?: AbortSignal) =>
    this.request<ContractHistoryPage>(`/cosmwasm/wasm/v1/contract/${encodeURIComponent(address)}/history?${nodePageQuery(key)}`, { signal });
  /** 10 storage keys from the node's `key` (null for the first ones). */
  contractState = (address: string, key: string | null, signal?: AbortSignal) =>
    this.request<ContractStatePage>(`/cosmwasm/wasm/v1/contract/${encodeURIComponent(address)}/state?${nodePageQuery(key)}`, { signal });
  tokens = (cursor: string | null, signal?: AbortSignal) =>
    this.request<TokenListPage>(`/cw20/tokens${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, { signal });
  cw20Token = (address: string, signal?: AbortSignal) => this.request<Token>(`/cw20/token/${encodeURIComponent(address)}`, { signal });
  /** 10 holders, biggest first, from `cursor` (null for the first ones). */
  tokenHolders = (address: string, cursor: string | null, signal?: AbortSignal) =>
    this.request<TokenHoldersPage>(
      `/cw20/${encodeURIComponent(address)}/holders?limit=${HOLDERS_PER_REQUEST}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { signal },
    );
  /** 25 accounts by total balance, biggest first, from `cursor` (null for the first ones). */
  richList = (cursor: string | null, signal?: AbortSignal) =>
    this.request<RichList>(`/accounts/rich?limit=${RICH_PER_REQUEST}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { signal });
  /** The CW-20 `marketing_info` answer. */
  tokenMarketing = (address: string, signal?: AbortSignal) => this.request<unknown>(`/cw20/${encodeURIComponent(address)}/marketing`, { signal });
  /** The CW-20 `token_info` answer. */
  tokenInfo = (address: string, signal?: AbortSignal) => this.request<unknown>(`/cw20/${encodeURIComponent(address)}/info`, { signal });
  /** The address's balance in each of `contracts` (raw integers). */
  assetBalances = (address: string, contracts: readonly string[], signal?: AbortSignal) =>
    this.request<AssetBalances>(`/multichain/assets/balances/${encodeURIComponent(address)}?contracts=${contracts.map(encodeURIComponent).join(",")}`, {
      signal,
    });
}

/** SPEC.md §7: lists ask for their total; the offset is left out on the first page. */
export function listQuery(limit: number, offset: number): string {
  return `total=true&limit=${limit}${offset > 0 ? `&offset=${offset}` : ""}`;
}

function nodePageQuery(key: string | null): string {
  const params = new URLSearchParams({ "pagination.limit": String(CONTRACT_ENTRIES_PER_REQUEST) });
  if (key) params.set("pagination.key", key);
  return params.toString();
}

/** The query string of the team filters and order ("" when none is set). */
export function teamQuery(filter: TeamFilter, sort?: TeamSort): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.level !== undefined) params.set("level", String(filter.level));
  if (filter.status !== undefined) params.set("status", String(filter.status));
  if (sort) {
    params.set("order", sort.order);
    params.set("direction", sort.direction);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

function operationsQuery(query: OperationsQuery): string {
  const params = new URLSearchParams();
  if (query.types.length > 0) params.set("type", query.types.join(","));
  params.set("timeFrom", String(query.timeFrom));
  params.set("perPage", String(OPERATIONS_PER_LOAD));
  params.set("lang", query.lang);
  return params.toString();
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
