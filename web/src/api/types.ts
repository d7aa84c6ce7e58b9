// Types of the web app: the API's answers are the shapes' (shapes/, type-only, so nothing reaches the bundle); the rest is the client's own.
export type { Coin, ErrorBody, TotalRecords } from "../../../shapes/common.ts";
export type { Block, BlockDetail, ChainStat, ConsensusEntry, ProposerValidator, SearchAnswer, Suggestion, SuggestionKind } from "../../../shapes/chain.ts";
export type { ChartAnswer, ChartPoint, ChartSeries, ChartUnit } from "../../../shapes/charts.ts";
export type { Attribute, ChainEvent, EventsPage, Tx, TxDetail, TxJson, TxMessage, TxPage } from "../../../shapes/transactions.ts";
export type { BondStatus, Delegation, Validator } from "../../../shapes/validators.ts";
export type {
  AccountDelegation,
  AccountDelegations,
  AccountInfo,
  AccountInfoField,
  KpiRatingEntry,
  LeaderBonus,
  LeaderBonusTable,
  RefInfo,
  Referral,
  StatusCriterion,
  StatusKpi,
  StatusProgress,
  StatusRuleName,
  TeamCount,
  TeamMember,
  TeamOrder,
  TeamPage,
  UnbondingEntry,
} from "../../../shapes/accounts.ts";
export type { Operation, OperationField, OperationTypes } from "../../../shapes/operations.ts";
export type { RichAccount, RichList } from "../../../shapes/rich-list.ts";
export type {
  Code,
  CodePage,
  ContractHistoryEntry,
  ContractHistoryPage,
  ContractInfoAnswer,
  ContractPage,
  ContractRow,
  ContractStateModel,
  ContractStatePage,
  AssetBalances,
  NodePagination,
  Token,
  TokenHolder,
  TokenHoldersPage,
  TokenLink,
  TokenListPage,
  TokenListRow,
  TokenMarketing,
  TxPosition,
} from "../../../shapes/contracts.ts";
export type {
  AppConfig,
  AuthChallenge,
  AuthMe,
  AuthProof,
  AuthToken,
  CountryLanguageAnswer,
  FaucetAnswer,
  MaintenanceChannels,
  MemoChallenge,
  MemoPollAnswer,
  Network,
  WalletChainInfo,
} from "../../../shapes/service.ts";
import type { TeamOrder } from "../../../shapes/accounts.ts";

/** Transaction list filters as API.md takes them. */
export interface TxFilter {
  /** Message type URLs; a transaction matches when any of its messages has one. */
  types?: string[];
  /** 0 success, 1 fail, 2 all (SPEC.md §7). */
  status?: 0 | 1 | 2;
  /** Inclusive UTC range in milliseconds. */
  time?: { from: number; to: number };
  address?: string;
}

/** Team filters (SPEC.md §5: passed through as query parameters); an absent one keeps everyone. */
export interface TeamFilter {
  /** Part of a nickname or an address, any case. */
  q?: string;
  /** 1..14. */
  level?: number;
  /** 1 Starter .. 7 Mega. */
  status?: number;
}

export interface TeamSort {
  order: TeamOrder;
  direction: "asc" | "desc";
}

export interface OperationsQuery {
  /** Types to keep; empty keeps all. */
  types: string[];
  /** Only operations strictly older than this moment (ms). */
  timeFrom: number;
  /** Language of titles and field labels. */
  lang: string;
}
