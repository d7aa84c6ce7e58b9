// The global search's name queries on generated data, on PGlite and PostgreSQL: 300 validators, 1,000 CW-20 tokens,
// 50,000 contracts and 500,000 nicknames built as the devnet builds them (adjective, noun, number).
import { MAX_SUGGESTIONS } from "../core/search.ts";
import { openDatabase, type Database } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { nameHits } from "../db/queries/search.ts";
import { recreateDatabase } from "./databases.ts";

const PROFILES = Number(process.env.BENCH_PROFILES ?? 500_000);
const CONTRACTS = 50_000;
const TOKENS = 1_000;
const VALIDATORS = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DATABASE = "axm_bench_search";

const ADJECTIVES = ["Swift", "Quiet", "Golden", "Lucky", "Brave", "Crypto", "Silver", "Northern", "Happy", "Cosmic", "Wise", "Bold"];
const NOUNS = ["Fox", "Whale", "Miner", "Falcon", "Staker", "Otter", "Builder", "Voyager", "Lynx", "Harbor", "Comet", "Bear"];
/** What a visitor types: one and two letters, a common start, a common word inside names, a narrow name, words with a space, nothing. */
const QUERIES = ["s", "sw", "swift", "fox", "swiftfox1234", "validator 7", "gold", "zzzz"];

const words = (list: string[]) => `(array['${list.join("','")}'])`;
const pick = (list: string[], n: string) => `${words(list)}[1 + (${n}) % ${list.length}]`;

async function generate(db: Database): Promise<void> {
  await migrate(db);
  const address = (kind: string) => `'axm1' || substr(md5('${kind}' || i), 1, 38)`;
  await db.query(
    `insert into validators (operator_address, consensus_address, moniker, identity, website, security_contact, details, status, jailed, tokens,
       delegator_shares, commission_rate, updated_height)
     select 'axmvaloper1' || substr(md5('v' || i), 1, 32), md5('c' || i), ${pick(ADJECTIVES, "i")} || ' Validator ' || i, '', '', '', '',
       'BOND_STATUS_BONDED', false, i * 1000, i * 1000, '0.1', 1
     from generate_series(1, ${VALIDATORS}) as i`,
  );
  await db.query(
    `insert into cw20_tokens (contract, seq, name, symbol, decimals, total_supply, holders)
     select ${address("t")}, i, ${pick(ADJECTIVES, "i")} || ' ' || ${pick(NOUNS, "i / 12")} || ' ' || i, upper(substr(md5('s' || i), 1, 4)), 6, 1000000, i % 500
     from generate_series(1, ${TOKENS}) as i`,
  );
  await db.query(
    `insert into contracts (address, seq, code_id, creator, label, height, tx_index)
     select ${address("c")}, i, 1, '', ${pick(NOUNS, "i")} || ' ' || ${pick(["Counter", "Lottery", "Vault", "Market", "Registry"], "i / 12")} || ' ' || i, i, 0
     from generate_series(1, ${CONTRACTS}) as i`,
  );
  await db.query(
    `insert into profiles (address, nickname)
     select ${address("p")}, ${pick(ADJECTIVES, "i * 7")} || ${pick(NOUNS, "i / 12")} || i from generate_series(1, ${PROFILES}) as i`,
  );
  await db.query("vacuum analyze");
}

async function timings(db: Database): Promise<{ query: string; hits: number; median: number; p95: number }[]> {
  const rows = [];
  for (const query of QUERIES) {
    const hits = (await nameHits(db, query, MAX_SUGGESTIONS)).length;
    const ms: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = process.hrtime.bigint();
      await nameHits(db, query, MAX_SUGGESTIONS);
      ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    ms.sort((a, b) => a - b);
    rows.push({ query, hits, median: Number(ms[Math.floor(RUNS / 2)].toFixed(2)), p95: Number(ms[Math.floor(RUNS * 0.95)].toFixed(2)) });
  }
  return rows;
}

export async function searchFigures(postgres: string): Promise<void> {
  await recreateDatabase(postgres, DATABASE);
  const server = await openDatabase({ url: Object.assign(new URL(postgres), { pathname: `/${DATABASE}` }).toString() });
  const embedded = await openDatabase({});
  for (const [name, db] of [
    ["PostgreSQL", server],
    ["PGlite", embedded],
  ] as const) {
    await generate(db);
    console.log(`\nSearch names on ${name} (${PROFILES} nicknames, ${CONTRACTS} contracts, ${TOKENS} tokens, ${VALIDATORS} validators), ms over ${RUNS} runs:`);
    console.table(await timings(db));
    await db.close();
  }
}
