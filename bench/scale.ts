// The list, detail and search routes on a chain's worth of history: 10,000,000 transactions of 2,000,000 addresses in
// 2,000,000 blocks, written once with the index's own schema, then every route paced at 500 requests a second.
import { createHash } from "node:crypto";
import { toBech32 } from "@cosmjs/encoding";
import pg from "pg";
import { ACCOUNT_PREFIX, VALOPER_PREFIX } from "../core/address.ts";
import { ADDRESS_STRETCH_BITS, ADDRESS_STRETCH_ROWS } from "../core/tx-stretches.ts";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { recreateDatabase } from "./databases.ts";
import { PACER, SERVE, child, load, pacerNotes, peakRss, stop, type LoadFigures } from "./load.ts";

const TXS = Number(process.env.BENCH_SCALE_TXS ?? 10_000_000);
const BLOCKS = TXS / 5;
const ADDRESSES = TXS / 5;
/** Addresses 0..2 take part in every tenth transaction each: a million transactions apiece at full size. */
const BUSY = 3;
const VALIDATORS = 10;
const CHUNK = 100_000;
const CHAIN_ID = "axm-bench-scale";
const DATABASE = process.env.BENCH_SCALE_DATABASE ?? "axm_bench_scale";
const API_PORT = 18_105;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RATE = Number(process.env.BENCH_SCALE_RATE ?? 500);
/** Block times start here, 5 s apart. */
const GENESIS_MS = Date.UTC(2026, 0, 1);
/** The tables the generator fills in bulk: their indexes are built after the rows, as a restore would. */
const BULK_TABLES = [
  "blocks",
  "transactions",
  "type_txs",
  "address_txs",
  "address_events",
  "accounts",
  "type_set_counts",
  "type_set_buckets",
  "address_type_set_counts",
  "address_mask_stretches",
];

const address = (i: number) => toBech32(ACCOUNT_PREFIX, createHash("sha256").update(`scale account ${i}`).digest().subarray(0, 20));
const validatorBytes = (text: string) => createHash("sha256").update(text).digest().subarray(0, 20);
const operator = (i: number) => toBech32(VALOPER_PREFIX, validatorBytes(`scale operator ${i}`));
const consensus = (i: number) => validatorBytes(`scale consensus ${i}`).toString("hex").toUpperCase();

/**
 * The devnet's message mix (devnet/workload.ts weights) in thousandths, drawn per transaction from a hash of its number;
 * a multi-message transaction lists both types.
 */
const MIX: [number, string[]][] = [
  [300, ["/cosmos.bank.v1beta1.MsgSend"]],
  [50, ["/cosmos.bank.v1beta1.MsgMultiSend"]],
  [200, ["/axiome.staking.v1beta1.MsgDelegate"]],
  [80, ["/axiome.staking.v1beta1.MsgUndelegate"]],
  [60, ["/axiome.staking.v1beta1.MsgBeginRedelegate"]],
  [200, ["/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward"]],
  [40, ["/cosmos.bank.v1beta1.MsgSend", "/axiome.staking.v1beta1.MsgDelegate"]],
  [40, ["/axiome.referral.v1beta1.MsgRegisterReferral"]],
  [10, ["/axiome.referral.v1beta1.MsgBurnPartnerFee"]],
  [20, ["/cosmwasm.wasm.v1.MsgExecuteContract"]],
];

/** SQL choosing the types of transaction `s` from MIX. */
function typesSql(): string {
  let upTo = 0;
  const arms = MIX.map(([weight, types]) => {
    upTo += weight;
    return `when abs(hashint8(s)) % 1000 < ${upTo} then array[${types.map((t) => `'${t}'`).join(", ")}]`;
  });
  return `case ${arms.join(" ")} end`;
}

