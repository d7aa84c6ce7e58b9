// Contracts and CW-20 tokens seeded from the node's state at a height, compared table by table with an index of the same chain built block by block up to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryRefusedError, RpcClient, RpcUnavailableError } from "../chain/rpc.ts";
import type { Queryable } from "../db/connection.ts";
import { seedContracts } from "../indexer/seed-contracts.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, type ServedDevnet } from "./support/pipeline.ts";

/** The devnet's script has stored, instantiated, migrated and re-administered everything by block 50. */
const BLOCKS = 60;

/**
 * Each table in key order, without what the node cannot tell about the past: a code's store height (wasmd keeps
 * none; the seed writes 0) and a contract's execution count (counted from events of blocks the seed never reads).
 */
const TABLES: Record<string, string> = {
  codes: "select id, checksum, creator, permission, permission_addresses, verified, contracts_count from codes order by id",
  contracts: "select address, seq, code_id, creator, admin, label, height, tx_index from contracts order by seq",
  contract_history: "select * from contract_history order by contract, seq",
  cw20_tokens: "select * from cw20_tokens order by contract",
  cw20_balances: "select * from cw20_balances order by contract, holder",
};

const rows = (db: Queryable, table: string) => db.query<Record<string, unknown>>(TABLES[table]);
const count = async (db: Queryable, sql: string) => Number((await db.query<{ n: number }>(sql))[0].n);

describe.each(ENGINES)("contracts seeded mid-chain on %s", (engine) => {
  let chain: ServedDevnet;
  let indexed: TestDatabase;
  let seeded: TestDatabase;
  /** Stays empty: the seeds that fail write nothing into it. */
  let empty: TestDatabase;

  beforeAll(async () => {
    chain = await serveDevnet(BLOCKS);
    indexed = await createTestDatabase(engine);
    expect(await indexerFor(indexed.db, chain.url).catchUp()).toBe(BLOCKS);
    seeded = await createTestDatabase(engine);
    await seedContracts(seeded.db, new RpcClient(chain.url, { timeoutMs: 5000 }), BLOCKS);
    empty = await createTestDatabase(engine);
  }, 240_000);
  afterAll(async () => {
    await chain?.devnet.close();
    await indexed?.drop();
    await seeded?.drop();
    await empty?.drop();
  });

  it("compares a chain with codes, migrated contracts and tokens of many holders", async () => {
    const db = indexed.db;
    expect(await count(db, "select count(*)::int as n from codes")).toBeGreaterThanOrEqual(6);
    expect(await count(db, "select count(*)::int as n from contracts")).toBeGreaterThanOrEqual(9);
    expect(await count(db, "select count(*)::int as n from contract_history where operation = 'migrate'")).toBeGreaterThanOrEqual(1);
    expect(await count(db, "select count(*)::int as n from cw20_tokens")).toBe(4);
    expect(await count(db, "select min(holders)::int as n from cw20_tokens")).toBeGreaterThanOrEqual(6);
    // More holders than one all_accounts page (30) holds.
    expect(await count(db, "select max(holders)::int as n from cw20_tokens")).toBeGreaterThan(30);
    expect(await count(db, "select count(*)::int as n from cw20_tokens where logo is not null")).toBeGreaterThanOrEqual(1);
  });

  it.each(Object.keys(TABLES))("seeds %s as the index from height 1 holds it", async (table) => {
    expect(await rows(seeded.db, table)).toEqual(await rows(indexed.db, table));
  });

  it("writes what it cannot know as unknown: store heights 0, no executions", async () => {
    expect(await count(seeded.db, "select count(*)::int as n from codes where height <> 0")).toBe(0);
    expect(await count(seeded.db, "select count(*)::int as n from contracts where executes <> 0")).toBe(0);
  });

  it("writes nothing when the node refuses wasm's queries, and names the refusal", async () => {
    const refusing = {
      abciQuery: async () => ({ code: 6, value: new Uint8Array(), log: "unknown query path: unknown request", height: BLOCKS }),
    } as unknown as RpcClient;
    await expect(seedContracts(empty.db, refusing, BLOCKS)).rejects.toBeInstanceOf(QueryRefusedError);
    expect(await count(empty.db, "select count(*)::int as n from codes")).toBe(0);
  });

  it("lets a node that cannot be reached fail the seed, for the caller to retry", async () => {
    const unreachable = new RpcClient("http://127.0.0.1:9", { timeoutMs: 1000 });
    await expect(seedContracts(empty.db, unreachable, BLOCKS)).rejects.toBeInstanceOf(RpcUnavailableError);
  });
});
