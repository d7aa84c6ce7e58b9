// The indexer: follows a node height by height and keeps the database in step, resuming from its cursor.
import { backoffDelay, isRefusedMethod, isTransientNodeFault, lowestAvailableHeight, withRetry, type RpcClient } from "../chain/rpc.ts";
import type { Database, Queryable } from "../db/connection.ts";
import type { IndexedRange } from "../db/live-notices.ts";
import type { IndexedBlock } from "./decode-block.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { cancelIndexBuilds, deferIndexes, deferredIndexes, indexesToDefer, restoreIndexes } from "../db/deferred-indexes.ts";
import { cancelUpkeep, maintainChangedTables } from "../db/table-maintenance.ts";
import { EXIT, IndexerFault, checkSchemaNotNewer } from "./faults.ts";
import { BlockFetcher } from "./fetcher.ts";
import { INDEXER_DEFAULTS } from "./defaults.ts";
import type { IndexerMetrics } from "./metrics.ts";
import { readSeedDegraded, writeDegraded, writeHeartbeat } from "./health.ts";
import { readCommissionRate, readSupply, readValidator, readValidators, stateServedAt, type ValidatorRecord } from "./node-state.ts";
import { seedConsensusSet, seedDelegations } from "./seed-staking.ts";
import { seedContracts } from "./seed-contracts.ts";
import { seedGovernanceFromGenesis, seedGovernanceFromState } from "./seed-governance.ts";
import { seedAccountsFromGenesis, seedAccountsFromState, seedTreeFromState } from "./seed-accounts.ts";
import { maturedUnbondings, saveSupply, saveValidators } from "./store-state.ts";
import { syncPendingMembers } from "./write-accounts.ts";
import { writeBatch } from "./write-batch.ts";

export interface IndexerOptions {
  db: Database;
  rpc: RpcClient;
  /** First height to index on an empty database; the node's earliest available height when absent. */
  startHeight?: number;
  /** Most blocks written in one database transaction. */
  batchBlocks?: number;
  /**
   * A catch-up of at least this many blocks, onto an index holding fewer, drops the secondary indexes and builds them
   * again when it ends (db/deferred-indexes.ts); 0 never does.
   */
  deferIndexesBlocks?: number;
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
  /** First and longest wait between attempts when the node or the database fails. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often the heartbeat (and the node's height) is written, also while idle or waiting. */
  heartbeatMs?: number;
  /** A batch waiting this long for its next block is written as it is, so a stuck height does not hold back the ones before. */
  flushAfterMs?: number;
  /**
   * Once caught up, the tables are vacuumed and analyzed as autovacuum would (db/table-maintenance.ts) after this many
   * new transactions or this many new blocks, whichever comes first: a quiet chain's blocks are rows too.
   */
  maintainAfterTxs?: number;
  maintainAfterBlocks?: number;
  log?: (line: string) => void;
  /** Figures for /metrics on INDEXER_METRICS_PORT; none when absent. */
  metrics?: IndexerMetrics;
  /** Told of every committed batch's heights (the live-update notices); a failure is logged and indexing goes on. */
  publish?: (range: IndexedRange) => Promise<void>;
}

/** Past this many changed validators one paged read of all of them is cheaper than one query each. */
const SINGLE_READS_MAX = 30;