async function isComplete(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const done = await client.query("select txs from chain_counters, indexer_state where chain_id = $1", [CHAIN_ID]);
    return Number(done.rows[0]?.txs) === TXS;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function step(client: pg.Client, label: string, sql: string, params: unknown[] = []): Promise<void> {
  const started = Date.now();
  await client.query(sql, params);
  console.log(`  [scale] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The bulk tables' constraints and indexes as migrations made them, dropped here and rebuilt by `rebuild`. */
async function dropIndexes(client: pg.Client): Promise<string[]> {
  const constraints = await client.query<{ tbl: string; name: string; def: string }>(
    `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where contype in ('p', 'u') and conrelid::regclass::text = any($1)`,
    [BULK_TABLES],
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where tablename = any($1)
     and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
    [BULK_TABLES],
  );
  for (const c of constraints.rows) await client.query(`alter table ${c.tbl} drop constraint ${c.name}`);
  for (const i of indexes.rows) await client.query(`drop index ${i.name}`);
  return [...constraints.rows.map((c) => `alter table ${c.tbl} add constraint ${c.name} ${c.def}`), ...indexes.rows.map((i) => i.def)];
}

async function insertAddresses(client: pg.Client): Promise<void> {
  await client.query("create unlogged table bench_addresses (id int primary key, address text not null)");
  for (let from = 0; from < ADDRESSES; from += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, ADDRESSES - from) }, (_, k) => from + k);
    await client.query("insert into bench_addresses select * from unnest($1::int[], $2::text[])", [ids, ids.map(address)]);
  }
}

/**
 * Every transaction's draws: a signer skewed towards low numbers (a few accounts sign most), a recipient (each address
 * at least once; one of the busy addresses for three in ten), its types; about one in five fails.
 */
async function drawTransactions(client: pg.Client): Promise<void> {
  await step(
    client,
    "draws",
    `create unlogged table bench_txs as
     select *, row_number() over (partition by failed order by s) as status_n from (
       select s, ((s - 1) / 5 + 1)::int8 as height, ((s - 1) % 5)::int as idx, abs(hashint8(s * 5 + 4)) % 5 = 0 as failed,
         floor($2::int8 * power((abs(hashint8(s * 2 + 1)) % 1000000) / 1e6, 3))::int as signer,
         case when s % 10 < $3 then (s % 10)::int when s <= $2 then (s - 1)::int else (abs(hashint8(s * 3 + 2)) % $2)::int end as recipient,
         ${typesSql()} as types
       from generate_series(1::int8, $1::int8) s) draws`,
    [TXS, ADDRESSES, BUSY],
  );
}

async function writeBlocks(client: pg.Client): Promise<void> {
  await step(
    client,
    "blocks",
    `insert into blocks (height, hash, chain_id, time, proposer, tx_count, event_count, emission_rate, events)
     select h, upper(encode(sha256(('block ' || h)::bytea), 'hex')), $2, to_timestamp($3::float8 / 1000 + h * 5),
       (array[${Array.from({ length: VALIDATORS }, (_, i) => `'${consensus(i)}'`).join(", ")}])[h % ${VALIDATORS} + 1],
       5, 11, 0.05, '[{"type":"mint","attributes":[{"key":"amount","value":"3170979"}]}]'
     from generate_series(1::int8, $1::int8) h`,
    [BLOCKS, CHAIN_ID, GENESIS_MS],
  );
}

async function writeTransactions(client: pg.Client): Promise<void> {
  await step(
    client,
    "transactions",
    `insert into transactions (seq, hash, height, idx, time, code, codespace, log, gas_used, gas_wanted, fee, memo, types, messages, events,
       signers, ok_n, fail_n, raw, decode_error)
     select s, upper(encode(sha256(('tx ' || s)::bytea), 'hex')), height, idx, to_timestamp($1::float8 / 1000 + height * 5),
       case when failed then 5 else 0 end, case when failed then 'sdk' else '' end,
       case when failed then 'insufficient funds' else '' end, 80000 + s % 40000, 200000, '[{"denom":"uaxm","amount":"5000"}]', '', types,
       ('[{"@type":"' || types[1] || '","from_address":"' || f.address || '","to_address":"' || t.address
         || '","amount":[{"denom":"uaxm","amount":"' || s % 100000 || '"}]}]')::json,
       ('[{"type":"message","attributes":[{"key":"sender","value":"' || f.address || '"}]},'
         || '{"type":"transfer","attributes":[{"key":"recipient","value":"' || t.address || '"},{"key":"sender","value":"' || f.address
         || '"},{"key":"amount","value":"' || s % 100000 || 'uaxm"}]}]')::json,
       array[f.address], case when failed then null else status_n end, case when failed then status_n end, null, null
     from bench_txs join bench_addresses f on f.id = signer join bench_addresses t on t.id = recipient`,
    [GENESIS_MS],
  );
}

/** The per-type and per-address lists, numbered densely per type and per address as the indexer numbers them. */
async function writeLists(client: pg.Client): Promise<void> {
  await step(
    client,
    "type_txs",
    `insert into type_txs (type, n, seq, ok_n, fail_n)
     select type, row_number() over (partition by type order by s), s,
       case when not failed then row_number() over (partition by type, failed order by s) end,
       case when failed then row_number() over (partition by type, failed order by s) end
     from (select distinct s, failed, unnest(types) as type from bench_txs) x`,
  );
  await step(
    client,
    "tx_types",
    `insert into tx_types (type, tx_count, ok_count, fail_count, bit)
     select type, count(*), count(ok_n), count(fail_n), nullif(least(row_number() over (order by min(seq)) - 1, 60), 60) from type_txs group by type`,
  );
  await step(
    client,
    "type sets",
    `create unlogged table bench_type_sets as
     select s, failed, array(select distinct x collate "C" from unnest(types) as x order by 1) as types from bench_txs`,
  );
  // A mask depends on the type set and the result only: one tx_mask() call (tens of microseconds) per pair, not per transaction.
  await step(
    client,
    "masks",
    "create unlogged table bench_masks as select types, failed, tx_mask(types, failed::int) as mask from (select distinct types, failed from bench_type_sets) x",
  );
  await step(
    client,
    "type_set_counts",
    `insert into type_set_counts (types, tx_count, ok_count, fail_count)
     select types, count(*), count(*) filter (where not failed), count(*) filter (where failed) from bench_type_sets group by types`,
  );
  await step(
    client,
    "type_set_buckets",
    `insert into type_set_buckets (types, bucket, tx_count, ok_count, fail_count)
     select types, bucket, sum(n) over w, sum(ok) over w, sum(fail) over w
     from (select types, (s >> 8)::int4 as bucket, count(*) as n, count(*) filter (where not failed) as ok, count(*) filter (where failed) as fail
           from bench_type_sets group by types, bucket) g
     window w as (partition by types order by bucket)`,
  );
  // The signer is named by both events, the recipient by the transfer only.
  await step(
    client,
    "links",
    `create unlogged table bench_links as
     select signer as id, s, height, '{0,1}'::int[] as idx from bench_txs
     union all select recipient, s, height, '{1}'::int[] from bench_txs where recipient <> signer`,
  );
  await step(
    client,
    "address_type_set_counts",
    `insert into address_type_set_counts (address, types, tx_count, ok_count, fail_count)
     select a.address, t.types, count(*), count(*) filter (where not t.failed), count(*) filter (where t.failed)
     from bench_links join bench_type_sets t using (s) join bench_addresses a using (id) group by a.address, t.types`,
  );
  await step(
    client,
    "address_txs and address_events",
    `with numbered as (
       select id, s, height, idx, row_number() over w as n, sum(cardinality(idx)) over w as en
       from bench_links window w as (partition by id order by s)),
     txs as (insert into address_txs (account, n, seq, mask)
       select id, n, s, m.mask from numbered join bench_type_sets using (s) join bench_masks m using (types, failed))
     insert into address_events (account, n, height, seq, idx) select id, en, height, s, idx from numbered`,
  );
  await step(
    client,
    "address_mask_stretches",
    `insert into address_mask_stretches (address, stretch, mask, tx_count)
     select a.address, (n >> ${ADDRESS_STRETCH_BITS})::int4, mask, count(*) from address_txs join bench_addresses a on a.id = account
     where n >= ${ADDRESS_STRETCH_ROWS} group by 1, 2, 3`,
  );
  await step(
    client,
    "accounts",
    `insert into accounts (id, address, tx_count, event_count, first_height, first_time)
     select a.id, a.address, count(*), sum(cardinality(idx)), min(height), to_timestamp($1::float8 / 1000 + min(height) * 5)
     from bench_links join bench_addresses a using (id) group by a.id, a.address`,
    [GENESIS_MS],
  );
  await client.query("select setval('accounts_id_seq', (select max(id) from accounts))");
}

async function writeCounters(client: pg.Client): Promise<void> {
  await step(
    client,
    "counters",
    `update chain_counters set blocks = $1::int8, txs = $2::int8, txs_ok = (select count(ok_n) from transactions),
       txs_failed = (select count(fail_n) from transactions), events = $1::int8 * 11, accounts = (select count(*) from accounts)`,
    [BLOCKS, TXS],
  );
  await step(
    client,
    "hourly counters",
    `insert into hourly_counters (hour, blocks, txs, events, accounts)
     select date_trunc('hour', time), count(*), sum(tx_count), sum(event_count), 0 from blocks group by 1`,
  );
  await client.query("update chain_snapshot set total_supply = 1000000000000000, delegated_supply = 400000000000000, read_at = now()");
  await client.query(
    `insert into validators (operator_address, consensus_address, moniker, identity, website, security_contact, details, status, jailed,
       tokens, delegator_shares, commission_rate, tx_fee_rate, updated_height)
     select o, c, 'Scale validator ' || n, '', '', '', '', 'BOND_STATUS_BONDED', false, 1000000000000, 1000000000000, '0.05', '0.1', 1
     from unnest($1::text[], $2::text[]) with ordinality as v(o, c, n)`,
    [Array.from({ length: VALIDATORS }, (_, i) => operator(i)), Array.from({ length: VALIDATORS }, (_, i) => consensus(i))],
  );
}

async function generate(url: string): Promise<void> {
  const db = await openDatabase({ url });
  await migrate(db);
  await db.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set work_mem = '1GB'; set maintenance_work_mem = '2GB'; set synchronous_commit = off");
  const rebuild = await dropIndexes(client);
  await insertAddresses(client);
  await drawTransactions(client);
  await writeBlocks(client);
  await writeTransactions(client);
  await writeLists(client);
  await writeCounters(client);
  for (const sql of rebuild) await step(client, `index ${/(?:INDEX|constraint) (\w+)/.exec(sql)?.[1]}`, sql);
  await client.query("drop table bench_links, bench_type_sets, bench_masks, bench_txs, bench_addresses");
  await step(client, "vacuum analyze", "vacuum analyze");
  // Last: isComplete() looks for this row, so a generation stopped before its indexes or statistics is made again.
  await client.query(
    "insert into indexer_state (chain_id, start_height, indexed_height, chain_height, node_height, heartbeat_at) values ($1, 1, $2, $2, $2, now())",
    [CHAIN_ID, BLOCKS],
  );
  await client.end();
}

interface Route {
  label: string;
  path: string;
  body?: string;
}

/** Every list the issue names, first, deep and last pages, with the filters alone and together; details; search. */
async function routes(url: string): Promise<Route[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (sql: string) => Object.values((await client.query(sql)).rows[0] as Record<string, unknown>)[0] as string;
  const busy = await one("select address from accounts order by tx_count desc limit 1");
  const quiet = await one("select address from accounts where tx_count between 3 and 6 order by address limit 1");
  const hash = await one(`select hash from transactions where seq = ${Math.floor(TXS / 2)}`);
  const busyFailed = Number(await one(`select sum(fail_count) from address_type_set_counts where address = '${busy}'`));
  await client.end();
  const send = encodeURIComponent("/cosmos.bank.v1beta1.MsgSend");
  const delegate = encodeURIComponent("/axiome.staking.v1beta1.MsgDelegate");
  const middle = GENESIS_MS + (BLOCKS / 2) * 5000;
  const day = `${middle}_${middle + 86_400_000}`;
  const month = `${middle}_${middle + 30 * 86_400_000}`;
  const half = `${GENESIS_MS + (BLOCKS / 4) * 5000}_${GENESIS_MS + ((3 * BLOCKS) / 4) * 5000}`;
  const lastPage = Math.ceil(TXS / 10);
  // Labels name the filters in short: the busy and the quiet address, a day, a month and the middle half of block time.
  const short = (query: string) =>
    decodeURIComponent(query || "all")
      .replaceAll(/\/[a-z.]+v1beta1\./g, "")
      .replace(busy, "busy")
      .replace(quiet, "quiet")
      .replace(day, "a day")
      .replace(month, "a month")
      .replace(half, "half the chain");
  const list = (query: string, pages: number[]) =>
    pages.map((page) => ({ label: `txs ${short(query)} page ${page}`, path: `/api/transactions/paginate/10/${page}${query ? `?${query}` : ""}` }));
  const count = (query: string) => ({ label: `count ${short(query)}`, path: `/api/transactions/paginate/records_count${query ? `?${query}` : ""}` });
  const searchFor = (label: string, query: string) => ({ label: `search ${label}`, path: "/api/blockchain/search", body: JSON.stringify({ query }) });
  return [
    ...list("", [1, 10_000, lastPage]),
    ...list(`type=${send}`, [1, 10_000]),
    ...list("status=1", [1, 10_000]),
    ...list("status=0", [10_000]),
    ...list(`time=${day}`, [1, 1_000]),
    ...list(`address=${busy}`, [1, 10_000]),
    ...list(`address=${quiet}`, [1]),
    ...list(`type=${send},${delegate}`, [1, 1_000]),
    ...list(`type=${send},${delegate}&status=1`, [1_000]),
    ...list(`type=${send}&status=1`, [1, 1_000]),
    ...list(`address=${busy}&type=${send}`, [1, 100]),
    ...list(`address=${busy}&status=1`, [1_000, Math.ceil(busyFailed / 20), Math.ceil(busyFailed / 10)]),
    ...list(`address=${busy}&time=${month}`, [1, 1_000]),
    ...list(`address=${busy}&status=1&time=${half}`, [Math.ceil(busyFailed / 40)]),
    ...list(`type=${send}&time=${day}`, [1, 100]),
    count(""),
    count(`type=${send}`),
    count("status=1"),
    count(`time=${day}`),
    count(`address=${busy}`),
    count(`type=${send},${delegate}`),
    count(`type=${send}&status=1`),
    count(`address=${busy}&type=${send}`),
    count(`address=${busy}&status=1`),
    count(`address=${busy}&type=${send},${delegate}&status=1`),
    count(`address=${busy}&time=${month}`),
    count(`address=${busy}&status=1&time=${half}`),
    { label: "events busy page 1", path: `/api/events/paginate/30/1?address=${busy}` },
    { label: "events busy page 10,000", path: `/api/events/paginate/30/10000?address=${busy}` },
    { label: "events quiet page 1", path: `/api/events/paginate/30/1?address=${quiet}` },
    { label: "events count busy", path: `/api/events/paginate/records_count?address=${busy}` },
    { label: "block detail", path: `/api/blocks/${BLOCKS / 2}` },
    { label: "transaction detail", path: `/api/transactions/${hash}` },
    searchFor("height", String(BLOCKS / 2)),
    searchFor("transaction hash", hash),
    searchFor(
      "block hash",
      createHash("sha256")
        .update(`block ${BLOCKS / 3}`)
        .digest("hex"),
    ),
    searchFor("address", quiet),
    searchFor("validator", operator(3)),
    searchFor("name", "Scale validator 3"),
    { label: "suggest name", path: "/api/blockchain/search/suggest?q=Scale%20val" },
    { label: "blockchain stat", path: "/api/blockchain/stat" },
    { label: "latest blocks", path: "/api/blocks/latest" },
  ];
}

/** The API process's memory under one route's load: its peak resident memory, and V8's heap once the load is over. */
interface ApiMemory {
  peakMb: number;
  heapMb: number;
}

/** The API's V8 heap (all its spaces, in MB) from its own /metrics: where resident memory beyond it lies outside V8. */
async function v8HeapMb(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${API_PORT}/metrics`)).text();
  return Number(/^nodejs_heap_size_total_bytes (\S+)$/m.exec(text)?.[1] ?? NaN) / 2 ** 20;
}

