// The indexer: follows a node height by height and keeps the database in step, resuming from its cursor.
import { isRetryableForFollower, lowestAvailableHeight, withRetry, type RpcClient } from "../chain/rpc.ts";
import type { Database } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import { BlockFetcher } from "./fetcher.ts";
import { readCommissionRate, readSupply, readValidator, readValidators, type ValidatorRecord } from "./node-state.ts";
import { seedConsensusSet, seedDelegations } from "./seed-staking.ts";
import { seedAccounts } from "./seed-accounts.ts";
import { maturedUnbondings, saveSupply, saveValidators } from "./store-state.ts";
import { writeBatch } from "./write-batch.ts";

export interface IndexerOptions {
  db: Database;
  rpc: RpcClient;
  /** First height to index on an empty database; the node's earliest available height when absent. */
  startHeight?: number;
  /** Most blocks written in one database transaction. */
  batchBlocks?: number;
  /** A batch is closed early once it holds this many transactions. */
  batchTxs?: number;
  /** Heights fetched ahead of the writer. */
  concurrency?: number;
  /** Worker threads that fetch and decode. */
  workers?: number;
  /** Pause between looks at the node once caught up. */
  pollMs?: number;
  /** How often supply, mempool and validators are read from the node's state. */
  stateRefreshMs?: number;
  /** The faucet account, whose payouts the operations ledger shows as faucet operations; none when absent. */
  faucetAddress?: string;
  /** The leader-bonus wallet, whose payouts the operations ledger shows as leader_bonus operations; none when absent. */
  leaderBonusWallet?: string;
  log?: (line: string) => void;
}

/** Past this many changed validators one paged read of all of them is cheaper than one query each. */
const SINGLE_READS_MAX = 30;

/** New transactions after which a caught-up indexer refreshes the planner's statistics. */
const ANALYZE_AFTER_TXS = 10_000;

export class Indexer {
  private readonly o: Required<Omit<IndexerOptions, "startHeight" | "faucetAddress" | "leaderBonusWallet">> & Pick<IndexerOptions, "startHeight" | "faucetAddress" | "leaderBonusWallet">;
  private readonly fetcher: BlockFetcher;
  private stopped = false;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;
  private lastStateRefresh = 0;
  /** Validators that blocks changed since the last read, and whether the whole set must be read. */
  private changedValidators = new Set<string>();
  private readAllValidators = true;
  private progress = { at: Date.now(), height: 0, behind: false };
  private txsSinceAnalyze = 0;

  constructor(options: IndexerOptions) {
    this.o = { batchBlocks: 100, batchTxs: 5000, concurrency: 16, workers: 1, pollMs: 1000, stateRefreshMs: 5000, log: (line) => console.log(line), ...options };
    this.fetcher = new BlockFetcher(this.o.rpc, {
      concurrency: this.o.concurrency,
      workers: this.o.workers,
      onRetry: (height, message, attempt) => {
        if (attempt === 1 || attempt % 10 === 0) this.o.log(`indexer: height ${height}: node unavailable (${message}), retry ${attempt}`);
      },
    });
  }

  /** The last indexed height, creating the cursor on first use. */
  async cursor(): Promise<number> {
    const status = await this.fromNode(() => this.o.rpc.status());
    const rows = await this.o.db.query<{ chain_id: string; indexed_height: number }>("select chain_id, indexed_height from indexer_state where id = 1");
    if (rows.length > 0) {
      if (rows[0].chain_id !== status.chainId) {
        throw new Error(`the database indexes chain ${rows[0].chain_id} but the node serves ${status.chainId}: use another database`);
      }
      await this.checkSameChain(rows[0].indexed_height, status.latestHeight);
      await this.ensureConsensusSet(rows[0].indexed_height);
      return rows[0].indexed_height;
    }
    const start = this.o.startHeight ?? Math.max(1, status.earliestHeight);
    await this.fromNode(() =>
      this.o.db.transaction(async (tx) => {
        await tx.query(
          "insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height) values (1, $1, $2, $3, $4)",
          [status.chainId, start, start - 1, status.latestHeight],
        );
        await seedConsensusSet(tx, this.o.rpc, start);
        await seedDelegations(tx, this.o.rpc, start);
        await seedAccounts(tx, this.o.rpc, start, this.o.log);
      }),
    );
    this.o.log(`indexer: new index of ${status.chainId} from height ${start}`);
    return start - 1;
  }