export class Indexer {
  private readonly o: Required<Omit<IndexerOptions, "startHeight" | "faucetAddress" | "leaderBonusWallet" | "metrics" | "publish">> &
    Pick<IndexerOptions, "startHeight" | "faucetAddress" | "leaderBonusWallet" | "metrics" | "publish">;
  private readonly fetcher: BlockFetcher;
  private stopped = false;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;
  private lastStateRefresh = 0;
  /** Validators that blocks changed since the last read, and whether the whole set must be read. */
  private changedValidators = new Set<string>();
  private readAllValidators = true;
  private progress = { at: Date.now(), height: 0, behind: false };
  private sinceMaintained = { txs: 0, blocks: 0 };
  /** The chain the index belongs to, once the cursor is read. */
  private chainId: string | null = null;
  private nodeHeight: number | null = null;
  /** Capability name → which query the node refused and what is missing for it. */
  private degraded = new Map<string, string>();
  /** A block whose height a batch stopped waiting for (see flushAfterMs): the next batch starts with it. */
  private ahead: { height: number; block: Promise<IndexedBlock> } | null = null;
  private databaseAttempt = 0;
  /** Whether secondary indexes are dropped (by this run or one that stopped before building them again). */
  private indexesDeferred = false;
  /** Whether the dropped indexes are being built again, which stop() cancels. */
  private building = false;
  /** Whether the tables' upkeep is running, which stop() cancels. */
  private maintaining = false;

  constructor(options: IndexerOptions) {
    this.o = {
      ...INDEXER_DEFAULTS,
      log: (line) => console.log(line),
      ...options,
    };
    this.fetcher = new BlockFetcher(this.o.rpc, {
      concurrency: this.o.concurrency,
      workers: this.o.workers,
      retryBaseMs: this.o.retryBaseMs,
      retryMaxMs: this.o.retryMaxMs,
      onRetry: (r) => {
        this.o.metrics?.nodeFault(r.method);
        this.o.log(`indexer: node fault on ${r.method} height ${r.height} (${r.message}); attempt ${r.attempt}, next in ${r.delayMs} ms`);
      },
    });
  }

  /** The last indexed height, creating the cursor on first use. */
  async cursor(): Promise<number> {
    await checkSchemaNotNewer(this.o.db);
    this.indexesDeferred = (await deferredIndexes(this.o.db)).length > 0;
    const status = await this.fromNode("status", () => this.o.rpc.status());
    this.seeNodeHeight(status.latestHeight);
    const rows = await this.o.db.query<{ chain_id: string; indexed_height: number }>("select chain_id, indexed_height from indexer_state where id = 1");
    if (rows.length > 0) {
      this.chainId = rows[0].chain_id;
      this.checkChainId(status.chainId);
      this.degraded = await readSeedDegraded(this.o.db);
      await writeDegraded(this.o.db, this.degraded);
      await this.checkSameChain(rows[0].indexed_height, status.latestHeight);
      await this.ensureConsensusSet(rows[0].indexed_height);
      await this.syncMembers();
      this.o.metrics?.indexed(rows[0].indexed_height);
      return rows[0].indexed_height;
    }
    const start = this.startHeight(status.earliestHeight);
    if (start > 1) await this.checkStateKept(start, status.latestHeight);
    this.degraded = new Map();
    await this.fromNode("seed", () =>
      this.o.db.transaction(async (tx) => {
        await tx.query(
          "insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height, node_height, heartbeat_at) values (1, $1, $2, $3, $4, $4, now())",
          [status.chainId, start, start - 1, status.latestHeight],
        );
        await this.optional("validator_seed", "validators", "uptime is not counted until the set changes", () => seedConsensusSet(tx, this.o.rpc, start));
        await this.optional("delegation_seed", "abci_query staking", "delegations made before the start height are absent", () =>
          seedDelegations(tx, this.o.rpc, start),
        );
        if (start <= 1) {
          await seedAccountsFromGenesis(tx, this.o.rpc);
          await seedGovernanceFromGenesis(tx, this.o.rpc);
        } else await this.seedFromState(tx, start - 1);
        await writeDegraded(tx, this.degraded);
      }),
    );
    this.chainId = status.chainId;
    this.o.log(`indexer: new index of ${status.chainId} from height ${start}`);
    this.o.metrics?.indexed(start - 1);
    return start - 1;
  }

