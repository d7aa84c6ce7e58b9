// Every combination of the transaction list's filters (types, status, time, address), paged and counted, against the
// whole list filtered here; and migrations 019's numbering, 022's counts, 028's masks and 031's counts per stretch of an
// existing index, against what the indexer writes.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRETCH_SEQS } from "../core/tx-stretches.ts";
import { START_SEARCH_SKIP, pageTransactions, type TxFilter } from "../db/queries/transactions.ts";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";
import { runWithListsByAddress } from "./support/lists-by-address.ts";

const BLOCKS = 60;
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const DELEGATE = "/axiome.staking.v1beta1.MsgDelegate";
const MULTI_SEND = "/cosmos.bank.v1beta1.MsgMultiSend";

interface Tx {
  _id: string;
  blockId: number;
  code: number;
  type: string[];
  timestamp: string;
}

interface Filter {
  types?: string[];
  status?: 0 | 1;
  time?: [number, number];
  address?: string;
}

const query = (f: Filter) =>
  [
    f.types ? `type=${f.types.map(encodeURIComponent).join(",")}` : "",
    f.status === undefined ? "" : `status=${f.status}`,
    f.time ? `time=${f.time[0]}_${f.time[1]}` : "",
    f.address ? `address=${f.address}` : "",
  ]
    .filter(Boolean)
    .join("&");