  /** An index made before uptime was counted has no consensus set yet: it is read at the cursor. */
  private async ensureConsensusSet(cursor: number): Promise<void> {
    const members = await this.o.db.query("select 1 from consensus_validators where in_set limit 1");
    if (members.length === 0 && cursor > 0) await this.fromNode(() => this.o.db.transaction((tx) => seedConsensusSet(tx, this.o.rpc, cursor)));
  }

  /** Stops when the node's block at the cursor is not the one indexed: the index belongs to another chain. */
  private async checkSameChain(cursor: number, latest: number): Promise<void> {
    if (cursor < 1) return;
    if (latest < cursor) {
      this.o.log(`indexer: the node is at height ${latest}, behind the index at ${cursor}; waiting for it`);
      return;
    }
    const stored = await this.o.db.query<{ hash: string }>("select hash from blocks where height = $1", [cursor]);
    const block = await this.fromNode(() => this.o.rpc.block(cursor));
    if (stored.length > 0 && stored[0].hash !== block.hash) {
      throw new Error(`block ${cursor} of the node (${block.hash}) is not the indexed one (${stored[0].hash}): the index belongs to another chain; use another database`);
    }
  }

  /** Indexes until the node's latest height (or `target`) and returns the last indexed height. */
  async catchUp(target?: number): Promise<number> {
    let cursor = await this.cursor();
    let goal = target ?? (await this.chainHeight());
    try {
      while (cursor < goal && !this.stopped) {
        cursor = await this.indexRange(cursor, goal);
        if (target === undefined) goal = Math.max(goal, await this.chainHeight());
      }
    } finally {
      await this.fetcher.close();
    }
    await this.refreshState(cursor, true);
    return cursor;
  }

  /** Follows the node until stop() is called. */
  async run(): Promise<void> {
    try {
      let cursor = await this.cursor();
      while (!this.stopped) {
        const goal = await this.chainHeight();
        if (cursor < goal) {
          cursor = await this.indexRange(cursor, goal);
        } else {
          await this.refreshState(cursor, false);
          await this.sleep(this.o.pollMs);
        }
      }
    } catch (error) {
      // A retry cut short by stop() ends the run quietly; anything else is a real failure.
      if (!this.stopped) throw error;
    } finally {
      await this.fetcher.close();
    }
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    void this.fetcher.close();
    this.wake?.();
  }

  private async chainHeight(): Promise<number> {
    return (await this.fromNode(() => this.o.rpc.status())).latestHeight;
  }

  /** Asks the node until it answers (or stop() is called), logging the first failure and every tenth. */
  private fromNode<T>(ask: () => Promise<T>): Promise<T> {
    return withRetry(ask, {
      retries: Infinity,
      baseDelayMs: 500,
      maxDelayMs: 10_000,
      signal: this.abort.signal,
      retryIf: isRetryableForFollower,
      onRetry: (error, attempt) => {
        if (attempt === 1 || attempt % 10 === 0) this.o.log(`indexer: node unavailable (${describe(error)}), retry ${attempt}`);
      },
    });
  }

  /**
   * Indexes cursor+1..goal in batches. The next batch is fetched and decoded while the previous one
   * is being written; writes stay strictly in order, each in its own transaction with the cursor.
   */
  private async indexRange(cursor: number, goal: number): Promise<number> {
    let writing: Promise<void> = Promise.resolve();
    while (cursor < goal && !this.stopped) {
      const blocks = await this.collectBatch(cursor, goal);
      await writing;
      writing = this.writeBlocks(blocks, goal);
      // Handled when awaited below; this only keeps a failed write from counting as unhandled meanwhile.
      writing.catch(() => undefined);
      cursor = blocks[blocks.length - 1].height;
    }
    await writing;
    if (cursor >= goal) await this.analyzeAfterBulk();
    return cursor;
  }

  /**
   * After a catch-up that added many rows, the planner's statistics describe a much smaller
   * database until autovacuum comes by; refreshing them now keeps the API's plans on the indexes.
   */
  private async analyzeAfterBulk(): Promise<void> {
    if (this.txsSinceAnalyze < ANALYZE_AFTER_TXS) return;
    this.txsSinceAnalyze = 0;
    await this.o.db.query("analyze");
  }

