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
  code: number;
  codespace: string;
  /** The node's log: why a failed transaction failed; empty for a success. */
  log: string;
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
  delegationFee: number;
  txFee: number;
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
  proposer: string;
  validators: string[];
}

export type SearchAnswer =
  | { type: "block"; data: { _id: number } }
  | { type: "tx"; data: { _id: string } }
  | { type: "account"; data: { account: { address: string } } }
  | { type: "validator"; data: { address: string } }
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