describe.each(ENGINES)("the transaction filters on %s", (engine) => {
  let indexed: IndexedDevnet;
  /** The whole list, newest first, and one address's whole list. */
  let all: Tx[];
  let busy: string;
  let ofBusy: Set<string>;

  const pages = async (filter: string, size: number): Promise<Tx[]> => {
    const rows: Tx[] = [];
    for (let page = 1; ; page++) {
      const { data } = await indexed.get(`/api/transactions/paginate/${size}/${page}?${filter}`);
      rows.push(...data);
      if (data.length < size) return rows;
    }
  };

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS);
    all = await pages("", 100);
    // The signer of most transactions among those that sent coins and failed at least once.
    const txs = indexed.chain.devnet.state.txs;
    const mixed = new Set(txs.filter((tx) => tx.code !== 0).map((tx) => tx.signer));
    const signers = new Map<string, number>();
    for (const tx of txs) if (mixed.has(tx.signer) && tx.types.includes(SEND)) signers.set(tx.signer, (signers.get(tx.signer) ?? 0) + 1);
    busy = [...signers].sort((a, b) => b[1] - a[1])[0][0];
    ofBusy = new Set((await pages(`address=${busy}`, 100)).map((tx) => tx._id));
  });
  afterAll(async () => {
    await indexed?.close();
  });

  const expected = (f: Filter) =>
    all.filter(
      (tx) =>
        (!f.types || tx.type.some((t) => f.types!.includes(t))) &&
        (f.status === undefined || (f.status === 0 ? tx.code === 0 : tx.code !== 0)) &&
        (!f.time || (Date.parse(tx.timestamp) >= f.time[0] && Date.parse(tx.timestamp) <= f.time[1])) &&
        (!f.address || ofBusy.has(tx._id)),
    );

  /** The message type (other than sends) whose newest transaction lies deepest in the list. */
  const stale = () => {
    const newest = new Map<string, number>();
    all.forEach((tx, i) => tx.type.forEach((type) => type === SEND || newest.has(type) || newest.set(type, i)));
    return [...newest].sort((a, b) => b[1] - a[1])[0][0];
  };

  it("holds the whole chain, newest first, and a busy address with transactions of each status", () => {
    expect(all.map((tx) => tx._id)).toEqual(indexed.chain.devnet.state.txs.map((tx) => tx.hash).reverse());
    expect(all.some((tx) => tx.type.includes(SEND) && tx.type.includes(DELEGATE))).toBe(true);
    const mine = all.filter((tx) => ofBusy.has(tx._id));
    expect(mine.some((tx) => tx.code !== 0) && mine.some((tx) => tx.type.includes(SEND))).toBe(true);
  });

  it("pages and counts every combination as the whole list filtered", async () => {
    const middle = (from: number, to: number) => [Date.parse(all[all.length - from].timestamp), Date.parse(all[all.length - to].timestamp)] as [number, number];
    const time = middle(Math.floor(all.length / 4), Math.floor((all.length * 3) / 4));
    const filters: Filter[] = [
      { types: [SEND], status: 1 },
      { types: [SEND], status: 0 },
      { types: [DELEGATE], status: 1, time },
      { types: [DELEGATE], status: 0, time },
      { types: [SEND, DELEGATE] },
      { types: [SEND, DELEGATE], status: 1 },
      { types: [SEND, DELEGATE], status: 0, time },
      { types: [SEND, MULTI_SEND, DELEGATE] },
      // A type not seen for long beside a common one: the pages before its newest transaction hold the common one's
      // alone, and its one branch of the merge gives nothing until then.
      { types: [stale(), SEND] },
      { types: [SEND, stale()], status: 0 },
      { address: busy, types: [SEND] },
      { address: busy, status: 1 },
      { address: busy, status: 0 },
      { address: busy, types: [SEND, DELEGATE], status: 1 },
      { address: busy, status: 0, time },
      { address: busy, types: [SEND, DELEGATE], status: 0, time },
    ];
    for (const filter of filters) await expectFiltered(filter);
  });

  const busyFilters = (): Filter[] => {
    const time = [Date.parse(all[all.length - 1 - Math.floor(all.length / 3)].timestamp), Date.parse(all[0].timestamp)] as [number, number];
    return [
      { address: busy, types: [SEND] },
      { address: busy, types: [SEND, DELEGATE], status: 1 },
      { address: busy, types: [SEND], status: 0, time },
    ];
  };

  it("reads an address's list by type in the masks alone, and by reading its rows for a type without a bit", async () => {
    const [{ bit }] = await indexed.db.query<{ bit: number }>("select bit from tx_types where type = $1", [SEND]);
    const reads: string[] = [];
    const query = indexed.db.query.bind(indexed.db);
    indexed.db.query = ((sql: string, params?: unknown[]) => (reads.push(sql), query(sql, params as never))) as typeof indexed.db.query;
    try {
      for (const filter of busyFilters()) await expectFiltered(filter);
      expect(reads.some((sql) => sql.includes("l.mask &"))).toBe(true);
      expect(reads.some((sql) => sql.includes("from address_txs l join transactions t"))).toBe(false);
      // The 61st type the chain carries has no bit of its own: the same pages from the transactions' rows.
      await indexed.db.query("update tx_types set bit = null where type = $1", [SEND]);
      reads.length = 0;
      for (const filter of busyFilters()) await expectFiltered(filter);
      expect(reads.some((sql) => sql.includes("from address_txs l join transactions t"))).toBe(true);
    } finally {
      indexed.db.query = query;
      await indexed.db.query("update tx_types set bit = $2 where type = $1", [SEND, bit]);
    }
  });

  /** A filter's count and all its pages of 10 against the whole list filtered here, and an empty page past its end. */
  const expectFiltered = async (filter: Filter) => {
    const want = expected(filter).map((tx) => tx._id);
    expect(want.length, query(filter)).toBeGreaterThan(0);
    expect((await indexed.get(`/api/transactions/paginate/records_count?${query(filter)}`)).totalRecords, query(filter)).toBe(want.length);
    expect(
      (await pages(query(filter), 10)).map((tx) => tx._id),
      query(filter),
    ).toEqual(want);
    const past = Math.ceil(want.length / 10) + 1;
    expect((await indexed.get(`/api/transactions/paginate/10/${past}?${query(filter)}`)).data, query(filter)).toEqual([]);
  };

  it("numbers an index built before migration 019 as the indexer numbers a new one", async () => {
    const dump = () =>
      Promise.all([
        indexed.db.query("select type, n, ok_n, fail_n from type_txs order by type, n"),
        indexed.db.query("select type, ok_count, fail_count from tx_types order by type"),
      ]);
    const written = await dump();
    expect(written[1].some((r) => Number((r as { fail_count: number }).fail_count) > 0)).toBe(true);
    await indexed.db.query("update type_txs set ok_n = null, fail_n = null");
    await indexed.db.query("update tx_types set ok_count = 0, fail_count = 0");
    const migration = await readFile(new URL("../db/migrations/019_type_status_lists.sql", import.meta.url), "utf8");
    for (const statement of migration.split(";").filter((s) => /^\s*update /m.test(s.replace(/^--.*$/gm, "")))) await indexed.db.query(statement);
    expect(await dump()).toEqual(written);
  });

  it("counts an index built before migration 022 per type set as the indexer counts a new one", async () => {
    const dump = () =>
      Promise.all([
        indexed.db.query<{ types: string[] }>("select types, tx_count, ok_count, fail_count from type_set_counts order by types"),
        indexed.db.query("select address, types, tx_count, ok_count, fail_count from address_type_set_counts order by address, types"),
      ]);
    const written = await dump();
    expect(written[0].some((r) => r.types.length > 1 && r.types.join() === [...r.types].sort().join())).toBe(true);
    const migration = await readFile(new URL("../db/migrations/022_type_set_counts.sql", import.meta.url), "utf8");
    const backfills = migration.split(";").filter((s) => /^\s*insert /m.test(s.replace(/^--.*$/gm, "")));
    await runWithListsByAddress(indexed.db, ["delete from type_set_counts", "delete from address_type_set_counts", ...backfills]);
    expect(await dump()).toEqual(written);
  });

  it("counts an index built before migration 031 per stretch as the indexer counts a new one", async () => {
    const dump = () =>
      indexed.db.query<{ bucket: number }>("select types, bucket, tx_count, ok_count, fail_count from type_set_buckets order by types, bucket");
    const written = await dump();
    // The chain spans several stretches, and the indexer wrote it in batches that end inside them.
    expect(new Set(written.map((r) => r.bucket)).size).toBeGreaterThan(2);
    await indexed.db.query("drop table type_set_buckets");
    await indexed.db.query("drop function type_sets_stretch, type_sets_through");
    const migration = await readFile(new URL("../db/migrations/031_type_set_buckets.sql", import.meta.url), "utf8");
    await indexed.db.transaction((tx) => tx.exec(migration));
    expect(await dump()).toEqual(written);
  });

  it("masks and numbers the lists of an index built before migrations 028 and 045 as the indexer writes new ones", async () => {
    const dump = () =>
      Promise.all([
        indexed.db.query("select c.address, l.n, l.seq, l.mask::text as mask from address_txs l join accounts c on c.id = l.account order by c.address, l.n"),
        indexed.db.query("select type, bit from tx_types order by type"),
        indexed.db.query("select c.address, e.n, e.height, e.seq, e.idx from address_events e join accounts c on c.id = e.account order by c.address, e.n"),
        indexed.db.query("select indexname, indexdef from pg_indexes where tablename in ('address_txs', 'address_events', 'accounts') order by indexname"),
      ]);
    const written = await dump();
    expect(written[1].filter((r) => (r as { bit: number | null }).bit !== null).length).toBeGreaterThan(3);
    // The lists as migration 001 made them: keyed by the address, without masks, accounts without numbers.
    await indexed.db.transaction((tx) =>
      tx.exec(`
        create table address_txs_before as select c.address, l.n, l.seq from address_txs l join accounts c on c.id = l.account;
        drop table address_txs;
        alter table address_txs_before rename to address_txs;
        alter table address_txs add constraint address_txs_pkey primary key (address, n);
        create unique index address_txs_seq on address_txs (address, seq);
        create index address_txs_by_seq on address_txs (seq) include (address);
        create table address_events_before as select c.address, e.n, e.height, e.seq, e.idx from address_events e join accounts c on c.id = e.account;
        drop table address_events;
        alter table address_events_before rename to address_events;
        alter table address_events add constraint address_events_pkey primary key (address, n);
        alter table accounts drop column id;
        alter table tx_types drop column bit;
        drop function tx_mask(text[], int);`),
    );
    // 028 and the later migrations that change the lists and their indexes (044, 045), as an index built before 028 meets them.
    const migrations = await Promise.all(
      ["028_address_tx_masks.sql", "044_address_txs_by_seq_deduplicated.sql", "045_address_lists_by_account_id.sql"].map((file) =>
        readFile(new URL(`../db/migrations/${file}`, import.meta.url), "utf8"),
      ),
    );
    await indexed.db.transaction(async (tx) => {
      for (const migration of migrations) await tx.exec(migration);
    });
    expect(await dump()).toEqual(written);
  });
});

