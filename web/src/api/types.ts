// Response shapes of API.md that the web app reads; field names are SPEC.md §3's.
export interface Coin {
  denom: string;
  amount: string;
}

export interface ProposerValidator {
  address: string;
  name: string;
  logoUrl: string | null;
}

export interface Block {
  _id: number;
  hash: string;
  chainId: string;
  proposer: string;
  consensusAddress: string;
  proposerValidator: ProposerValidator | null;
  timestamp: string;
  txCnt: number;
  evtCnt: number;
  er: number;
}

export interface BlockDetail extends Block {
  txs: Tx[];
  evts: ChainEvent[];
}

export interface Attribute {
  key: string;
  value: string;
}

export interface ChainEvent {
  type: string;
  attributes: Attribute[];
  blockId: number;
  timestamp: string;
  txHash: string | null;
  related: string[];
}

export interface Tx {
  _id: string;
  blockId: number;
  index: number;
  /** Null when the node gave no result for the transaction: neither success nor failure is known. */
  code: number | null;
  codespace: string;
  /** The node's log: why a failed transaction failed; empty for a success. */
  log: string;
  /** The bytes are not a Cosmos transaction: no messages, fee or signers. */
  undecodable: boolean;
  type: string[];
  timestamp: string;
  gasUsed: string;
  gasWanted: string;
  fee: Coin[];
  chainId: string;
  memo: string;
}

export interface TxMessage {
  "@type": string;
  [field: string]: unknown;
}

export interface TxDetail extends Tx {
  tx: { body: { messages: TxMessage[]; memo: string } };
  evts: ChainEvent[];
  /** An undecodable transaction's bytes (base64) and the decoder's reason. */
  raw?: string;
  decodeError?: string;
}

export interface TxPage {
  data: Tx[];
  page: number;
}

export interface ChainStat {
  totalSupply: string;
  maximalSupply: string;
  delegatedSupply: string;
  burnedTotal: string;
  burnedToday: string;
  registrations: number;
  registeredToday: number;
  eventsTotal: number;
  eventsPerSecond: number;
  txsTotal: number;
  txsPerSecond: number;
  blocksPerSecond: number;
  blockTime: number;
  mempool: { n_txs: number };
  /** The index's first height when it started in mid-chain: totals count from there; null from genesis. */
  countedFrom: number | null;
}

/** SPEC.md §4: BONDED is an active validator; the other two are not in the active set. */
export type BondStatus = "BOND_STATUS_BONDED" | "BOND_STATUS_UNBONDING" | "BOND_STATUS_UNBONDED";

export interface Validator {
  /** The moniker. */
  name: string;
  /** The validator's description, else its moniker. */
  fullName: string;
  /** The operator address, axmvaloper1…: the validator's id in URLs. */
  bech32Address: string;
  /** The same key as a user address, axm1…. */
  address: string;
  /** axmvalcons1…, as a block's proposer and a consensus entry's signers are written. */
  consensusAddress: string;
  logoUrl: string | null;
  status: BondStatus;
  /** False when jailed. */
  isActive: boolean;
  /** Percent: 5 is 5 %. */
  /** Percent; null when the chain has no such figure (the real chain keeps no transaction fee per validator). */
  delegationFee: number | null;
  txFee: number | null;
  /** Micro units. */
  locked: string;
  /** Percent of the total bonded power, unrounded; 0 when not bonded. */
  votingPower: number;
  okBlocksSinceStart: number;
  blocksSinceStart: number;
  totalProposed: number;
  siteUrl: string;
  securityContact: string;
}

/** One delegator of a validator; SPEC.md §3: the first coin carries the amount. */
export interface Delegation {
  address: string;
  amount: Coin[];
}

export interface ConsensusEntry {
  _id: number;
  /** Null for the commit of the height before the index's start, whose block is not indexed. */
  proposer: string | null;
  validators: string[];
}