  /** What a mid-chain start reads of the node's state at `height`, the block before the start; each part the node refuses is left absent. */
  private async seedFromState(tx: Queryable, height: number): Promise<void> {
    const rpc = this.o.rpc;
    this.o.log(`indexer: reading accounts, the referral tree and contracts at height ${height}, before the start`);
    await this.optional("account_seed", "abci_query auth, bank or staking", "accounts, balances and unbondings from before the start height are absent", () =>
      seedAccountsFromState(tx, rpc, height),
    );
    await this.optional("referral_seed", "genesis or abci_query referral", "the referral tree from before the start height is absent", () =>
      seedTreeFromState(tx, rpc, height),
    );
    await this.optional("contract_seed", "abci_query wasm", "contracts and tokens from before the start height are absent", () =>
      seedContracts(tx, rpc, height),
    );
    await this.optional(
      "governance_seed",
      "abci_query vote",
      "the government, the current proposal and poll and their history from before the start height are absent",
      () => seedGovernanceFromState(tx, rpc, height),
    );
  }

  /** START_HEIGHT, or the node's earliest height; a START_HEIGHT the node has pruned is refused before anything is written. */
  private startHeight(earliest: number): number {
    const start = this.o.startHeight ?? Math.max(1, earliest);
    if (start < earliest) {
      throw new IndexerFault(
        EXIT.startBelowEarliest,
        `START_HEIGHT=${start} is below the node's earliest available height ${earliest}: set START_HEIGHT=${earliest} (or leave it empty), or point RPC_URL at an archive node`,
      );
    }
    return start;
  }

  /**
   * A mid-chain start reads the node's state at the height before it, and the blocks from the start change it: a node
   * that has pruned that state, or answers from another height's, is refused before anything is written. A node that
   * refuses the query is left to the seed, which records what it cannot read.
   */
  private async checkStateKept(start: number, nodeHeight: number): Promise<void> {
    const height = start - 1;
    const latest = await this.waitForNode(height, nodeHeight);
    let answer: { served: number } | { pruned: string };
    try {
      answer = await this.fromNode("abci_query", () => stateServedAt(this.o.rpc, height));
    } catch (error) {
      if (isRefusedMethod(error)) return;
      throw error;
    }
    // A node that leaves the height out of its answer cannot be checked, and is taken at its word.
    if ("served" in answer && (answer.served === height || answer.served === 0)) return;
    const why = "pruned" in answer ? `the node no longer keeps it (${answer.pruned})` : `the node answered from its state at height ${answer.served} instead`;
    throw new IndexerFault(
      EXIT.startStateMissing,
      `START_HEIGHT=${start} reads the node's state at height ${height}, and ${why}: point RPC_URL at a node that keeps past state (an archive node), or index into an empty database with START_HEIGHT=${latest + 1}`,
    );
  }

  /** The node's latest height once it has reached `height`, logged once when it is behind: a START_HEIGHT ahead of the chain waits for it. */
  private async waitForNode(height: number, latest: number): Promise<number> {
    if (latest >= height) return latest;
    this.o.log(`indexer: START_HEIGHT=${height + 1} is ahead of the node (at height ${latest}); waiting for height ${height}, whose state the start reads`);
    while (latest < height) {
      await this.sleep(this.o.pollMs);
      if (this.stopped) throw new Error(`stopped while waiting for the node to reach height ${height}`);
      latest = await this.chainHeight();
    }
    return latest;
  }

  private checkChainId(served: string): void {
    if (this.chainId !== null && served !== this.chainId) {
      throw new IndexerFault(
        EXIT.chainIdChanged,
        `the database indexes chain ${this.chainId} but the node now serves ${served}: point RPC_URL at a node of ${this.chainId}, or use another database for ${served}`,
      );
    }
  }

  /**
   * Runs `work`, which needs `query`; a node that refuses the query leaves `capability` absent: logged once,
   * recorded for /api/health, never asked again by this process.
   */
  private async optional(capability: string, query: string, missing: string, work: () => Promise<void>): Promise<void> {
    if (this.degraded.has(capability)) return;
    try {
      await work();
    } catch (error) {
      if (!isRefusedMethod(error)) throw error;
      this.degraded.set(capability, `${query} refused (${describe(error)}): ${missing}`);
      this.o.log(`indexer: the node refuses ${query} (${describe(error)}); ${missing}`);
    }
  }

