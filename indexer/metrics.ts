// Prometheus figures of the indexer process (API.md "Operations"): heights and lag, blocks and transactions written,
// batch write and member sync seconds, what the writer waits for, the tables' upkeep, node request faults by method,
// its database pool and the process.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { registerPoolMetrics, type PoolUse } from "../db/pool-use.ts";

/** Seconds: a batch of a few blocks at the head to a full batch of 100 busy blocks during a catch-up. */
const BATCH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: the upkeep of a small index to the vacuum of a large one's tables after a catch-up from genesis. */
const UPKEEP_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

export class IndexerMetrics {
  readonly registry = new Registry();
  private indexedHeight: number | null = null;
  private nodeHeight: number | null = null;
  private readonly blocks = new Counter({ name: "axm_indexer_blocks_total", help: "Blocks written to the index by this process", registers: [this.registry] });
  private readonly txs = new Counter({ name: "axm_indexer_txs_total", help: "Transactions written to the index by this process", registers: [this.registry] });
  private readonly batchSeconds = new Histogram({
    name: "axm_indexer_batch_write_seconds",
    help: "Seconds to write one batch of blocks (one database transaction)",
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });
  private readonly memberSyncSeconds = new Histogram({
    name: "axm_indexer_member_sync_seconds",
    help: "Seconds to copy the figures of the members a batch changed onto their team rows (one database transaction right after the batch's)",
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });
  private readonly upkeepSeconds = new Histogram({
    name: "axm_indexer_upkeep_seconds",
    help: "Seconds of one upkeep of the tables (VACUUM and ANALYZE of those changed much) after a catch-up and every 10,000 transactions or blocks",
    buckets: UPKEEP_BUCKETS,
    registers: [this.registry],
  });
  private readonly waits = new Counter({
    name: "axm_indexer_wait_seconds_total",
    help: "Seconds the writer waited for the next blocks to be fetched and decoded (for=blocks), or decoded blocks waited for the batch before them to be written (for=write)",
    labelNames: ["for"],
    registers: [this.registry],
  });
  private readonly nodeErrors = new Counter({
    name: "axm_node_request_errors_total",
    help: "Node requests that failed and were retried, by RPC method",
    labelNames: ["method"],
    registers: [this.registry],
  });

  constructor(pool: PoolUse) {
    collectDefaultMetrics({ register: this.registry });
    registerPoolMetrics(this.registry, pool);
    const gauge = (name: string, help: string, value: () => number | null) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const known = value();
          if (known !== null) this.set(known);
        },
      });
    gauge("axm_indexed_height", "Last height written to the index", () => this.indexedHeight);
    gauge("axm_chain_height", "Latest height of the indexed node, as last seen", () => this.nodeHeight);
    gauge("axm_lag_blocks", "Blocks the index is behind the node", () =>
      this.indexedHeight === null || this.nodeHeight === null ? null : Math.max(0, this.nodeHeight - this.indexedHeight),
    );
  }

  /** The index's cursor, read at start or moved by a written batch. */
  indexed(height: number): void {
    this.indexedHeight = height;
  }

  /** The node's latest height, as just reported by it. */
  nodeAt(height: number): void {
    this.nodeHeight = height;
  }

  /** A batch committed: its blocks, their transactions, and the seconds its transaction took. */
  batchWritten(blocks: { height: number; txs: unknown[] }[], seconds: number): void {
    this.blocks.inc(blocks.length);
    this.txs.inc(blocks.reduce((n, block) => n + block.txs.length, 0));
    this.batchSeconds.observe(seconds);
    this.indexed(blocks[blocks.length - 1].height);
  }

  /** The members a batch changed synced, in seconds. */
  membersSynced(seconds: number): void {
    this.memberSyncSeconds.observe(seconds);
  }

  /** An upkeep of the tables done, in seconds. */
  upkept(seconds: number): void {
    this.upkeepSeconds.observe(seconds);
  }

  /** A wait of the indexing loop: for the next blocks, or for the write of the batch before. */
  waited(what: "blocks" | "write", seconds: number): void {
    this.waits.inc({ for: what }, seconds);
  }

  /** Seconds waited so far, for blocks and for writes. */
  async waitedSeconds(): Promise<{ blocks: number; write: number }> {
    const { values } = await this.waits.get();
    const of = (what: string) => values.find((v) => v.labels.for === what)?.value ?? 0;
    return { blocks: of("blocks"), write: of("write") };
  }

  /** A node request that failed and is being retried. */
  nodeFault(method: string): void {
    this.nodeErrors.inc({ method });
  }
}