  private async collectBatch(cursor: number, goal: number): Promise<IndexedBlock[]> {
    const blocks: IndexedBlock[] = [];
    let txs = 0;
    for (let height = cursor + 1; height <= goal && blocks.length < this.o.batchBlocks && txs < this.o.batchTxs; height++) {
      const block = await this.fetchBlock(height, goal);
      blocks.push(block);
      txs += block.txs.length;
    }
    return blocks;
  }

  private async writeBlocks(blocks: IndexedBlock[], goal: number): Promise<void> {
    await this.o.db.transaction((tx) => writeBatch(tx, blocks, goal, { faucetAddress: this.o.faucetAddress, leaderBonusWallet: this.o.leaderBonusWallet }));
    this.txsSinceAnalyze += blocks.reduce((n, b) => n + b.txs.length, 0);
    for (const { staking } of blocks) {
      staking.touchedValidators.forEach((operator) => this.changedValidators.add(operator));
      if (staking.slashed || staking.validatorUpdates.some((u) => u.power === "0")) this.readAllValidators = true;
    }
    const last = blocks[blocks.length - 1].height;
    this.reportProgress(last, goal);
    await this.refreshState(last, false);
  }

  private async fetchBlock(height: number, goal: number): Promise<IndexedBlock> {
    try {
      return await this.fetcher.get(height, goal);
    } catch (error) {
      const lowest = lowestAvailableHeight(error);
      if (lowest !== null) {
        throw new Error(`the node has pruned height ${height} (lowest available ${lowest}); set START_HEIGHT=${lowest} on an empty database to index from there`);
      }
      throw error;
    }
  }

  /** Reads supply, mempool and the validators that blocks changed (all of them when the set changed); failures only logged. */
  private async refreshState(height: number, force: boolean): Promise<void> {
    if (!force && Date.now() - this.lastStateRefresh < this.o.stateRefreshMs) return;
    this.lastStateRefresh = Date.now();
    try {
      await saveSupply(this.o.db, await readSupply(this.o.rpc));
      await this.refreshValidators(height, force);
    } catch (error) {
      this.o.log(`indexer: could not read node state (${describe(error)}); will try again`);
    }
  }

  private async refreshValidators(height: number, force: boolean): Promise<void> {
    const changed = new Set([...this.changedValidators, ...(await maturedUnbondings(this.o.db))]);
    const readAll = force || this.readAllValidators || changed.size > SINGLE_READS_MAX;
    if (!readAll && changed.size === 0) return;
    this.changedValidators = new Set();
    this.readAllValidators = false;
    try {
      const records = readAll ? await readValidators(this.o.rpc) : await this.readSome(changed);
      await saveValidators(this.o.db, records, height);
    } catch (error) {
      if (readAll) this.readAllValidators = true;
      changed.forEach((operator) => this.changedValidators.add(operator));
      throw error;
    }
  }

  private async readSome(operators: Set<string>): Promise<ValidatorRecord[]> {
    const records: ValidatorRecord[] = [];
    const commissionRate = await readCommissionRate(this.o.rpc);
    for (const operator of operators) {
      const record = await readValidator(this.o.rpc, operator, commissionRate);
      if (record) records.push(record);
    }
    return records;
  }

  /** A line every 5 s while behind the node (height, target, speed, time left), and one when caught up. */
  private reportProgress(height: number, goal: number): void {
    const now = Date.now();
    if (height >= goal) {
      if (this.progress.behind) this.o.log(`indexer: caught up at height ${height}`);
      this.progress = { at: now, height, behind: false };
      return;
    }
    if (!this.progress.behind) {
      this.progress = { at: now, height, behind: true };
      return;
    }
    if (now - this.progress.at < 5000) return;
    const rate = ((height - this.progress.height) * 1000) / (now - this.progress.at);
    const eta = rate > 0 ? `, about ${formatDuration((goal - height) / rate)} left` : "";
    this.o.log(`indexer: height ${height} of ${goal}, ${rate.toFixed(1)} blocks/s${eta}`);
    this.progress = { at: now, height, behind: true };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 5400) return `${Math.ceil(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