/** A request slower than this alone cannot keep a p99 of 30 ms under load: it is timed alone, not loaded. */
const ALONE_LIMIT_MS = 100;

/** The route's latency alone (median of three, after one to warm it), in ms. */
async function alone(target: string, init: RequestInit): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    const started = performance.now();
    const response = await fetch(target, init);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.slice(1).sort((a, b) => a - b)[1];
}

/**
 * Paced load on the route, unless one request alone already takes longer than ALONE_LIMIT_MS: 500 of those a second
 * would only queue up behind each other (and behind them the next route's), so that route gets its time alone.
 */
async function measure(route: Route): Promise<LoadFigures & { aloneMs: number; loaded: boolean }> {
  const target = `http://127.0.0.1:${API_PORT}${route.path}`;
  const post = route.body ? { method: "POST" as const, body: route.body, headers: { "content-type": "application/json" } } : {};
  const aloneMs = await alone(target, post);
  if (aloneMs > ALONE_LIMIT_MS) return { rps: 0, p50: aloneMs, p99: aloneMs, errors: 0, aloneMs, loaded: false };
  return { ...(await load(target, { connections: CONNECTIONS, seconds: SECONDS, rate: RATE, ...post })), aloneMs, loaded: true };
}

export async function scaleFigures(postgres: string): Promise<void> {
  const url = Object.assign(new URL(postgres), { pathname: `/${DATABASE}` }).toString();
  if (!(await isComplete(url))) {
    await recreateDatabase(postgres, DATABASE);
    const started = Date.now();
    await generate(url);
    console.log(`  [scale] generated ${TXS} transactions in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const api = await child(
    SERVE,
    { DATABASE_URL: url, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0", SEARCH_RATE_LIMIT: "0", LOG_LEVEL: "warn" },
    /listening/,
  );
  const rows: (Route & Awaited<ReturnType<typeof measure>> & ApiMemory)[] = [];
  for (const route of await routes(url)) {
    const { result, peakMb } = await peakRss(api.pid!, () => measure(route));
    rows.push({ ...route, ...result, peakMb, heapMb: await v8HeapMb() });
  }
  await stop(api);
  console.log(
    `\nScale (${TXS} txs, ${BLOCKS} blocks, ${ADDRESSES} addresses; ${RATE} req/s paced (${PACER}), ${CONNECTIONS} connections, ${SECONDS} s per route)`,
  );
  for (const r of rows) {
    const label = r.label.slice(0, 70).padEnd(70);
    if (!r.loaded) {
      console.log(`  ${label} not loaded: ${r.aloneMs.toFixed(0)} ms alone  <-- over 30 ms`);
      continue;
    }
    const mark = r.p99 <= 30 && r.errors === 0 ? "" : "  <-- over 30 ms or errors";
    console.log(
      `  ${label} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  alone ${r.aloneMs.toFixed(1)} ms  RSS ${r.peakMb.toFixed(0)} MB (V8 heap ${r.heapMb.toFixed(0)} MB after)${pacerNotes(r)}${mark}`,
    );
  }
  const peak = rows.reduce((top, r) => (r.peakMb > top.peakMb ? r : top));
  console.log(`  API process peak RSS: ${peak.peakMb.toFixed(0)} MB, under the load of ${peak.label}`);
}
