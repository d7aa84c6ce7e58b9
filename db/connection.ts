// The database connection: PGlite in a data folder by default, a PostgreSQL server when a URL is given.
import { PGlite, parse as pgliteParse, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { lockDataDir } from "./data-dir-lock.ts";
import { listenPostgres } from "./listen.ts";
import { POOL_SIZE, genericPoolSize } from "./defaults.ts";

/** Values a query may take as parameters. Arrays become PostgreSQL arrays. */
export type SqlParam = string | number | bigint | boolean | null | Date | SqlParam[] | Record<string, unknown>;

/**
 * How a server plans a read: anew for each call's values (the default), or once for any values ("generic") where the plan
 * is the same whatever they are (look-ups along primary keys) and planning costs more than running it. The embedded
 * engine plans each read for its values, and a server each statement of a transaction.
 */
export type QueryPlan = "custom" | "generic";

/** The one query interface the indexer and the API use, whatever the engine behind it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: SqlParam[], plan?: QueryPlan): Promise<T[]>;
}

export interface Transaction extends Queryable {
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Loads rows with COPY: `target` is a table and its columns, `data` the rows in COPY's text format (sql-rows.ts
   * `copyText`). A server reads them as a stream, the embedded engine as a file.
   */
  copyRows(target: string, data: Uint8Array<ArrayBuffer>[]): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: "pglite" | "postgres";
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `onNotice` with the payload of every NOTIFY on `channel` (PGlite delivers them in-process, a server through
   * a session of its own); the returned function stops listening.
   */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * A read replica: queries only. Writes take a Database (they need `transaction` or say so in their type), so the type
 * checker refuses to hand them this; and its sessions are read-only, so PostgreSQL refuses a write sent here anyway.
 */
export interface ReadDatabase extends Queryable {
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... to use a server; empty for the embedded engine. */
  url?: string;
  /** Folder of the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * What an in-memory embedded database starts from: a PGlite dump (`dumpDataDir`) instead of a new cluster. Tests start
   * from a migrated one, which opens in a third of the time `initdb` takes.
   */
  loadDataDir?: Blob;
  /** Connections in the server pool. */
  poolSize?: number;
  /** A server cancels any statement of this pool running longer (ms); 0 or absent: no limit. The embedded engine has none. */
  statementTimeoutMs?: number;
}

// int8 values (heights, counters, sequence numbers) stay below 2^53 (address_txs.mask, which does not, is only compared in
// SQL); amounts are NUMERIC and stay strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? POOL_SIZE, options.statementTimeoutMs ?? 0)
    : openPglite(options.dataDir, options.loadDataDir);
}

/**
 * PGlite runs each statement in this thread and answers through promises already settled, so a transaction of many
 * statements (the indexer's write of a block) would hold the event loop from its first statement to its commit: every
 * request arriving meanwhile, even one that reads no database, would wait for all of it. Between two statements of a
 * transaction the loop takes its turn; a request that reads the database still waits for the commit (PGlite has one
 * connection), one that does not is answered at once.
 */
const turnOfEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  // pg_trgm serves the team search (substring of nickname or address) from an index, as on a PostgreSQL server.
  const db = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
  try {
    await db.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  // Its pages are in memory or the file cache, so a page read out of order costs about what the next one does: planned
  // so, the indexer's joins of a block's few accounts probe the indexes instead of reading small tables whole, which in
  // WebAssembly is the slower way (BENCHMARKS.md "Index probes planned as cheap as they are").
  await db.exec(`set time zone 'UTC'; set random_page_cost = 1.1`);
  const prepared = pglitePrepared(db, new StatementNames());
  const run =
    (q: { query: PGlite["query"] }) =>
    async <T>(sql: string, params?: SqlParam[]) =>
      (await q.query<T>(sql, params as unknown[])).rows;
  return {
    engine: "pglite",
    query: run(db),
    transaction: (work) =>
      db.transaction((tx) => {
        const unnamed = run(tx);
        return work({
          query: async <T>(sql: string, params?: SqlParam[]) => {
            await turnOfEventLoop();
            return (await prepared<T>(sql, params)) ?? unnamed<T>(sql, params);
          },
          exec: async (sql) => {
            await turnOfEventLoop();
            await tx.exec(sql);
          },
          copyRows: async (target, data) => {
            await turnOfEventLoop();
            await tx.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob(data) });
          },
        });
      }),
    close: async () => {
      await db.close();
      unlock();
    },
    listen: async (channel, onNotice) => {
      const stop = await db.listen(channel, onNotice);
      return async () => {
        if (!db.closed) await stop();
      };
    },
  };
}