  /** An index made before uptime was counted has no consensus set yet: it is read at the cursor. */
  private async ensureConsensusSet(cursor: number): Promise<void> {
    const members = await this.o.db.query("select 1 from consensus_validators where in_set limit 1");
    if (members.length === 0 && cursor > 0 && !this.degraded.has("validator_seed")) {
      await this.fromNode("validators", () => this.o.db.transaction((tx) => seedConsensusSet(tx, this.o.rpc, cursor)));
    }
  }

  /** Stops when the node's block at the cursor is not the one indexed: the index belongs to another chain. */
  private async checkSameChain(cursor: number, latest: number): Promise<void> {
    if (cursor < 1) return;
    if (latest < cursor) {
      this.o.log(`indexer: the node is at height ${latest}, behind the index at ${cursor}; waiting for it`);
      return;
    }
    const stored = await this.o.db.query<{ hash: string }>("select hash from blocks where height = $1", [cursor]);
    const block = await this.fromNode("block", () => this.o.rpc.block(cursor), cursor).catch((error) => {
      throw prunedFault(error, cursor + 1) ?? error;
    });
    if (stored.length > 0 && stored[0].hash !== block.hash) {
      throw new IndexerFault(
        EXIT.otherChain,
        `block ${cursor} of the node (${block.hash}) is not the indexed one (${stored[0].hash}): the index belongs to another chain; point RPC_URL at a node of the indexed chain, or use another database`,
      );
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
      await this.closeFetcher();
    }
    if (cursor >= goal) await this.restoreDeferredIndexes();
    await this.refreshState(cursor, true);
    return cursor;
  }

  /**
   * Follows the node until stop() is called; returns only then, or throws a permanent fault (IndexerFault) or an
   * unexpected error. A database that goes away is waited for, and the index resumes from its committed cursor.
   */
  async run(): Promise<void> {
    const heartbeat = this.heartbeat();
    try {
      while (!this.stopped) {
        try {
          await this.follow();
        } catch (error) {
          if (this.stopped) break;
          if (!isDatabaseUnavailable(error)) throw error;
          await this.closeFetcher();
          const delay = backoffDelay(++this.databaseAttempt, this.o.retryBaseMs, this.o.retryMaxMs);
          this.o.log(`indexer: database unavailable (${describe(error)}); attempt ${this.databaseAttempt}, next in ${delay} ms`);
          await this.sleep(delay);
        }
      }
    } finally {
      this.stopped = true;
      this.wakeHeartbeat?.();
      await heartbeat;
      await this.closeFetcher();
    }
  }

  private async follow(): Promise<void> {
    let cursor = await this.cursor();
    while (!this.stopped) {
      const goal = await this.chainHeight();
      if (cursor < goal) {
        cursor = await this.indexRange(cursor, goal);
      } else {
        await this.restoreDeferredIndexes();
        await this.refreshState(cursor, false);
        await this.sleep(this.o.pollMs);
      }
    }
  }

  private wakeHeartbeat: (() => void) | null = null;

