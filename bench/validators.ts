// Validator routes under load on generated data: 150 validators, 1 million blocks with their signatures, 300,000 delegations.
import { createHash } from "node:crypto";
import { toBech32 } from "@cosmjs/encoding";
import pg from "pg";
import { ACCOUNT_PREFIX, VALOPER_PREFIX, consensusHexToBech32 } from "../core/address.ts";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { recreateDatabase } from "./databases.ts";
import { PACER, SERVE, child, load, pacerNotes, stop } from "./load.ts";

const VALIDATORS = 150;
const BLOCKS = Number(process.env.BENCH_VALIDATOR_BLOCKS ?? 1_000_000);
const DELEGATORS = 2000;
const CHUNK = 100_000;
const CHAIN_ID = "axm-bench-validators";
const API_PORT = 18_091;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET_RATE = 1000;

const bytes = (text: string) => createHash("sha256").update(text).digest().subarray(0, 20);

function generatedValidators() {
  return Array.from({ length: VALIDATORS }, (_, i) => ({
    operator: toBech32(VALOPER_PREFIX, bytes(`operator ${i}`)),
    consensus: bytes(`consensus ${i}`).toString("hex").toUpperCase(),
    tokens: (BigInt(1_000_000 + ((i * 7919) % 9_000_000)) * 1_000_000n).toString(),
  }));
}

type Validators = ReturnType<typeof generatedValidators>;

/** The data set is written once: a database that holds all of it is used again, any other is made anew. */
async function isComplete(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const done = await client.query("select indexed_height from indexer_state where chain_id = $1", [CHAIN_ID]);
    return Number(done.rows[0]?.indexed_height) === BLOCKS;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function generate(url: string, validators: Validators): Promise<void> {
  const db = await openDatabase({ url });
  await migrate(db);
  console.log(`  [validators] generating ${VALIDATORS} validators, ${BLOCKS} blocks with signatures, ${VALIDATORS * DELEGATORS} delegations`);
  await db.query(
    `insert into validators (operator_address, consensus_address, moniker, identity, website, security_contact, details, status, jailed,
       tokens, delegator_shares, commission_rate, tx_fee_rate, updated_height)
     select o, c, 'Validator ' || n, '', 'https://example.org', '', '', case when n % 10 = 0 then 'BOND_STATUS_UNBONDED' else 'BOND_STATUS_BONDED' end,
       n % 25 = 0, t::numeric, t::numeric, '0.05', '0.1', $4
     from unnest($1::text[], $2::text[], $3::text[]) with ordinality as v(o, c, t, n)`,
    [validators.map((v) => v.operator), validators.map((v) => v.consensus), validators.map((v) => v.tokens), BLOCKS],
  );
  await db.query(
    `insert into consensus_validators (id, address, in_set, blocks, signed, proposed)
     select n, c, true, $2::int8, $2::int8 - $2::int8 / 50, $2::int8 / 150 from unnest($1::text[]) with ordinality as v(c, n)`,
    [validators.map((v) => v.consensus), BLOCKS],
  );
  for (let from = 1; from <= BLOCKS; from += CHUNK) {
    const to = Math.min(BLOCKS, from + CHUNK - 1);
    await db.query(
      `insert into blocks (height, hash, chain_id, time, proposer, tx_count, event_count, emission_rate, events)
       select h, upper(md5(h::text) || md5((h + 1)::text)), $3, timestamptz '2025-01-01' + h * interval '5 seconds',
         ($4::text[])[1 + h % ${VALIDATORS}], 0, 0, 0.18, '[]'::json
       from generate_series($1::int8, $2::int8) as h`,
      [from, to, CHAIN_ID, validators.map((v) => v.consensus)],
    );
    // About 2% of signatures missing, spread deterministically.
    await db.query(
      `insert into commits (height, signers)
       select h, array(select i from generate_series(1, ${VALIDATORS}) as i where (h * 7919 + i * 104729) % 100 >= 2)
       from generate_series($1::int8, $2::int8) as h`,
      [from, to],
    );
    console.log(`  [validators] ${to} blocks`);
  }
  const delegators = Array.from({ length: DELEGATORS }, (_, i) => toBech32(ACCOUNT_PREFIX, bytes(`delegator ${i}`)));
  await db.query(
    `insert into delegations (validator, delegator, amount)
     select v, d, ((abs(hashtext(v || d)) % 100000000) + 1)::numeric from unnest($1::text[]) as v cross join unnest($2::text[]) as d`,
    [validators.map((v) => v.operator), delegators],
  );
  await db.query("insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height) values (1, $1, 1, $2, $2)", [CHAIN_ID, BLOCKS]);
  await db.query("analyze");
  await db.close();
}

export async function validatorFigures(postgres: string): Promise<void> {
  const url = Object.assign(new URL(postgres), { pathname: "/axm_bench_validators" }).toString();
  const validators = generatedValidators();
  if (!(await isComplete(url))) {
    await recreateDatabase(postgres, "axm_bench_validators");
    await generate(url, validators);
  }

  const window = `${BLOCKS - 169}-${BLOCKS}`;
  const routes = [
    "/api/validators/all",
    `/api/blocks/${window}`,
    `/api/consensus/${window}?validator=${consensusHexToBech32(validators[0].consensus)}`,
    `/api/consensus/${window}`,
    `/api/validators/delegations/${validators[0].operator}/paginate/10/1`,
  ];
  const api = await child(SERVE, { DATABASE_URL: url, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0" }, /listening/);
  console.log(`\nvalidator routes on PostgreSQL, ${VALIDATORS} validators and ${BLOCKS} blocks (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`);
  for (const route of routes) {
    const target = `http://127.0.0.1:${API_PORT}${route}`;
    const most = await load(target, { connections: CONNECTIONS, seconds: SECONDS });
    const paced = await load(target, { connections: CONNECTIONS, seconds: SECONDS, rate: TARGET_RATE });
    console.log(
      `  ${route.padEnd(110)} most ${most.rps.toFixed(0).padStart(5)} req/s p99 ${most.p99} ms | at ${TARGET_RATE}/s (${PACER}): ${paced.rps.toFixed(0)} req/s p50 ${paced.p50} ms p99 ${paced.p99} ms errors ${most.errors + paced.errors}${pacerNotes(paced)}`,
    );
  }
  await stop(api);
}