/**
 * A transaction's statements in PGlite as named prepared statements: PGlite parses, analyses and plans a text once, and
 * later calls send only its values, where an unnamed statement is parsed and planned on every call. In WebAssembly that
 * is most of a small statement's time (the members' figures onto their ancestor rows: 1.5 ms unnamed, 0.1–0.3 prepared;
 * BENCHMARKS.md "A block's statements prepared once"). PostgreSQL's default `plan_cache_mode` plans the first five
 * calls for their values and then keeps one plan when it costs no more. Undefined when `sql` is to be sent unnamed
 * (past StatementNames' limit, or a text whose prepared form no longer fits its tables).
 */
function pglitePrepared(db: PGlite, names: StatementNames) {
  const paramTypes = new Map<string, number[]>();
  const send = async (...messages: Uint8Array[]) => (await db.execProtocol(Buffer.concat(messages), { syncToFs: false })).messages;
  const { serialize } = protocol;
  return async <T>(sql: string, params: SqlParam[] = []): Promise<T[] | undefined> => {
    const name = names.nameOf(sql);
    if (name === undefined) return undefined;
    try {
      // PGlite's own lock of one statement at a time, which its `query` takes too.
      return await db._runExclusiveQuery(async () => {
        let types = paramTypes.get(name);
        if (!types) {
          types = pgliteParse.parseDescribeStatementResults(
            await send(serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()),
          );
          paramTypes.set(name, types);
        }
        const values = params.map((value, i) => pgliteValue(db, value, types[i]));
        const messages = await send(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync());
        return pgliteParse.parseResults(messages, db.parsers)[0].rows as T[];
      });
    } catch (error) {
      if (isStalePlan(error)) names.refuse(sql);
      throw error;
    }
  };
}

/** A parameter as PGlite's own `query` sends it: through its type's serializer, or as text. */
function pgliteValue(db: PGlite, value: SqlParam, type: number): string | null {
  if (value === null) return null;
  const serializer = db.serializers[type];
  if (serializer) return serializer(value);
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Opens a PostgreSQL streaming replica (or any server) for reading only: every session is read-only. */
export function openReadDatabase(url: string, poolSize = POOL_SIZE, statementTimeoutMs = 0): ReadDatabase {
  const pools = serverPools(url, poolSize, statementTimeoutMs, "-c default_transaction_read_only=on");
  return { query: preparedQuery(pools, new StatementNames()), close: () => endPools(pools) };
}

/** A server's connections by how they plan (QueryPlan): `poolSize` planning for values, a quarter as many planning once. */
type ServerPools = Record<QueryPlan, pg.Pool>;

function serverPools(url: string, poolSize: number, statementTimeoutMs: number, options = ""): ServerPools {
  return {
    custom: serverPool(url, poolSize, "custom", statementTimeoutMs, options),
    // Connects only once a generic read comes (pg.Pool opens connections on demand).
    generic: serverPool(url, genericPoolSize(poolSize), "generic", statementTimeoutMs, options),
  };
}

const endPools = (pools: ServerPools) => Promise.all([pools.custom.end(), pools.generic.end()]).then(() => undefined);

function serverPool(url: string, poolSize: number, plan: QueryPlan, statementTimeoutMs: number, options = ""): pg.Pool {
  // "Today" and hourly figures are UTC whatever the server's own time zone is. No JIT: every query here reads an index
  // range, but on a large index the planner's estimate for a range with computed bounds passes jit_above_cost, and
  // compiling then takes half a second for a query that runs in a millisecond (BENCHMARKS.md "Ten million transactions").
  // A prepared statement is planned anew for each call's values (preparedQuery): a plan for one address or page would
  // not do for another, as a generic plan might. The generic pool's statements keep one plan for all values.
  const settings = [
    `-c TimeZone=UTC -c jit=off -c plan_cache_mode=force_${plan}_plan`,
    statementTimeoutMs > 0 ? `-c statement_timeout=${statementTimeoutMs}` : "",
    options,
  ];
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: settings.filter(Boolean).join(" ") });
  pool.on("error", (error) => console.error("database pool error:", error.message));
  return pool;
}

