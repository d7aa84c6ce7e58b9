// An address whose list spans several stretches of 4,096 of its numbers (migration 037): the indexer's counts per
// stretch and mask against the migration's own, and every page of the address's filtered lists against the whole list
// filtered here, each walked from the stretch it starts in.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeBlock, normalizeBlockResults } from "../chain/normalize.ts";
import { ADDRESS_STRETCH_ROWS } from "../core/tx-stretches.ts";
import { countTransactions, pageTransactions, type TxFilter } from "../db/queries/transactions.ts";
import { decodeBlock, type IndexedBlock, type IndexedTx } from "../indexer/decode-block.ts";
import { writeBatch } from "../indexer/write-batch.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { runWithListsByAddress } from "./support/lists-by-address.ts";

const FIXTURES = new URL("../../shared/fixtures/real-chains/", import.meta.url);
const read = async (file: string) => JSON.parse(await readFile(new URL(file, FIXTURES), "utf8"));

const BUSY = "axm1busyaddressofthestretches";
const OTHER = "axm1anotheraddressinsomeofthem";
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const DELEGATE = "/axiome.staking.v1beta1.MsgDelegate";
/** The busy address's transactions: its list's first stretch, two whole ones past it and part of a third. */
const TXS = 3 * ADDRESS_STRETCH_ROWS + 1_500;
const PER_BLOCK = 50;
/** Blocks per batch: the batches end inside stretches, so a stretch's counts are added to by two batches. */
const BATCH_BLOCKS = 61;
const PAGE = 50;

/** Transaction i's types and result: sends, delegations and both, every fifth failed, every 97th without a result. */
function shape(i: number): { types: string[]; code: number | null } {
  const types = i % 7 === 0 ? [SEND, DELEGATE] : i % 3 === 0 ? [DELEGATE] : [SEND];
  return { types, code: i % 97 === 0 ? null : i % 5 === 0 ? 11 : 0 };
}

const hashOf = (i: number) => i.toString(16).toUpperCase().padStart(64, "0");

/** The busy address's transactions as blocks from the real recorded block's shape, each transaction naming it (and every other one OTHER too). */
async function blocks(): Promise<IndexedBlock[]> {
  const real = decodeBlock(
    normalizeBlock(await read("celenium-celestia-mocha4-1768659.block.result.json")),
    normalizeBlockResults(await read("celenium-celestia-mocha4-1768659.block_results.result.json")),
  );
  const empty = new TextEncoder().encode("[]");
  const base: IndexedTx = { ...real.txs[0], messagesJson: empty, eventsJson: empty, raw: new TextEncoder().encode("AA==") };
  const out: IndexedBlock[] = [];
  for (let b = 0; b * PER_BLOCK < TXS; b++) {
    const txs: IndexedTx[] = [];
    for (let i = b * PER_BLOCK; i < Math.min(TXS, (b + 1) * PER_BLOCK); i++) {
      const addresses = i % 2 === 0 ? [BUSY, OTHER] : [BUSY];
      txs.push({
        ...base,
        ...shape(i),
        hash: hashOf(i),
        idx: txs.length,
        signers: [BUSY],
        parties: [BUSY],
        involved: { addresses, positions: addresses.map(() => "") },
      });
    }
    const height = real.height + b;
    out.push({
      ...real,
      height,
      hash: hashOf(1e9 + height),
      time: new Date(Date.parse(real.time) + b * 5_000).toISOString(),
      previousSigners: null,
      txs,
      missingResults: 0,
      involved: { addresses: [], positions: [] },
      operations: [],
      wasm: [],
      governance: [],
    });
  }
  return out;
}

/** Whether transaction i meets a filter's types and status. */
function meets(f: Pick<TxFilter, "types" | "status">, i: number): boolean {
  const { types, code } = shape(i);
  return (f.types.length === 0 || f.types.some((x) => types.includes(x))) && (f.status === 2 || (f.status === 0 ? code === 0 : code !== null && code !== 0));
}

const FILTERS: Pick<TxFilter, "types" | "status">[] = [
  { types: [DELEGATE], status: 2 },
  { types: [], status: 1 },
  { types: [SEND, DELEGATE], status: 0 },
];

