// The operations ledger keyed by the account's number (migration 046): an operation naming an AXM address that no list
// of its block names gives that address an account, one naming something else is left out, and migration 046 turns a
// ledger keyed by the address into the one the indexer writes.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toBech32 } from "@cosmjs/encoding";
import { normalizeBlock, normalizeBlockResults } from "../chain/normalize.ts";
import { operationsPage } from "../db/queries/operations.ts";
import { decodeBlock, type IndexedBlock } from "../indexer/decode-block.ts";
import type { DecodedOperation } from "../indexer/decode-operations.ts";
import { writeBatch } from "../indexer/write-batch.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const FIXTURES = new URL("../../shared/fixtures/real-chains/", import.meta.url);
const read = async (file: string) => JSON.parse(await readFile(new URL(file, FIXTURES), "utf8"));

const address = (byte: number) => toBech32("axm", new Uint8Array(20).fill(byte));
/** The sender, whom the transaction names. */
const SENDER = address(1);
/** A recipient no list of the block names (as a validator's own account, derived from its operator address). */
const DERIVED = address(2);
/** A failed transaction's malformed recipient: not an AXM address. */
const MALFORMED = "axm1notanaddressatall";

const operation = (who: string, type: "transfer_in" | "transfer_out", txHash: string): DecodedOperation => ({
  address: who,
  type,
  amount: "7",
  denom: null,
  txHash,
  error: null,
  fields: [],
});

/** A real recorded block with one transaction of the sender's, whose ledger pays the derived and the malformed recipients. */
async function block(): Promise<IndexedBlock> {
  const real = decodeBlock(
    normalizeBlock(await read("celenium-celestia-mocha4-1768659.block.result.json")),
    normalizeBlockResults(await read("celenium-celestia-mocha4-1768659.block_results.result.json")),
  );
  const tx = { ...real.txs[0], idx: 0, signers: [SENDER], parties: [SENDER], involved: { addresses: [SENDER], positions: [""] } };
  return {
    ...real,
    previousSigners: null,
    txs: [tx],
    missingResults: 0,
    involved: { addresses: [], positions: [] },
    operations: [
      operation(SENDER, "transfer_out", tx.hash),
      operation(DERIVED, "transfer_in", tx.hash),
      operation(SENDER, "transfer_out", tx.hash),
      operation(MALFORMED, "transfer_in", tx.hash),
    ],
    wasm: [],
    governance: [],
  };
}

describe.each(ENGINES)("the operations ledger by account on %s", (engine) => {
  let t: TestDatabase;
  let written: IndexedBlock;

  const ledger = () =>
    t.db.query(
      "select c.address, o.time, o.height, o.seq, o.type, o.amount, o.s, o.tx_hash from operations o join accounts c on c.id = o.account order by o.seq",
    );
  const accounts = () => t.db.query("select address, tx_count, event_count, first_height, first_time from accounts order by address");
  /** The accounts' counter, and the new accounts counted per hour and per day. */
  const counted = () =>
    Promise.all([
      t.db.query("select accounts::int from chain_counters"),
      t.db.query("select hour, accounts::int from hourly_counters order by hour"),
      t.db.query("select day::text, new_addresses::int from daily_stats order by day"),
    ]);

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    written = await block();
    await t.db.query("insert into indexer_state (chain_id, start_height, indexed_height, chain_height) values ($1, $2, $3, $2)", [
      written.chainId,
      written.height,
      written.height - 1,
    ]);
    await t.db.transaction((tx) => writeBatch(tx, [written], written.height));
  });
  afterAll(() => t?.drop());

  it("gives an AXM address an operation names an account from that block, and leaves out one that is not an address", async () => {
    const page = await operationsPage(t.db, { address: DERIVED, types: [], until: null, perPage: 10 });
    expect(page.map((o) => [o.type, o.amount, o.height, o.tx_hash])).toEqual([["transfer_in", "7", written.height, written.txs[0].hash]]);
    expect((await operationsPage(t.db, { address: SENDER, types: ["transfer_out"], until: null, perPage: 10 })).length).toBe(2);
    const first = { event_count: 0, first_height: written.height, first_time: new Date(written.time) };
    expect(await accounts()).toEqual(
      [
        { address: SENDER, tx_count: 1, ...first },
        { address: DERIVED, tx_count: 0, ...first },
      ].sort((a, b) => a.address.localeCompare(b.address)),
    );
    const [[total], hours, days] = await counted();
    expect(total).toEqual({ accounts: 2 });
    expect(hours).toEqual([{ hour: new Date(`${written.time.slice(0, 13)}:00:00Z`), accounts: 2 }]);
    expect(days).toEqual([{ day: written.time.slice(0, 10), new_addresses: 2 }]);
    expect((await ledger()).map((r) => (r as { address: string }).address)).toEqual([SENDER, DERIVED, SENDER]);
  });

  it("is what migration 046 makes of the same ledger keyed by the address, written before such an address got an account", async () => {
    const before = { ledger: await ledger(), accounts: await accounts(), counted: await counted() };
    await t.db.transaction((tx) =>
      tx.exec(`
        create table operations_before as
          select c.address, o.time, o.height, o.seq, o.type, o.amount, o.denom, o.s, o.tx_hash, o.error, o.fields
          from operations o join accounts c on c.id = o.account;
        drop table operations;
        alter table operations_before rename to operations;
        create index operations_address on operations (address, time desc, seq desc);
        create index operations_address_type on operations (address, type, time desc, seq desc);
        insert into operations select '${MALFORMED}', time, height, seq + 3, type, amount, denom, s, tx_hash, error, fields
          from operations where address = '${DERIVED}';
        delete from accounts where address = '${DERIVED}';
        update chain_counters set accounts = accounts - 1;
        update hourly_counters set accounts = accounts - 1;
        update daily_stats set new_addresses = new_addresses - 1;`),
    );
    const migration = await readFile(new URL("../db/migrations/046_operations_by_account_id.sql", import.meta.url), "utf8");
    await t.db.transaction((tx) => tx.exec(migration));
    expect({ ledger: await ledger(), accounts: await accounts(), counted: await counted() }).toEqual(before);
    const indexes = await t.db.query<{ indexname: string }>("select indexname from pg_indexes where tablename = 'operations' order by 1");
    expect(indexes.map((i) => i.indexname)).toEqual(["operations_account", "operations_account_type"]);
  });
});
