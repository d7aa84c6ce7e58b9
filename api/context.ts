// What every route needs: the database to read and the one to write, the configuration, and the chain id read once from the index.
import type { Database, Queryable } from "../db/connection.ts";
import { indexerState, type IndexerStateRow } from "../db/queries/stats.ts";
import { notReady } from "./errors.ts";
import type { FormatContext } from "./format.ts";

export interface NetworkEntry {
  name: string;
  url: string | null;
  apiBase: string | null;
  available: boolean;
}

export interface ApiConfig {
  /** Template with `{identity}` for validator logos; empty for none. */
  validatorLogoUrl: string;
  /** Where relative image paths (avatars, exchange and token logos) are read from; empty: the explorer's own origin. */
  imageBaseUrl: string;
  /** /health answers 503 when the index is further behind than this many blocks. */
  healthMaxLag: number;
  networks: NetworkEntry[];
  maintenance: boolean;
  allowedHosts: string[];
  analyticsId: string;
  /** Origin the analytics counter loads from and reports to (used only with an analytics id). */
  analyticsOrigin: string;
  /** The messenger channels the maintenance notice links to, by language; empty ones are left out. */
  maintenanceChannels: { en: string; ru: string; de: string };
  faucetEnabled: boolean;
  /** The account the faucet pays from (FAUCET_MNEMONIC's, or the devnet's); null without a faucet. */
  faucetAddress: string | null;
  /**
   * The partnership programme's weekly leader bonus, which the chain does not pay (CHAIN.md): the wallet it is paid
   * from and the weekly amount in uaxm; empty when unknown (the table then shows no amounts).
   */
  leaderBonus: { wallet: string; weekly: string };
  /**
   * What a Keplr or Leap wallet is told about the chain when sign-in suggests it (the chain id comes from the index);
   * null when no public RPC address is known, so nothing is suggested.
   */
  walletChain: WalletChainSettings | null;
}

export interface WalletChainSettings {
  chainName: string;
  rpc: string;
  rest: string;
  gasPriceSteps: { low: number; average: number; high: number };
}

const STATE_TTL_MS = 1000;

export class ApiContext {
  private state: { row: IndexerStateRow | null; at: number } = { row: null, at: 0 };

  /** Where routes read: the read replica when there is one, else the primary. */
  readonly db: Queryable;

  /**
   * `primary` is DATABASE_URL, the only database the API writes to (write queries take a Database, which a replica is
   * not); `replica` is DATABASE_READ_URL's server when set.
   */
  constructor(
    readonly primary: Database,
    readonly config: ApiConfig,
    readonly replica: Queryable | null = null,
  ) {
    this.db = replica ?? primary;
  }

  /** The indexer's cursor, cached for a second: it only moves forward. */
  async indexState(): Promise<IndexerStateRow | null> {
    if (Date.now() - this.state.at > STATE_TTL_MS) this.state = { row: await indexerState(this.db), at: Date.now() };
    return this.state.row;
  }

  async format(): Promise<FormatContext> {
    const state = await this.indexState();
    if (!state) throw notReady("The index is not ready yet");
    return { chainId: state.chain_id, logoUrlTemplate: this.config.validatorLogoUrl };
  }
}