describe.each(ENGINES)("an address's list in stretches on %s", (engine) => {
  let t: TestDatabase;
  let chain: IndexedBlock[];

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    chain = await blocks();
    const last = chain[chain.length - 1].height;
    await t.db.query("insert into indexer_state (chain_id, start_height, indexed_height, chain_height) values ($1, $2, $3, $4)", [
      chain[0].chainId,
      chain[0].height,
      chain[0].height - 1,
      last,
    ]);
    for (let i = 0; i < chain.length; i += BATCH_BLOCKS) await t.db.transaction((tx) => writeBatch(tx, chain.slice(i, i + BATCH_BLOCKS), last));
  }, 180_000);
  afterAll(() => t?.drop());

  it("counts each address's stretches past the first per mask as migration 037 counts an existing index", async () => {
    const written = "select address, stretch, mask, tx_count from address_mask_stretches order by 1, 2, 3";
    const indexer = await t.db.query(written);
    expect(indexer.map((r) => (r as { address: string }).address)).toContain(OTHER);
    const migration = await readFile(new URL("../db/migrations/037_address_mask_stretches.sql", import.meta.url), "utf8");
    const backfill = migration.indexOf("insert into address_mask_stretches");
    await runWithListsByAddress(t.db, ["delete from address_mask_stretches", migration.slice(backfill, migration.indexOf(";", backfill))]);
    expect(await t.db.query(written)).toEqual(indexer);
    // Stretches 1 and 2 of the busy address, numbers 4,096 to 12,287 of its list, hold 4,096 transactions each.
    const perStretch = await t.db.query<{ stretch: number; count: number }>(
      "select stretch, sum(tx_count)::int as count from address_mask_stretches where address = $1 group by stretch order by stretch",
      [BUSY],
    );
    expect(perStretch).toEqual([
      { stretch: 1, count: ADDRESS_STRETCH_ROWS },
      { stretch: 2, count: ADDRESS_STRETCH_ROWS },
      { stretch: 3, count: TXS - 3 * ADDRESS_STRETCH_ROWS + 1 },
    ]);
  });

  /** Runs `read` with the parameters of every walk of the address's list under masks it makes recorded in `walks`. */
  async function recordingWalks<T>(walks: unknown[][], read: () => Promise<T>): Promise<T> {
    const query = t.db.query.bind(t.db);
    t.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes("from address_txs l where l.account = ") && sql.includes("offset $5")) walks.push(params ?? []);
      return query(sql, params as never);
    }) as typeof t.db.query;
    try {
      return await read();
    } finally {
      t.db.query = query;
    }
  }

  /** Every page of the filter (each looked up in the counts per stretch: searchFrom 0) and one past the end, with the walks made. */
  async function everyPage(filter: TxFilter, pages: number): Promise<{ found: string[]; walks: unknown[][] }> {
    const walks: unknown[][] = [];
    const found: string[] = [];
    await recordingWalks(walks, async () => {
      for (let page = 1; page <= pages + 1; page++) found.push(...(await pageTransactions(t.db, filter, PAGE, page, 0)).map((r) => r.hash));
    });
    return { found, walks };
  }

  it("pages every filtered list from the stretch each page starts in, none past a stretch's rows, and a page past the end not at all", async () => {
    for (const f of FILTERS) {
      const label = JSON.stringify(f);
      const want = [...Array(TXS).keys()]
        .filter((i) => meets(f, i))
        .reverse()
        .map(hashOf);
      const pages = Math.ceil(want.length / PAGE);
      expect(want.length, label).toBeGreaterThan(ADDRESS_STRETCH_ROWS / 2);
      const { found, walks } = await everyPage({ ...f, time: null, address: BUSY }, pages);
      expect(found, label).toEqual(want);
      expect(walks.length, label).toBe(pages);
      // $2: where the walk starts, past the list's first stretch for most pages; $5: the filter's rows walked past before the page.
      expect(walks.filter((w) => Number(w[1]) >= ADDRESS_STRETCH_ROWS).length, label).toBeGreaterThan(pages / 2);
      for (const [i, w] of walks.entries()) expect(Number(w[4]), `${label} page ${i + 1}`).toBeLessThan(ADDRESS_STRETCH_ROWS);
    }
  }, 120_000);

  it("counts and pages a time range's filtered list from the stretches inside it, its first and last stretches counted in the list", async () => {
    const timeOf = (i: number) => chain[Math.floor(i / PER_BLOCK)].time;
    // Transactions first..last's blocks: across four stretches, across three, and inside one.
    const ranges = [
      [1_020, 13_390],
      [5_000, 12_340],
      [4_400, 8_150],
    ];
    for (const [first, last] of ranges) {
      const time = { from: new Date(timeOf(first)), to: new Date(timeOf(last)) };
      const inRange = [...Array(TXS).keys()].filter(
        (i) => Math.floor(i / PER_BLOCK) >= Math.floor(first / PER_BLOCK) && Math.floor(i / PER_BLOCK) <= Math.floor(last / PER_BLOCK),
      );
      for (const f of FILTERS) {
        const label = `${JSON.stringify(f)} ${first}..${last}`;
        const want = inRange
          .filter((i) => meets(f, i))
          .reverse()
          .map(hashOf);
        const filter: TxFilter = { ...f, time, address: BUSY };
        expect(await countTransactions(t.db, filter), label).toBe(want.length);
        const pages = Math.ceil(want.length / PAGE);
        const { found, walks: pageWalks } = await everyPage(filter, pages);
        expect(found, label).toEqual(want);
        expect(pageWalks.length, label).toBe(pages);
        for (const [i, w] of pageWalks.entries()) expect(Number(w[4]), `${label} page ${i + 1}`).toBeLessThan(ADDRESS_STRETCH_ROWS);
        if (last - first > 2 * ADDRESS_STRETCH_ROWS)
          expect(pageWalks.filter((w) => Number(w[1]) > Number(pageWalks[0][1])).length, label).toBeGreaterThan(pages / 3);
      }
    }
  }, 180_000);
});