describe.each(ENGINES)("deep pages of several types on %s", (engine) => {
  let indexed: IndexedDevnet;
  let all: Tx[];
  /** Deep enough for the search in this chain of about 5,000 transactions (START_SEARCH_SKIP is for ten million). */
  const SEARCH_FROM = 8 * STRETCH_SEQS;

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, 130, { txsPerBlock: 40 });
    for (let page = 1, data: Tx[] = []; page === 1 || data.length === 100; page++) {
      ({ data } = await indexed.get(`/api/transactions/paginate/100/${page}`));
      all = [...(all ?? []), ...data];
    }
  });
  afterAll(async () => {
    await indexed?.close();
  });

  it("starts the walk at the end of the stretch the page falls in, and counts a time range from the stretches", async () => {
    expect(START_SEARCH_SKIP).toBeGreaterThanOrEqual(SEARCH_FROM);
    // The time range starts and ends inside stretches.
    const [from, to] = [Date.parse(all[all.length - 1 - Math.floor(all.length / 20)].timestamp), Date.parse(all[Math.floor(all.length / 20)].timestamp)];
    const time = { from: new Date(from), to: new Date(to) };
    const filters: TxFilter[] = [
      { types: [SEND, DELEGATE], status: 2, time: null, address: null },
      { types: [SEND, DELEGATE, MULTI_SEND], status: 0, time: null, address: null },
      { types: [SEND, DELEGATE], status: 2, time, address: null },
      { types: [SEND, DELEGATE], status: 1, time, address: null },
    ];
    const walks: unknown[][] = [];
    const read = indexed.db.query.bind(indexed.db);
    indexed.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes("select distinct on (x.seq) x.seq")) walks.push(params ?? []);
      return read(sql, params as never);
    }) as typeof indexed.db.query;
    try {
      for (const f of filters) {
        const label = JSON.stringify(f);
        const want = all
          .filter((tx) => tx.type.some((t) => f.types.includes(t)))
          .filter((tx) => f.status === 2 || (f.status === 0 ? tx.code === 0 : tx.code !== 0))
          .filter((tx) => !f.time || (Date.parse(tx.timestamp) >= from && Date.parse(tx.timestamp) <= to))
          .map((tx) => tx._id);
        const filter = [
          `type=${f.types.map(encodeURIComponent).join(",")}`,
          f.status === 2 ? "" : `&status=${f.status}`,
          f.time ? `&time=${from}_${to}` : "",
        ].join("");
        expect((await indexed.get(`/api/transactions/paginate/records_count?${filter}`)).totalRecords, label).toBe(want.length);
        if (f.status === 1) continue;
        expect(want.length, label).toBeGreaterThan(SEARCH_FROM + 2 * STRETCH_SEQS);
        // Every page from a little before the search starts, to an empty one past the end.
        const first = Math.floor(SEARCH_FROM / 10) - 5;
        walks.length = 0;
        const found: string[] = [];
        for (let page = first; ; page++) {
          const rows = await pageTransactions(indexed.db, f, 10, page, SEARCH_FROM);
          found.push(...rows.map((r) => r.hash));
          if (rows.length < 10) break;
        }
        expect(found, label).toEqual(want.slice((first - 1) * 10));
        // $5: the rows skipped in the walk; from SEARCH_FROM deep on, fewer than a stretch holds.
        walks.forEach((params, i) => {
          const skip = (first - 1 + i) * 10;
          if (skip < SEARCH_FROM) expect(Number(params[4])).toBe(skip);
          else expect(Number(params[4]), `${label} page ${first + i}`).toBeLessThan(STRETCH_SEQS);
        });
      }
    } finally {
      indexed.db.query = read;
    }
  });
});