export type SearchAnswer =
  | { type: "block"; data: { _id: number } }
  | { type: "tx"; data: { _id: string } }
  | { type: "account"; data: { account: { address: string } } }
  | { type: "validator"; data: { address: string } }
  | { type: "contract"; data: { address: string } }
  | { type: "unknown"; data: null };

export interface Network {
  name: string;
  url: string | null;
  apiBase: string | null;
  available: boolean;
}

/** Where the maintenance notice sends visitors for news: a messenger channel per language. */
export interface MaintenanceChannels {
  en: string;
  ru: string;
  de: string;
}

export interface AppConfig {
  chainId: string | null;
  networks: Network[];
  maintenance: boolean;
  /** Host names of the product's own domains (each with its www. and dev. variants). */
  allowedHosts: string[];
  /** The web analytics counter's id; empty when there is none. */
  analyticsId: string;
  /** Origin the analytics counter's script loads from. */
  analyticsOrigin: string;
  faucetEnabled: boolean;
  maintenanceChannels: MaintenanceChannels;
  /** The partnership programme's root account (registered without a referrer); absent or null while none is indexed. */
  /** The programme's top-level accounts (the chain genesis's top_level_accounts), which have no referrer. */
  referralRoots?: string[];
}

/** POST /faucet/request: false when the address or this client was already paid in the last 24 h. */
export interface FaucetAnswer {
  sended: boolean;
}

/** GET /language: the language the visitor's country suggests. */
export interface CountryLanguageAnswer {
  language: string;
  country: string | null;
}

export interface AuthChallenge {
  /** The text the wallet signs (ADR-036). */
  challenge: string;
  expiresAt: string;
}

/** What POST /auth/verify takes: the challenge and the wallet's signature of it, both keys in base64. */
export interface AuthProof {
  address: string;
  challenge: string;
  /** 33-byte compressed secp256k1 public key. */
  pubkey: string;
  /** 64-byte signature. */
  signature: string;
}

export interface AuthToken {
  token: string;
  address: string;
  expiresAt: string;
}

/** GET /auth/me: who the bearer token signs in. */
export interface AuthMe {
  address: string;
  expiresAt: string;
  /** The signed-in account has unexpired Premium. */
  premium: boolean;
  premiumExp: string | null;
}

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

/** The parts of an account's info GET /accounts/info/{address}?fields= can ask for. */
export type AccountInfoField = "balance" | "claimable" | "unbounding" | "referral" | "ref_info" | "claimed_total";

/** An account's partnership record (SPEC.md §3); an unregistered account has status 0 and no referrer. */
export interface Referral {
  _id: string;
  name: string | null;
  /** Avatar or exchange logo; null for none. */
  img: string | null;
  /** The messenger handle: only a signed-in Premium visitor receives it, null otherwise. */
  telegram: string | null;
  /** 0 No Status .. 7 Mega. */
  status: number;
  referrer: string | null;
  teamSize: number;
  teamSizeDaily: number;
  /** uaxm, as are the other team and reward figures. */
  teamBalance: string;
  teamDelegated: string;
  teamUndelegating: string;
  totalRewards: string;
  /** Partner rewards received in uret (RET). */
  totalRewardsRet: string;
  confirmed_account: boolean;
  premium: boolean;
  premiumExp: string | null;
}

export interface RefInfo {
  self_delegated: string;
  team_delegated: string;
  status_downgrade_at: string | null;
}

export interface UnbondingEntry {
  /** uaxm. */
  balance: string;
  completion_time: string;
}

/** GET /accounts/info/{address}: only the fields asked for are present. */
export interface AccountInfo {
  /** uaxm available, uaxmd delegated. */
  balance?: Coin[];
  claimable?: { total: { amount: string }[] };
  unbounding?: UnbondingEntry[];
  /** Staking rewards withdrawn so far, uaxm. */
  claimedTotal?: string;
  /** Partner rewards received so far, uaxm. */
  referralClaimedTotal?: string;
  refInfo?: RefInfo;
  referral?: Referral;
}

