// Live updates: one subscription to the indexer's notices per process, one read per notice, fanned out to every stream.
import { PassThrough } from "node:stream";
import { consensusHexToBech32 } from "../core/address.ts";
import type { Queryable } from "../db/connection.ts";
import type { IndexedRange, NoticeBus } from "../db/live-notices.ts";
import { liveBlocks, type LiveBlockRow } from "../db/queries/live.ts";
import { ApiError } from "./errors.ts";

export interface LiveFeedOptions {
  bus: NoticeBus;
  db: Queryable;
  /** Streams this process holds at once; one more is a 503. */
  maxClients: number;
  /** A comment line to every stream this often, so proxies and clients see an idle stream is alive (API.md: 15 s). */
  heartbeatMs?: number;
  /** How long a notice's heights may take to become readable (a read replica replaying behind the primary). */
  replicaWaitMs?: number;
  log?: (line: string) => void;
}

/** A stream whose client reads slower than this many bytes behind is cut: it reconnects and starts afresh. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** EventSource waits this long before reconnecting (the SSE `retry` field). */
const RECONNECT_MS = 5000;
const RETRY_PAUSES_MS = [50, 100, 200, 400];

interface StreamClient {
  stream: PassThrough;
  /** Only events naming this address; null for all. */
  address: string | null;
}

/** One block's events as SSE text, written once and shared by every client it concerns. */
interface BlockEvents {
  block: string;
  /** Operator address of the proposer: a stream filtered by it gets the block. */
  proposer: string | null;
  txs: { text: string; addresses: Set<string> }[];
}

export class LiveFeed {
  private readonly clients = new Set<StreamClient>();
  private subscription: Promise<() => Promise<void>> | null = null;
  private delivering: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly o: Required<LiveFeedOptions>;

  constructor(options: LiveFeedOptions) {
    this.o = { heartbeatMs: 15_000, replicaWaitMs: 3000, log: (line) => console.error(line), ...options };
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** A new stream for a client, subscribed on first use; a 503 when the process holds as many as it may. */
  open(address: string | null): PassThrough {
    if (this.closed) throw new ApiError(503, "closing", "The server is shutting down");
    if (this.clients.size >= this.o.maxClients) throw new ApiError(503, "stream_full", "Too many live streams on this server; try again shortly");
    this.subscribe();
    const client: StreamClient = { stream: new PassThrough(), address };
    this.clients.add(client);
    client.stream.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    client.stream.on("close", () => this.remove(client));
    this.heartbeat ??= setInterval(() => this.broadcast(": heartbeat\n\n"), this.o.heartbeatMs);
    return client.stream;
  }

  /** Ends every stream and the subscription (the API's close: streams must not hold the server open). */
  async close(): Promise<void> {
    this.closed = true;
    for (const client of [...this.clients]) client.stream.end();
    this.clients.clear();
    this.stopHeartbeat();
    const unsubscribe = await this.subscription?.catch(() => null);
    await unsubscribe?.();
    await this.delivering;
  }

  private remove(client: StreamClient): void {
    this.clients.delete(client);
    if (this.clients.size === 0) this.stopHeartbeat();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private subscribe(): void {
    if (this.subscription) return;
    this.subscription = this.o.bus.subscribe((range) => {
      // One range at a time, in the order the indexer wrote them.
      this.delivering = this.delivering
        .then(() => this.deliver(range))
        .catch((error: Error) => this.o.log(`live: heights ${range.from}-${range.to} not sent (${error.message})`));
    });
    this.subscription.catch((error: Error) => {
      this.o.log(`live: could not subscribe to the indexer's notices (${error.message}); trying again with the next stream`);
      this.subscription = null;
    });
  }

  private async deliver(range: IndexedRange): Promise<void> {
    if (this.clients.size === 0 || this.closed) return;
    for (const row of await this.readRange(range)) this.send(blockEvents(row));
  }

  /**
   * The range's rows, read once for every client. A notice comes from the primary: on a read replica it can arrive
   * before the replica has replayed the batch, so an incomplete range is read again for a moment before it is sent as is.
   */
  private async readRange({ from, to }: IndexedRange): Promise<LiveBlockRow[]> {
    const deadline = Date.now() + this.o.replicaWaitMs;
    for (let attempt = 0; ; attempt++) {
      const rows = await liveBlocks(this.o.db, from, to);
      if (rows.length === to - from + 1 || this.closed) return rows;
      const pause = RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)];
      if (Date.now() + pause > deadline) {
        this.o.log(`live: heights ${from}-${to} announced but only ${rows.length} readable after ${this.o.replicaWaitMs} ms; sending those`);
        return rows;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  private send(events: BlockEvents): void {
    for (const client of this.clients) {
      if (client.address === null) {
        this.write(client, events.block + events.txs.map((tx) => tx.text).join(""));
        continue;
      }
      const address = client.address;
      const chunks = events.txs.filter((tx) => tx.addresses.has(address)).map((tx) => tx.text);
      if (events.proposer === address) chunks.unshift(events.block);
      if (chunks.length > 0) this.write(client, chunks.join(""));
    }
  }

  private broadcast(text: string): void {
    for (const client of this.clients) this.write(client, text);
  }

  private write(client: StreamClient, text: string): void {
    if (client.stream.writableLength > MAX_BUFFERED_BYTES) {
      this.remove(client);
      client.stream.end();
      return;
    }
    client.stream.write(text);
  }
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function blockEvents(row: LiveBlockRow): BlockEvents {
  const proposer = row.proposer ? consensusHexToBech32(row.proposer) : "";
  return {
    block: sse("block", { height: row.height, time: new Date(row.time).toISOString(), txs: row.tx_count, proposer }),
    proposer: row.validator_address,
    txs: row.txs.map((tx) => ({
      text: sse("tx", { hash: tx.hash, height: row.height, types: tx.types, status: tx.code === 0 ? 0 : 1, addresses: tx.addresses }),
      addresses: new Set(tx.addresses),
    })),
  };
}
