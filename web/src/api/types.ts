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

export interface AppConfig {
  chainId: string | null;
  networks: Network[];
  maintenance: boolean;
  allowedHosts: string[];
  analyticsId: string;
  faucetEnabled: boolean;
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