/** A member of an account's team (API.md TeamMember); `level` counts from the viewed address, 1 the first line. */
export interface TeamMember {
  _id: string;
  name: string | null;
  img: string | null;
  /** -1 may come from older records: it means no status (SPEC.md §3). */
  status: number;
  level: number;
  delegated: string;
  unbonding: string;
  teamSize: number;
  teamSizeDaily: number;
  activeTeam: number;
  referrer: string | null;
  premium: boolean;
  telegram: string | null;
}

export interface TeamPage {
  data: TeamMember[];
  /** Nicknames of the referrers on the page, by address. */
  names: Record<string, string>;
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

export type TeamOrder = "status" | "level" | "delegated" | "unbonding" | "teamSize";

export interface TeamSort {
  order: TeamOrder;
  direction: "asc" | "desc";
}

/** One line of an operation's details: label, value, type number (2 an amount in uaxm), note. */
export interface OperationField {
  l: string;
  v: string;
  t: number;
  n: string | null;
}

/** GET /operations/{address}: one change to an account, in the language asked for. */
export interface Operation {
  type: string;
  title: string;
  /** Micro units of `denom`. */
  amount: string;
  /** uaxm, or uret for a partner reward paid in RET (the referral module's uret_mode). */
  denom: string;
  /** +1 in, -1 out. */
  s: number;
  /** A colour name for the amount. */
  c: string;
  time: string;
  error: string | null;
  fields: OperationField[];
  txHash: string | null;
}

/** GET /blockchain/config/opfilter: each operation type's label in the seven languages. */
export type OperationTypes = Record<string, Record<string, string>>;

export interface OperationsQuery {
  /** Types to keep; empty keeps all. */
  types: string[];
  /** Only operations strictly older than this moment (ms). */
  timeFrom: number;
  /** Language of titles and field labels. */
  lang: string;
}

/** The status rules GET /accounts/status-progress-full names (CHAIN.md). */
export type StatusRuleName = "RULE_SELF_STAKE" | "RULE_N_COINS_IN_STRUCTURE" | "RULE_N_REFERRALS_WITH_X_REFERRALS_EACH" | "RULE_N_TEAMS_OF_X_PEOPLE_EACH";

/** One condition of a status: self stake in uaxm, team coins in whole AXM, people as counts; actual capped at the target. */
export interface StatusCriterion {
  rule: StatusRuleName;
  actual_value: string;
  target_value: string;
  /** X of "N referrals with X referrals each" and "N teams of X people each"; 0 for the others. */
  parameter_x: number;
}

/** GET /accounts/status-progress-full/{address}: each status "1" .. "7" with its criteria. */
export type StatusProgress = Record<string, StatusCriterion[]>;

/** One account of the top-influence rating: its new delegations this week (uaxm) under the largest-branch rule. */
export interface KpiRatingEntry {
  _id: string;
  name: string | null;
  img: string | null;
  premium: boolean;
  status: number;
  lbDelegated: string;
}

/** GET /accounts/status-kpi-full/{address}. */
export interface StatusKpi {
  /** New delegations (uaxm) each status "2" .. "7" needs this week. */
  kpi: Record<string, string>;
  /** The account's new delegations (uaxm) and the highest status whose KPI they complete (0 none). */
  completed: { amount: string; cards: number };
  rating: KpiRatingEntry[];
  nextPayoutAt: string;
}

/** One status's line of the leader bonus table. */
export interface LeaderBonus {
  status: number;
  /** Percent of the weekly pool. */
  share: number;
  usersCount: number;
  /** uaxm one leader of this level gets, its shares of the levels below included; null while the pool is unknown. */
  amountForOneWithOtherLevels: string | null;
}

/** GET /promo/leader_bonus/v2. */
export interface LeaderBonusTable {
  bonuses: LeaderBonus[];
  /** uaxm paid out this week; null when the explorer is not told the programme's weekly amount (the chain pays none). */
  pool: string | null;
  nextPayoutAt: string;
}

/** A contract as the lists give it (GET /contracts, GET /codes/{id}/contracts). */
export interface ContractRow {
  label: string;
  address: string;
  creator: string;
  /** The code id. */
  code: number;
  initialBlock: number;
  executes: number;
}

/** A page of a limit/offset list with the total of the whole list. */
export interface ContractPage {
  contracts: ContractRow[];
  pagination: { total: number };
}

/** An uploaded code (SPEC.md §3); the permission is shown as the chain names it (Everybody, Nobody, AnyOfAddresses). */
export interface Code {
  id: number;
  verified: boolean;
  checksum: string;
  creator: string;
  permission: "Everybody" | "Nobody" | "AnyOfAddresses";
  /** Who may instantiate the code when the permission is AnyOfAddresses. */
  permissionAddresses: string[];
  contractsCount: number;
}

export interface CodePage {
  codes: Code[];
  pagination: { total: number };
}

/** GET /cosmwasm/wasm/v1/contract/{address}: the node's REST shape (ids and heights may come as strings) and the code's checksum. */
/** Where something happened on the chain, as wasmd's REST writes it (numbers as strings). */
export interface TxPosition {
  block_height: string;
  tx_index: string;
}

export interface ContractInfoAnswer {
  address: string;
  contract_info: {
    code_id: string;
    creator: string;
    /** "" when the contract has no admin. */
    admin: string;
    label: string;
    created: TxPosition | null;
  };
  codeChecksum: string | null;
}

/** The node's next-page key (base64); null or "" on the last page. */
export interface NodePagination {
  next_key: string | null;
}

export interface ContractHistoryEntry {
  /** CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT, _MIGRATE or _GENESIS. */
  operation: string;
  code_id: string;
  updated: TxPosition | null;
  /** The message as JSON (the node's REST gives it decoded). */
  msg: unknown;
}

export interface ContractHistoryPage {
  entries: ContractHistoryEntry[];
  pagination: NodePagination;
}

/** One key of a contract's storage: the key in hex, the value in base64. */
export interface ContractStateModel {
  key: string;
  value: string;
}

export interface ContractStatePage {
  models: ContractStateModel[];
  pagination: NodePagination;
}

/** A row of GET /cw20/tokens: `id` is the token's contract address. */
export interface TokenListRow {
  id: string;
  symbol: string;
  name: string;
  logo: string | null;
  decimals: number;
}

export interface TokenListPage {
  tokens: TokenListRow[];
  /** Where the next page starts; null after the last one. */
  cursor: string | null;
}

export interface TokenLink {
  title: string;
  url: string;
  platform: string;
}

/** A CW-20 token's marketing_info: the logo is `{ url }`, "embedded" for one stored in the contract, or null. */
export interface TokenMarketing {
  project: string | null;
  description: string | null;
  marketing: string | null;
  logo: { url: string } | "embedded" | null;
}

/** GET /cw20/token/{address}. Supplies are whole integers in the token's smallest unit; prices are null where none is known. */
export interface Token {
  /** `logo` is an http(s) address or null. */
  data: { name: string; symbol: string; logo: string | null; decimals: number; marketing: TokenMarketing };
  details: { creator: string; mint_authority: string | null; marketing_authority: string | null; update_authority: string | null };
  statistics: {
    priceInUsd: number | null;
    priceInAxm: number | null;
    holders: number;
    /** US dollars. */
    marketCapitalization: number | null;
    /** The mint cap, or null for none. */
    maxSupply: string | null;
    currentSupply: string;
  };
  links: TokenLink[];
  /** The project's description: HTML written by the token's owner, shown only sanitised. */
  about: string | null;
}

/** One holder of a token: its balance (smallest unit), its worth, and its share of the current supply in percent. */
export interface TokenHolder {
  address: string;
  quantity: string;
  /** US dollars; null when no price is known. */
  value: number | null;
  /** uaxm; null when no price is known. */
  valueInAxm: string | null;
  percentage: number;
}

export interface TokenHoldersPage {
  holders: TokenHolder[];
  nextCursor: string | null;
}

/** GET /multichain/assets/balances/{address}: raw integer balances of the contracts asked for. */
export interface AssetBalances {
  data: { balances: { contract: string; balance: string }[] };
}
