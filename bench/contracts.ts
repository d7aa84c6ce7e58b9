// Contract and token routes under load on generated data: 10,000 contracts over 20 codes, and a CW-20 token with 100,000 holders.
import { createHash } from "node:crypto";
import { toBech32 } from "@cosmjs/encoding";
import pg from "pg";
import { ACCOUNT_PREFIX } from "../core/address.ts";
import { openDatabase, type Database } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { recreateDatabase } from "./databases.ts";
import { PACER, SERVE, child, load, pacerNotes, stop } from "./load.ts";

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
const CODES = 20;
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 100_000);
const TOKENS = 50;
const CHUNK = 20_000;
const CHAIN_ID = "axm-bench-contracts";
const DATABASE = "axm_bench_contracts";
const API_PORT = 18_093;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET_RATE = 500;
const HEIGHT = 500_000;

const digest = (text: string) => createHash("sha256").update(text).digest();
const contractAddress = (i: number) => toBech32(ACCOUNT_PREFIX, digest(`contract ${i}`));
const holderAddress = (i: number) => toBech32(ACCOUNT_PREFIX, digest(`holder ${i}`).subarray(0, 20));

async function isComplete(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const done = await client.query(
      "select (select count(*)::int from contracts) as contracts, (select holders from cw20_tokens where seq = 1) as holders, (select chain_id from indexer_state) as chain",
    );
    return done.rows[0]?.contracts === CONTRACTS && done.rows[0]?.holders === HOLDERS && done.rows[0]?.chain === CHAIN_ID;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** Contracts 1..CONTRACTS, every code's; the first TOKENS are CW-20 tokens (code 1), the biggest being contract 1. */
async function insertContracts(db: Database, contracts: string[]): Promise<void> {
  await db.query(
    `insert into codes (id, checksum, creator, permission, permission_addresses, height, contracts_count)
     select i, encode(sha256(i::text::bytea), 'hex'), $1, case when i % 3 = 0 then 'Nobody' else 'Everybody' end, '{}', i, 0
     from generate_series(1, ${CODES}) as i`,
    [holderAddress(0)],
  );
  for (let from = 0; from < contracts.length; from += CHUNK) {
    const slice = contracts.slice(from, from + CHUNK);
    await db.query(
      `insert into contracts (address, seq, code_id, creator, admin, label, height, tx_index, executes)
       select a, n, case when n <= ${TOKENS} then 1 else 1 + n % ${CODES} end, $2, case when n % 2 = 0 then $2 else '' end,
         'contract ' || n, 100 + n * 10, n % 7, (n * 7919) % 5000
       from unnest($1::text[]) with ordinality as u(a, n0), lateral (select n0 + $3::int8 as n) s`,
      [slice, holderAddress(1), from],
    );
  }
  await db.query("update codes k set contracts_count = (select count(*) from contracts c where c.code_id = k.id)");
  await db.query(
    `insert into contract_history (contract, seq, operation, code_id, height, tx_index, msg)
     select address, 1, 'init', code_id, height, tx_index, json_build_object('label', label) from contracts`,
  );
}

async function insertTokens(db: Database, contracts: string[], holders: string[]): Promise<void> {
  const tokens = contracts.slice(0, TOKENS);
  await db.query(
    `insert into cw20_tokens (contract, seq, name, symbol, decimals, minter, cap, total_supply, holders, project, description, marketing, logo)
     select a, n, 'Token ' || n, 'TK' || n, 6, $2, case when n % 2 = 0 then 1000000000000000 end, 0, 0,
       'https://token' || n || '.example', '<p>Token <b>' || n || '</b></p>', $2, json_build_object('url', 'https://token' || n || '.example/logo.svg')
     from unnest($1::text[]) with ordinality as u(a, n)`,
    [tokens, holderAddress(2)],
  );
  for (let from = 0; from < holders.length; from += CHUNK) {
    const slice = holders.slice(from, from + CHUNK);
    // Token 1 is held by everyone; every holder also holds a few of the others.
    await db.query(
      `insert into cw20_balances (contract, holder, balance)
       select $2, h, 1 + (abs(hashtext(h)) % 100000) * 1000 from unnest($1::text[]) as h
       union all
       select t, h, 1 + abs(hashtext(t || h)) % 5000000 from unnest($1::text[]) as h, unnest($3::text[]) as t
       where abs(hashtext(t || h)) % 25 = 0`,
      [slice, tokens[0], tokens.slice(1)],
    );
  }
  await db.query(
    `update cw20_tokens t set total_supply = s.supply, holders = s.holders
     from (select contract, sum(balance) as supply, count(*)::int as holders from cw20_balances group by contract) s where s.contract = t.contract`,
  );
}

async function generate(url: string, contracts: string[], holders: string[]): Promise<void> {
  const db = await openDatabase({ url });
  await migrate(db);
  console.log(`  [contracts] generating ${CONTRACTS} contracts over ${CODES} codes, ${TOKENS} tokens, one with ${HOLDERS} holders`);
  await insertContracts(db, contracts);
  await insertTokens(db, contracts, holders);
  await db.query("insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height) values (1, $1, 1, $2, $2)", [CHAIN_ID, HEIGHT]);
  await db.query("vacuum analyze");
  await db.close();
}

/** The cursor the API gives after `rank` holders of the big token (its holders page walked that far). */
async function holderCursorAt(url: string, token: string, rank: number): Promise<string> {
  const db = await openDatabase({ url });
  const [row] = await db.query<{ holder: string; balance: string }>(
    "select b.holder, b.balance::text as balance from cw20_balances b where b.contract = $1 order by b.balance desc, b.holder desc offset $2 limit 1",
    [token, rank - 1],
  );
  await db.close();
  return Buffer.from(`${row.balance}:${row.holder}`).toString("base64url");
}

export async function contractFigures(postgres: string): Promise<void> {
  const url = Object.assign(new URL(postgres), { pathname: `/${DATABASE}` }).toString();
  const contracts = Array.from({ length: CONTRACTS }, (_, i) => contractAddress(i + 1));
  const holders = Array.from({ length: HOLDERS }, (_, i) => holderAddress(i + 1));
  if (!(await isComplete(url))) {
    await recreateDatabase(postgres, DATABASE);
    await generate(url, contracts, holders);
  }

  const big = contracts[0];
  const cursor = await holderCursorAt(url, big, Math.floor(HOLDERS / 2));
  const routes = [
    "/api/contracts?total=true&limit=10",
    `/api/contracts?total=true&limit=10&offset=${Math.floor(CONTRACTS / 2)}`,
    "/api/codes?total=true&limit=10",
    `/api/codes/2/contracts?total=true&limit=10&offset=${Math.floor(CONTRACTS / CODES / 2)}`,
    "/api/cw20/tokens",
    `/api/cw20/token/${big}`,
    `/api/cw20/${big}/holders?limit=10`,
    `/api/cw20/${big}/holders?limit=10&cursor=${cursor}`,
    `/api/multichain/assets/balances/${holders[0]}?contracts=${contracts.slice(0, 10).join(",")}`,
  ];
  const api = await child(SERVE, { DATABASE_URL: url, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0" }, /listening/);
  console.log(
    `\ncontract routes on PostgreSQL, ${CONTRACTS} contracts, a token with ${HOLDERS} holders (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`,
  );
  for (const route of routes) {
    const target = `http://127.0.0.1:${API_PORT}${route}`;
    const most = await load(target, { connections: CONNECTIONS, seconds: SECONDS });
    const paced = await load(target, { connections: CONNECTIONS, seconds: SECONDS, rate: TARGET_RATE });
    const shown = route
      .replace(big, "{token}")
      .replace(cursor, "{middle}")
      .replace(holders[0], "{holder}")
      .replace(contracts.slice(0, 10).join(","), "{10 tokens}");
    console.log(
      `  ${shown.padEnd(72)} most ${most.rps.toFixed(0).padStart(5)} req/s p99 ${most.p99} ms | at ${TARGET_RATE}/s (${PACER}): ${paced.rps.toFixed(0)} req/s p50 ${paced.p50} ms p99 ${paced.p99} ms errors ${most.errors + paced.errors}${pacerNotes(paced)}`,
    );
  }
  await stop(api);
}