  /**
   * Writes the heartbeat and the node's height every heartbeatMs until the run ends, also while the main loop waits
   * for a height or for the database; its own timer keeps the process alive whatever the main loop waits on.
   */
  private async heartbeat(): Promise<void> {
    while (!this.stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.o.heartbeatMs);
        this.wakeHeartbeat = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (this.stopped) return;
      const status = await this.o.rpc.status().catch(() => null);
      if (status) this.seeNodeHeight(status.latestHeight);
      // A database that is down is reported by the main loop; the heartbeat simply stays old meanwhile.
      await writeHeartbeat(this.o.db, this.nodeHeight).catch(() => undefined);
    }
  }

  /** Asks the indexer to stop: a batch being written is committed, nothing after it is started. */
  stop(): void {
    this.stopped = true;
    this.abort.abort();
    void this.closeFetcher();
    if (this.building) void cancelIndexBuilds(this.o.db).catch(() => undefined);
    if (this.maintaining) void cancelUpkeep(this.o.db).catch(() => undefined);
    this.wake?.();
    this.wakeHeartbeat?.();
  }

  private async closeFetcher(): Promise<void> {
    this.ahead = null;
    await this.fetcher.close();
  }

  private async chainHeight(): Promise<number> {
    const status = await this.fromNode("status", () => this.o.rpc.status());
    this.checkChainId(status.chainId);
    this.seeNodeHeight(status.latestHeight);
    return status.latestHeight;
  }

  private seeNodeHeight(height: number): void {
    this.nodeHeight = height;
    this.o.metrics?.nodeAt(height);
  }

  /** Asks the node until it answers (or stop() is called), logging every retry. */
  private fromNode<T>(method: string, ask: () => Promise<T>, height?: number): Promise<T> {
    return withRetry(ask, {
      retries: Infinity,
      baseDelayMs: this.o.retryBaseMs,
      maxDelayMs: this.o.retryMaxMs,
      signal: this.abort.signal,
      retryIf: isTransientNodeFault,
      onRetry: (error, attempt, delayMs) => {
        this.o.metrics?.nodeFault(method);
        const at = height === undefined ? "" : ` height ${height}`;
        this.o.log(`indexer: node fault on ${method}${at} (${describe(error)}); attempt ${attempt}, next in ${delayMs} ms`);
      },
    });
  }

  /**
   * Indexes cursor+1..goal in batches. The next batch is fetched and decoded while the previous one
   * is being written; writes stay strictly in order, each in its own transaction with the cursor.
   */
  private async indexRange(cursor: number, goal: number): Promise<number> {
    await this.deferIndexesFor(cursor, goal);
    let writing: Promise<void> = Promise.resolve();
    // When the writer last went idle: the last write's end, or now.
    let writtenAt = performance.now();
    try {
      while (cursor < goal && !this.stopped) {
        const blocks = await this.collectBatch(cursor, goal);
        if (blocks.length === 0) break;
        const ready = performance.now();
        await writing;
        // Either the writer sat idle until these blocks were ready, or they waited for it: which side holds the pace back.
        this.o.metrics?.waited("blocks", Math.max(0, ready - writtenAt) / 1000);
        this.o.metrics?.waited("write", Math.max(0, writtenAt - ready) / 1000);
        writing = this.writeBlocks(blocks, goal).then(() => {
          writtenAt = performance.now();
        });
        // Handled when awaited; this only keeps a failed write from counting as unhandled meanwhile.
        writing.catch(() => undefined);
        cursor = blocks[blocks.length - 1].height;
      }
    } catch (error) {
      // The batch being written is committed whole (or rolled back) before anyone closes the database.
      await writing.catch(() => undefined);
      throw error;
    }
    await writing;
    this.databaseAttempt = 0;
    if (cursor >= goal) {
      await this.restoreDeferredIndexes();
      await this.maintainAfterBulk();
    }
    return cursor;
  }

  /** Drops secondary indexes before a catch-up of deferIndexesBlocks or more: those worth building again after it. */
  private async deferIndexesFor(cursor: number, goal: number): Promise<void> {
    const remaining = goal - cursor;
    if (this.indexesDeferred || this.o.deferIndexesBlocks === 0 || remaining < this.o.deferIndexesBlocks) return;
    const indexed = (await this.o.db.query<{ blocks: number }>("select blocks from chain_counters where id = 1"))[0]?.blocks ?? 0;
    const worth = await indexesToDefer(this.o.db, remaining, indexed);
    if (worth.length === 0) return;
    const names = await deferIndexes(this.o.db, worth);
    this.indexesDeferred = true;
    this.o.log(`indexer: ${names.length} secondary indexes dropped for a catch-up of ${remaining} blocks, built again when it ends: ${names.join(", ")}`);
  }

  /** Once caught up, builds the dropped indexes again: this run's, or those a stopped or killed run left. */
  private async restoreDeferredIndexes(): Promise<void> {
    if (!this.indexesDeferred || this.stopped) return;
    this.o.log("indexer: caught up; building the dropped indexes again");
    this.building = true;
    try {
      await restoreIndexes(this.o.db, {
        stopped: () => this.stopped,
        onBuilt: (name, seconds) => this.o.log(`indexer: index ${name} built again in ${seconds.toFixed(1)} s`),
      });
    } catch (error) {
      // A build that stop() cancelled is rolled back whole; the next run builds it.
      if (this.stopped) return;
      throw error;
    } finally {
      this.building = false;
    }
    this.indexesDeferred = (await deferredIndexes(this.o.db)).length > 0;
  }

  /**
   * After a catch-up that added many rows, the planner's statistics describe a much smaller database and the new pages
   * are not marked all-visible until autovacuum comes by (never, on a server that has it off): vacuuming and analyzing
   * now keeps the API's plans on the indexes and its index-only reads off the tables. Only the tables it changed much
   * are vacuumed or sampled again (db/table-maintenance.ts).
   */
  private async maintainAfterBulk(): Promise<void> {
    if (this.stopped || (this.sinceMaintained.txs < this.o.maintainAfterTxs && this.sinceMaintained.blocks < this.o.maintainAfterBlocks)) return;
    this.sinceMaintained = { txs: 0, blocks: 0 };
    const started = performance.now();
    this.maintaining = true;
    let maintained;
    try {
      maintained = await maintainChangedTables(this.o.db, () => this.stopped);
    } catch (error) {
      // Cancelled by stop(): the next run's upkeep comes after as many rows again, and autovacuum's meanwhile.
      if (this.stopped) return;
      throw error;
    } finally {
      this.maintaining = false;
    }
    if (this.stopped) return;
    const seconds = (performance.now() - started) / 1000;
    this.o.metrics?.upkept(seconds);
    const { vacuumed, analyzed } = maintained;
    const named = (tables: string[]) => (tables.length === 0 ? "no table" : tables.join(", "));
    this.o.log(`indexer: tables maintained in ${seconds.toFixed(1)} s: vacuumed and analyzed ${named(vacuumed)}; analyzed ${named(analyzed)}`);
  }

  /** Blocks from cursor+1 on; cut short when the next block keeps the batch waiting past flushAfterMs. */
  private async collectBatch(cursor: number, goal: number): Promise<IndexedBlock[]> {
    const blocks: IndexedBlock[] = [];
    let txs = 0;
    for (let height = cursor + 1; height <= goal && blocks.length < this.o.batchBlocks && txs < this.o.batchTxs; height++) {
      const next = this.ahead?.height === height ? this.ahead.block : this.fetchBlock(height, goal);
      this.ahead = null;
      const block = blocks.length === 0 ? await next : await within(next, this.o.flushAfterMs);
      if (block === null) {
        this.ahead = { height, block: next };
        break;
      }
      blocks.push(block);
      txs += block.txs.length;
    }
    return blocks;
  }

  private async writeBlocks(blocks: IndexedBlock[], goal: number): Promise<void> {
    const started = performance.now();
    await this.o.db.transaction(async (tx) => {
      await writeBatch(tx, blocks, goal, { faucetAddress: this.o.faucetAddress, leaderBonusWallet: this.o.leaderBonusWallet });
      await writeHeartbeat(tx, this.nodeHeight);
    });
    this.o.metrics?.batchWritten(blocks, (performance.now() - started) / 1000);
    await this.publishCommitted(blocks[0].height, blocks[blocks.length - 1].height);
    this.sinceMaintained.txs += blocks.reduce((n, b) => n + b.txs.length, 0);
    this.sinceMaintained.blocks += blocks.length;
    this.reportOddTransactions(blocks);
    for (const { staking } of blocks) {
      staking.touchedValidators.forEach((operator) => this.changedValidators.add(operator));
      if (staking.slashed || staking.validatorUpdates.some((u) => u.power === "0")) this.readAllValidators = true;
    }
    // After the committed batch is accounted for above: a sync that fails is done again when the indexer resumes.
    await this.syncMembers();
    const last = blocks[blocks.length - 1].height;
    this.reportProgress(last, goal);
    await this.refreshState(last, false);
  }

  /** One line per block whose results lacked transactions or whose bytes held something that is not a transaction. */
  private reportOddTransactions(blocks: IndexedBlock[]): void {
    for (const block of blocks) {
      if (block.missingResults > 0) {
        this.o.log(
          `indexer: block ${block.height} has ${block.txs.length} transactions but block_results gave ${block.txs.length - block.missingResults} results; ${block.missingResults} stored with an unknown result`,
        );
      }
      for (const t of block.txs) {
        if (t.decodeError !== null)
          this.o.log(
            `indexer: block ${block.height} transaction ${t.idx} (${t.hash}) is not a Cosmos transaction (${t.decodeError}); kept as undecodable bytes`,
          );
      }
    }
  }

  /**
   * The figures of the members a batch changed, copied onto their team rows in a transaction of their own
   * (indexer/README.md): a read on PGlite's one connection that arrives during a write waits for the whole of it, and
   * this is a quarter of a full block's. Also run when the indexer starts, for a batch whose process stopped before its
   * sync.
   */
  private async syncMembers(): Promise<void> {
    const started = performance.now();
    await this.o.db.transaction(syncPendingMembers);
    this.o.metrics?.membersSynced((performance.now() - started) / 1000);
  }

  /** Only after the commit: a reader told earlier could look for rows that are not there yet (or never will be). */
  private async publishCommitted(from: number, to: number): Promise<void> {
    if (!this.o.publish) return;
    try {
      await this.o.publish({ from, to });
    } catch (error) {
      this.o.log(`indexer: could not publish heights ${from}-${to} to live clients (${describe(error)}); they get the next batch`);
    }
  }

  private async fetchBlock(height: number, goal: number): Promise<IndexedBlock> {
    try {
      return await this.fetcher.get(height, goal);
    } catch (error) {
      throw prunedFault(error, height) ?? error;
    }
  }

  /**
   * Reads supply, mempool and the validators that blocks changed (all of them when the set changed); failures only
   * logged, and a query the node refuses is not asked again (see optional()).
   */
  private async refreshState(height: number, force: boolean): Promise<void> {
    if (this.stopped || (!force && Date.now() - this.lastStateRefresh < this.o.stateRefreshMs)) return;
    this.lastStateRefresh = Date.now();
    const before = this.degraded.size;
    try {
      await this.optional("supply", "abci_query bank supply", "total and bonded supply stay unknown", async () =>
        saveSupply(this.o.db, await readSupply(this.o.rpc)),
      );
      await this.optional("validator_records", "abci_query staking validators", "validator names, status and tokens are not read", () =>
        this.refreshValidators(height, force),
      );
      if (this.degraded.size !== before) await writeDegraded(this.o.db, this.degraded);
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

/** The fault to stop with when `error` says the node has pruned `height`; null for any other error. */
function prunedFault(error: unknown, height: number): IndexerFault | null {
  const lowest = lowestAvailableHeight(error);
  if (lowest === null) return null;
  return new IndexerFault(
    EXIT.heightPruned,
    `the node has pruned height ${height} (its earliest available height is ${lowest}): point RPC_URL at a node that keeps height ${height} (an archive node), or index into an empty database with START_HEIGHT=${lowest}`,
  );
}

/** The promise's value, or null when it takes longer than `ms` (the promise is left running). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
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