const serverQuery =
  (client: pg.Pool | pg.PoolClient) =>
  async <T>(sql: string, params?: SqlParam[]) =>
    (await client.query(sql, params as unknown[])).rows as T[];

/**
 * The names of a pool's (or PGlite's) prepared statements, one per SQL text. The read queries are a few hundred texts
 * built from fixed parts (db/queries), the indexer's writes about 130, so a limit only guards against a text that would
 * carry its values; past it, and for a text whose prepared form the server refused, queries are sent unnamed as before.
 */
export class StatementNames {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly limit = 1_000) {}

  /** The statement name of `sql`, or undefined to send it unnamed. */
  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined) return known ?? undefined;
    if (this.names.size >= this.limit) return undefined;
    const name = `axm_${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }

  /** Sends `sql` unnamed from now on. */
  refuse(sql: string): void {
    this.names.set(sql, null);
  }
}

/**
 * Queries of the pool as prepared statements: a connection parses and analyses a text once, and later calls send only
 * its values (BENCHMARKS.md "Reads as prepared statements"). A statement prepared before the schema changed under it
 * (a migration while the process runs) can no longer answer rows of another shape: that text is sent unnamed again.
 */
function preparedQuery(pools: ServerPools, names: StatementNames) {
  const unnamedOn: Record<QueryPlan, ReturnType<typeof serverQuery>> = { custom: serverQuery(pools.custom), generic: serverQuery(pools.generic) };
  return async <T>(sql: string, params?: SqlParam[], plan: QueryPlan = "custom"): Promise<T[]> => {
    const pool = pools[plan];
    const unnamed = unnamedOn[plan];
    const name = names.nameOf(sql);
    if (name === undefined) return unnamed<T>(sql, params);
    try {
      return (await pool.query({ name, text: sql, values: params as unknown[] })).rows as T[];
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      names.refuse(sql);
      return unnamed<T>(sql, params);
    }
  };
}

/** PostgreSQL's refusal of a prepared statement whose tables' columns changed since it was prepared. */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test((error as Error).message);
}

async function openPostgres(url: string, poolSize: number, statementTimeoutMs: number): Promise<Database> {
  const pools = serverPools(url, poolSize, statementTimeoutMs);
  const pool = pools.custom;
  return {
    engine: "postgres",
    query: preparedQuery(pools, new StatementNames()),
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost mid-transaction is also emitted as an 'error' event on the checked-out client, which would
      // end the process if nobody listened; the query waiting on it rejects too, and that is what callers handle.
      const lost = (error: Error) => console.error("database connection lost:", error.message);
      client.on("error", lost);
      try {
        await client.query("begin");
        const result = await work({
          query: serverQuery(client),
          exec: async (sql) => {
            await client.query(sql);
          },
          copyRows: (target, data) => pipeline(Readable.from(data), client.query(copyFrom(`copy ${target} from stdin`))),
        });
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.off("error", lost);
        client.release();
      }
    },
    close: () => endPools(pools),
    listen: (channel, onNotice) => listenPostgres(url, channel, onNotice),
  };
}
