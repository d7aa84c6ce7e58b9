// The devnet simulator's public API: a deterministic local AXM chain that serves CometBFT RPC.
import { buildGenesis, type GenesisInfo } from "./genesis.ts";
import { Chain } from "./chain.ts";
import type { TxsPerBlock } from "./workload.ts";
import { RpcServer } from "./rpc-server.ts";
import { stateView, type DevnetStateView } from "./view.ts";
import { genesisSnapshot, genesisDocument } from "./genesis-doc.ts";
import type { BlockRecord } from "./blocks.ts";
import { BLOCK_TIME_MS } from "../core/block-time.ts";
import { DEFAULT_SEED } from "./defaults.ts";

export { DEVNET_MNEMONIC } from "./keys.ts";
export { ACCOUNT_INDEX, DEFAULT_LEADER_BONUS_WEEKLY, devnetLeaderBonus } from "./accounts.ts";
export type { GenesisInfo } from "./genesis.ts";
export type { DevnetStateView } from "./view.ts";
export type { TxRecord } from "./chain.ts";

export interface BlockSummary {
  height: number;
  time: string;
  txs: number;
  failed: number;
  proposer: string;
}

export interface DevnetOptions {
  seed?: string;
  /** Default the chain's usual BLOCK_TIME_MS. */
  blockTimeMs?: number;
  /** simulated: block N time = genesisTime + N * blockTimeMs, fully deterministic. Default real. */
  clock?: "real" | "simulated";
  /** Default 2026-01-01T00:00:00Z in simulated mode; in real mode, set so pre-built blocks end now. */
  genesisTime?: string;
  /**
   * Workload transactions per block: a fixed count, or `{ min, max }` for a count drawn per block from the seed (0..2
   * gives the mostly empty blocks of a real chain); random 0..16 when absent. The scripted governance comes on top.
   */
  txsPerBlock?: TxsPerBlock;
  /** Default "axm-devnet-1". */
  chainId?: string;
  /** The referral param status_downgrade_period; default 600 (the chain's 7 days would outlast any run). */
  statusDowngradePeriodSeconds?: number;
  /** The referral param uret_mode: partner fees minted as uret and the whole delegation bonded. Default false. */
  uretMode?: boolean;
  /** uaxm the off-chain programme's leader-bonus wallet pays each week (not chain state). Default 100,000 AXM. */
  leaderBonusWeekly?: bigint;
  /** Called after every block (the CLI logs one line per block). */
  onBlock?: (block: BlockSummary) => void;
}

export interface Devnet {
  /** Builds the next block now: mempool transactions first, then the workload's. */
  produceBlock(): Promise<void>;
  /** Builds n blocks as fast as possible, yielding to the event loop between batches. */
  prebuild(n: number, onProgress?: (done: number, total: number) => void): Promise<void>;
  /** Produces a block every blockTimeMs until stop(). */
  start(): void;
  stop(): void;
  /** Serves RPC and logos; port 0 picks a free port, which is returned. */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
  height(): number;
  readonly state: DevnetStateView;
  readonly genesis: GenesisInfo;
}

const DEFAULT_GENESIS_TIME = "2026-01-01T00:00:00Z";

export function createDevnet(opts: DevnetOptions = {}): Devnet {
  const seed = opts.seed ?? DEFAULT_SEED;
  const chainId = opts.chainId ?? "axm-devnet-1";
  const blockTimeMs = opts.blockTimeMs ?? BLOCK_TIME_MS;
  const simulated = opts.clock === "simulated";
  let genesisMs: number | undefined = opts.genesisTime !== undefined ? Date.parse(opts.genesisTime) : simulated ? Date.parse(DEFAULT_GENESIS_TIME) : undefined;
  const { state, info } = buildGenesis({
    seed,
    chainId,
    statusDowngradePeriodSeconds: opts.statusDowngradePeriodSeconds,
    uretMode: opts.uretMode,
    leaderBonusWeekly: opts.leaderBonusWeekly,
  });
  const snapshot = genesisSnapshot(state, info);
  const chain = new Chain(state, info, { seed, chainId, blockTimeMs, txsPerBlock: opts.txsPerBlock }, info.workloadAccounts);
  let timer: NodeJS.Timeout | null = null;

  const genesisTime = () => new Date(genesisMs ?? Date.now()).toISOString().replace(".000Z", "Z");
  const server = new RpcServer({
    chain,
    genesisTime,
    genesisDoc: () => genesisDocument(info, genesisMs ?? Date.now(), snapshot),
  });

  /** Real clock: live blocks take the wall time; pre-built ones are spaced so the last lands about now. */
  function timeOfNext(prebuildLeft: number): number {
    const last = chain.store.latest();
    if (simulated) return genesisMs! + (chain.store.height + 1) * blockTimeMs;
    genesisMs ??= Date.now() - (prebuildLeft + 1) * blockTimeMs;
    if (prebuildLeft > 0) return (last?.timeMs ?? genesisMs) + blockTimeMs;
    return Math.max(Date.now(), (last?.timeMs ?? 0) + 1);
  }

  function produce(prebuildLeft: number): BlockRecord {
    const timeMs = timeOfNext(prebuildLeft);
    if (chain.store.height === 0) chain.initChain(genesisMs ?? timeMs - blockTimeMs);
    const record = chain.produceBlock(timeMs);
    if (opts.onBlock) {
      const failed = chain.txs.slice(chain.txs.length - record.txCount).filter((tx) => tx.code !== 0).length;
      const proposer = state.validators[record.proposer].moniker;
      opts.onBlock({ height: record.height, time: record.time, txs: record.txCount, failed, proposer });
    }
    return record;
  }

  return {
    async produceBlock() {
      produce(0);
    },
    async prebuild(n, onProgress) {
      for (let done = 0; done < n;) {
        const batch = Math.min(50, n - done);
        for (let i = 0; i < batch; i++) produce(n - done - i);
        done += batch;
        onProgress?.(done, n);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    start() {
      if (timer) return;
      const tick = () => {
        produce(0);
        timer = setTimeout(tick, blockTimeMs);
      };
      timer = setTimeout(tick, blockTimeMs);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    listen: (port, host = "127.0.0.1") => server.listen(port, host),
    close: () => server.close(),
    height: () => chain.store.height,
    state: stateView(chain),
    genesis: info,
  };
}
