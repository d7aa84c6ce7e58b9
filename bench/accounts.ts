// Account, team and rich-list routes under load on generated data: 1,000,000 accounts in a referral tree 14 levels deep,
// all in the root's team, three of them exchanges.
import { createHash } from "node:crypto";
import { toBech32 } from "@cosmjs/encoding";
import pg from "pg";
import { ACCOUNT_PREFIX } from "../core/address.ts";
import { MAX_LEVEL } from "../core/partnership-status.ts";
import { openDatabase, type Database } from "../db/connection.ts";
import { FIGURE_INDEXES } from "../db/deferred-indexes.ts";
import { migrate } from "../db/migrate.ts";
import { teamCount, teamPage, teamPageByFigure, teamPageByOffset, teamPageInLevelOrder, type TeamFilter } from "../db/queries/accounts.ts";
import { richAfter } from "../db/queries/rich-list.ts";
import { copyAncestorsToProfiles, syncMembers } from "../indexer/write-accounts.ts";
import { encodeRichCursor } from "../api/routes/rich-list.ts";
import { recreateDatabase } from "./databases.ts";
import { PACER, SERVE, child, load, pacerNotes, stop } from "./load.ts";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
/** Each level is this many times wider than the one above, so 14 levels hold about a million accounts. */
const WIDENING = 2.6;
const CHUNK = 100_000;
/** Changed whenever the generated data does (now: varied nicknames), so an older database is made again. */
const CHAIN_ID = "axm-bench-accounts-nicknames";
/** Another name keeps two runs on one server (two branches, say) from dropping each other's database. */
const DATABASE = process.env.BENCH_ACCOUNTS_DATABASE ?? "axm_bench_accounts";
const API_PORT = 18_092;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const TARGET_RATE = 500;
const HEIGHT = 1_000;
/** The rich list's deep page starts after this many accounts. */
const DEEP_RANK = 500_000;
const RICH_LIMIT = 25;
/** Team searches: a name in about 4,100 of the 333,334 nicknames, and a fragment in about 200. */
const COMMON_FRAGMENT = "alex";
const RARE_FRAGMENT = "zen1";
/** Timed calls of the rich list's query, for its own latency apart from HTTP and the answer cache. */
const QUERY_RUNS = 200;

/** Handles as people pick them: first names (some Cyrillic), words, digits and separators, mixed by a hash of the account number. */
const FIRST_NAMES = [
  "alex",
  "max",
  "ivan",
  "dmitry",
  "anna",
  "maria",
  "olga",
  "sergey",
  "nikita",
  "elena",
  "john",
  "mike",
  "kate",
  "david",
  "sara",
  "tom",
  "leo",
  "nina",
  "pavel",
  "artem",
  "yuri",
  "lena",
  "victor",
  "denis",
  "oleg",
  "irina",
  "roman",
  "katya",
  "igor",
  "vlad",
  "sasha",
  "andrey",
  "natasha",
  "kirill",
  "mark",
  "emma",
  "liam",
  "noah",
  "mia",
  "lucas",
];
const WORDS = [
  "crypto",
  "wolf",
  "moon",
  "star",
  "dark",
  "king",
  "queen",
  "hodl",
  "stake",
  "lucky",
  "tiger",
  "fox",
  "bear",
  "bull",
  "shadow",
  "ninja",
  "pixel",
  "storm",
  "ice",
  "fire",
  "gold",
  "silver",
  "rocket",
  "lion",
  "panda",
  "cat",
  "dragon",
  "hunter",
  "master",
  "pro",
  "boss",
  "trader",
  "miner",
  "node",
  "chain",
  "block",
  "whale",
  "sky",
  "sun",
  "zen",
];
const CYRILLIC = ["Алексей", "Мария", "Иван", "Дмитрий", "Ольга", "Сергей", "Анна", "Никита", "Елена", "Павел", "котик", "волк", "звезда", "удача", "крипто"];

/** A 32-bit mix of the account number and a salt (deterministic, well spread). */
function mix(n: number, salt: number): number {
  let h = Math.imul(n ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function nickname(n: number): string {
  const pick = (list: string[], salt: number) => list[mix(n, salt) % list.length];
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  const name = pick(FIRST_NAMES, 1);
  const word = pick(WORDS, 2);
  const other = pick(WORDS, 3);
  const digits = String(mix(n, 4) % (mix(n, 5) % 2 ? 100 : 10_000));
  const year = String(1960 + (mix(n, 6) % 50));
  const sep = ["", "_", ".", ""][mix(n, 7) % 4];
  switch (mix(n, 8) % 10) {
    case 0:
      return `${name}${year}`;
    case 1:
      return `${cap(name)}${sep}${digits}`;
    case 2:
      return `${name}_${name.slice(0, 1 + (mix(n, 9) % 2))}${digits}`;
    case 3:
      return `${word}_${other}`;
    case 4:
      return `${word}${sep}${other}${digits}`;
    case 5:
      return `${cap(word)}${cap(other)}`;
    case 6:
      return `${name}${sep}${word}`;
    case 7:
      return `${word}${digits}`;
    case 8:
      return `${pick(CYRILLIC, 10)}${sep}${digits}`;
    default:
      return `${cap(name)}${sep}${cap(word)}${mix(n, 11) % 3 === 0 ? digits : ""}`;
  }
}

const address = (i: number) => toBech32(ACCOUNT_PREFIX, createHash("sha256").update(`account ${i}`).digest().subarray(0, 20));

/** Accounts per level 1..14: widening geometrically, summing to ACCOUNTS. */
function levelSizes(): number[] {
  const weights = Array.from({ length: MAX_LEVEL }, (_, d) => WIDENING ** d);
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(3, Math.floor((w / total) * ACCOUNTS)));
  sizes[MAX_LEVEL - 1] += ACCOUNTS - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** The tree: account 0 is the root; an account of level d+1 hangs under the proportionally placed account of level d. */
function tree(): { addresses: string[]; referrers: number[]; levels: number[] } {
  const addresses = [address(0)];
  const referrers = [-1];
  const levels = [0];
  let above = [0];
  for (const [d, size] of levelSizes().entries()) {
    const level: number[] = [];
    for (let j = 0; j < size; j++) {
      const id = addresses.length;
      addresses.push(address(id));
      referrers.push(above[Math.floor((j * above.length) / size)]);
      levels.push(d + 1);
      level.push(id);
    }
    above = level;
  }
  return { addresses, referrers, levels };
}

type Tree = ReturnType<typeof tree>;

async function isComplete(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const done = await client.query("select count(*)::int as n from referrals where $1 = (select chain_id from indexer_state where id = 1)", [CHAIN_ID]);
    return done.rows[0]?.n === ACCOUNTS + 1;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

async function insertAccounts(db: Database, t: Tree): Promise<void> {
  for (let from = 0; from < t.addresses.length; from += CHUNK) {
    const ids = t.addresses.slice(from, from + CHUNK).map((_, k) => from + k);
    const addresses = ids.map((i) => t.addresses[i]);
    // Statuses thin out with height: most accounts Starter or none, a few hundred Leaders and above near the root.
    const statuses = ids.map((i) => (t.levels[i] <= 2 ? 7 - t.levels[i] : t.levels[i] <= 6 ? 2 + (i % 3) : i % 4 === 0 ? 0 : 1));
    await db.query(
      `insert into referrals (address, referrer, status, registered_height, generation)
       select a, nullif(r, ''), s, 1, g from unnest($1::text[], $2::text[], $3::int2[], $4::int4[]) as v(a, r, s, g)`,
      [addresses, ids.map((i) => (t.referrers[i] < 0 ? "" : t.addresses[t.referrers[i]])), statuses, ids.map((i) => t.levels[i])],
    );
    await db.query(
      `insert into account_balances (address, available, delegated, undelegating, claimed)
       select a, n % 5000 * 1000000, (n * 7919) % 20000 * 1000000, case when n % 10 = 0 then n % 300 * 1000000 else 0 end, n % 100 * 1000
       from unnest($1::text[], $2::int8[]) as v(a, n)`,
      [addresses, ids],
    );
    await db.query(
      `insert into profiles (address, nickname, avatar, telegram, confirmed)
       select a, nick, '', 'tg_' || n, n % 7 = 0 from unnest($1::text[], $2::int8[], $3::text[]) as v(a, n, nick) where n % 3 = 0`,
      [addresses, ids, ids.map((i) => (i % 3 === 0 ? nickname(i) : ""))],
    );
    await db.query(
      "insert into premium (address, expires_at) select a, timestamptz '2027-01-01' from unnest($1::text[], $2::int8[]) as v(a, n) where n % 20 = 0",
      [addresses, ids],
    );
  }
  // Three exchanges, as SPEC.md §2 has them, so the rich list's labels are read as on a real index.
  await db.query("update profiles set exchange = true, avatar = '/exchanges/' || address || '.svg' where address = any($1::text[])", [
    [3, 30, 300].map((i) => t.addresses[i]),
  ]);
}

/** The links (ancestor, depth, account) level by level, every account's team aggregates from them, then the ancestor table. */
async function buildTeams(db: Database): Promise<void> {
  await db.query("create unlogged table bench_links (ancestor text not null, depth int2 not null, account text not null)");
  await db.query("insert into bench_links select referrer, 1, address from referrals where referrer is not null");
  for (let depth = 2; depth <= MAX_LEVEL; depth++) {
    await db.query(
      `insert into bench_links select r.referrer, $1::int2, l.account from bench_links l join referrals r on r.address = l.ancestor
       where l.depth = $1::int2 - 1 and r.referrer is not null`,
      [depth],
    );
    console.log(`  [accounts] links to depth ${depth}`);
  }
  await db.query(
    `insert into teams (address, team_size, team_size_daily, team_size_day, team_delegated, team_undelegating, team_balance, active_team, total_rewards)
     select l.ancestor, count(*), count(*) / 100, date '2025-01-01', sum(b.delegated), sum(b.undelegating), sum(b.total),
       count(*) filter (where b.delegated >= 100000000), sum(b.delegated) / 20
     from bench_links l join account_balances b on b.address = l.account group by l.ancestor`,
  );
  await withoutIndexes(db, "referral_ancestors", () =>
    db.query(
      `insert into referral_ancestors (ancestor, depth, account, status, delegated, undelegating, team_size)
       select l.ancestor, l.depth, l.account, r.status, b.delegated, b.undelegating, coalesce(t.team_size, 0)
       from bench_links l join referrals r on r.address = l.account join account_balances b on b.address = l.account
         left join teams t on t.address = l.account`,
    ),
  );
  await db.query(
    "insert into team_counts (ancestor, depth, status, members) select ancestor, depth, status, count(*) from referral_ancestors group by 1, 2, 3",
  );
  await db.query(
    `insert into team_buckets (ancestor, depth, bucket, members, first, last)
     select ancestor, depth, left(account, 6), count(*), min(account), max(account) from referral_ancestors group by 1, 2, 3`,
  );
  await db.query(
    "insert into team_bucket_groups (ancestor, depth, bucket_group, members) select ancestor, depth, left(bucket, 5), sum(members) from team_buckets group by 1, 2, 3",
  );
  await db.query("select count_large_teams_by_figure(array(select address from teams))");
  await db.query("drop table bench_links");
}

/** Fills a table with its indexes set aside and then built again as the migrations defined them (much faster). */
async function withoutIndexes(db: Database, table: string, fill: () => Promise<unknown>): Promise<void> {
  const indexes = await db.query<{ name: string; definition: string; primary: boolean }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indisprimary as primary
     from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = $1::regclass`,
    [table],
  );
  for (const index of indexes) await db.query(index.primary ? `alter table ${table} drop constraint ${index.name}` : `drop index ${index.name}`);
  await fill();
  for (const index of indexes) {
    await db.query(index.definition);
    if (index.primary) await db.query(`alter table ${table} add primary key using index ${index.name}`);
    console.log(`  [accounts] ${index.name} built`);
  }
}

async function generate(url: string, t: Tree): Promise<void> {
  const db = await openDatabase({ url });
  await migrate(db);
  console.log(`  [accounts] generating ${ACCOUNTS} accounts over ${MAX_LEVEL} levels: ${levelSizes().join(", ")}`);
  await db.query(
    `insert into blocks (height, hash, chain_id, time, proposer, tx_count, event_count, emission_rate, events)
     values ($1, upper(md5('bench')), $2, timestamptz '2025-01-01 12:00Z', '', 0, 0, 0.2, '[]'::json)`,
    [HEIGHT, CHAIN_ID],
  );
  await insertAccounts(db, t);
  await buildTeams(db);
  await copyAncestorsToProfiles(db, t.addresses);
  await db.query("insert into indexer_state (id, chain_id, start_height, indexed_height, chain_height) values (1, $1, 1, $2, $2)", [CHAIN_ID, HEIGHT]);
  // Statistics for the planner, and the visibility map that lets the team pages read the indexes alone (autovacuum's work on a live index).
  await db.query("vacuum analyze");
  await db.close();
}

/**
 * A database generated by an earlier checkout takes this one's later migrations before anything reads it, and, as the
 * generation ends, the vacuum that lets a table they rewrote be read from its indexes alone (autovacuum's work on a
 * live server, which may have it off).
 */
async function migrated(url: string): Promise<void> {
  const db = await openDatabase({ url });
  const start = performance.now();
  const applied = await migrate(db);
  if (applied.length > 0) {
    console.log(`  [accounts] applied ${applied.join(", ")} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    await db.query("vacuum analyze");
  }
  await db.close();
}

export async function accountFigures(postgres: string): Promise<void> {
  const url = Object.assign(new URL(postgres), { pathname: `/${DATABASE}` }).toString();
  const t = tree();
  if (!(await isComplete(url))) {
    await recreateDatabase(postgres, DATABASE);
    await generate(url, t);
  } else {
    await migrated(url);
  }

  const deep = await richCursorAt(url, DEEP_RANK);
  await richQueryFigures(url, deep);
  const root = t.addresses[0];
  await teamQueryFigures(url, root);
  const middle = t.addresses[t.levels.indexOf(5)];
  await teamSearchFigures(url, root, middle);
  const leaf = t.addresses.at(-1)!;
  const team = `/api/accounts/team/${root}/paginate`;
  const routes = [
    `/api/accounts/info/${root}`,
    `/api/accounts/info/${leaf}`,
    `${team}/records_count`,
    `${team}/records_count?level=9&status=1`,
    `${team}/records_count?q=${COMMON_FRAGMENT}`,
    `${team}/records_count?q=${RARE_FRAGMENT}`,
    `${team}/10/1`,
    `${team}/10/1000`,
    `${team}/10/1000?direction=desc`,
    `${team}/10/1000?order=delegated&direction=desc`,
    `${team}/10/10000?order=delegated&direction=desc`,
    `${team}/10/1000?order=teamSize&direction=desc`,
    `${team}/10/1000?order=unbonding`,
    `${team}/10/1000?order=status&direction=desc`,
    `${team}/10/1000?level=13`,
    `${team}/10/1?order=delegated&direction=desc`,
    `${team}/10/1?order=teamSize&direction=desc&level=3`,
    `${team}/10/1?status=7`,
    `${team}/10/1?q=${COMMON_FRAGMENT}`,
    `${team}/10/40?q=${COMMON_FRAGMENT}`,
    `/api/accounts/team/${middle}/paginate/10/1?q=${COMMON_FRAGMENT}`,
    `/api/accounts/team/${middle}/paginate/records_count?q=${COMMON_FRAGMENT}`,
    `/api/accounts/team/${middle}/paginate/10/1?q=${COMMON_FRAGMENT}&order=delegated&direction=desc`,
    `${team}/10/1?q=${RARE_FRAGMENT}`,
    `${team}/10/1?q=${COMMON_FRAGMENT}&order=delegated&direction=desc`,
    `${team}/10/1?q=${COMMON_FRAGMENT}&order=teamSize&direction=desc`,
    `${team}/10/1?q=${COMMON_FRAGMENT}&order=delegated`,
    `${team}/10/40?q=${COMMON_FRAGMENT}&order=delegated&direction=desc`,
    `${team}/records_count?q=${COMMON_FRAGMENT}&status=1`,
    `${team}/10/1?q=${COMMON_FRAGMENT}&level=9`,
    `${team}/records_count?q=${COMMON_FRAGMENT}&level=9`,
    `/api/accounts/team/${middle}/paginate/10/1?order=delegated&direction=desc`,
    `/api/accounts/rich?limit=${RICH_LIMIT}`,
    `/api/accounts/rich?limit=${RICH_LIMIT}&cursor=${deep}`,
  ];
  // No node answers here: account info leaves claimable rewards out (the node rests after its first refusal). No log line per request.
  const api = await child(SERVE, { DATABASE_URL: url, PORT: String(API_PORT), HOST: "127.0.0.1", RATE_LIMIT: "0", LOG_LEVEL: "warn" }, /listening/);
  console.log(`\naccount routes on PostgreSQL, ${ACCOUNTS} accounts, ${MAX_LEVEL} levels (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`);
  for (const route of routes) {
    const target = `http://127.0.0.1:${API_PORT}${route}`;
    const most = await load(target, { connections: CONNECTIONS, seconds: SECONDS });
    const paced = await load(target, { connections: CONNECTIONS, seconds: SECONDS, rate: TARGET_RATE });
    console.log(
      `  ${route.replace(root, "{root}").replace(middle, "{level5}").replace(leaf, "{leaf}").replace(deep, `{after rank ${DEEP_RANK}}`).padEnd(80)} most ${most.rps.toFixed(0).padStart(5)} req/s p99 ${most.p99} ms | at ${TARGET_RATE}/s (${PACER}): ${paced.rps.toFixed(0)} req/s p50 ${paced.p50} ms p99 ${paced.p99} ms errors ${most.errors + paced.errors}${pacerNotes(paced)}`,
    );
  }
  await stop(api);
  // Last: its rolled-back writes leave dead row versions, which slowed the team routes measured after them by a third.
  await memberSyncFigures(url, t);
}

/**
 * Team pages read from their buckets and by the OFFSET walk, interleaved, in this process (no HTTP): in level order
 * (migrations 020 and 029) and sorted by a figure (migration 039).
 */
async function teamQueryFigures(url: string, root: string): Promise<void> {
  const db = await openDatabase({ url });
  const whole = { q: null, status: null };
  const inLevelOrder = (level: number | null, descending: boolean, page: number) => ({
    buckets: () => teamPageInLevelOrder(db, root, level, descending, 10, page),
    offset: () => teamPageByOffset(db, root, { ...whole, level }, "level", descending, 10, page),
  });
  const byFigure = (order: "delegated" | "teamSize" | "unbonding" | "status", descending: boolean, page: number) => ({
    buckets: () => teamPageByFigure(db, root, order, descending, 10, page),
    offset: () => teamPageByOffset(db, root, { ...whole, level: null }, order, descending, 10, page),
  });
  const cases = [
    { name: "page 1,000", ...inLevelOrder(null, false, 1_000), runs: QUERY_RUNS },
    { name: "page 1,000 descending", ...inLevelOrder(null, true, 1_000), runs: QUERY_RUNS },
    { name: "page 1,000 of level 13", ...inLevelOrder(13, false, 1_000), runs: QUERY_RUNS },
    // The OFFSET walk of half a million entries takes long: fewer calls.
    { name: "page 50,000", ...inLevelOrder(null, false, 50_000), runs: QUERY_RUNS / 10 },
    { name: "page 1,000 by delegated, desc", ...byFigure("delegated", true, 1_000), runs: QUERY_RUNS },
    { name: "page 10,000 by delegated, desc", ...byFigure("delegated", true, 10_000), runs: QUERY_RUNS / 10 },
    { name: "page 1,000 by team size, desc", ...byFigure("teamSize", true, 1_000), runs: QUERY_RUNS },
    // Page 1,000 by unbonding coins, ascending, lies among the team's about 900,000 members with none: one bucket of one
    // value, read from its counts in level order (migration 043); page 50,000 among them at the deepest level.
    { name: "page 1,000 by unbonding", ...byFigure("unbonding", false, 1_000), runs: QUERY_RUNS },
    { name: "page 50,000 by unbonding", ...byFigure("unbonding", false, 50_000), runs: QUERY_RUNS / 10 },
    // Descending, page 1,000 by status lies among the deepest level's members of status 1 (their most common).
    { name: "page 1,000 by status, desc", ...byFigure("status", true, 1_000), runs: QUERY_RUNS },
  ];
  console.log(
    `\nteam pages on PostgreSQL, ${ACCOUNTS} accounts (10 rows, ${QUERY_RUNS} calls each way but ${QUERY_RUNS / 10} at pages 10,000 and 50,000, interleaved)`,
  );
  for (const c of cases) {
    const times = { buckets: [] as number[], offset: [] as number[] };
    for (let i = 0; i < c.runs; i++) {
      let start = performance.now();
      const byBuckets = await c.buckets();
      times.buckets.push(performance.now() - start);
      start = performance.now();
      const byOffset = await c.offset();
      times.offset.push(performance.now() - start);
      if (i === 0 && JSON.stringify(byBuckets) !== JSON.stringify(byOffset)) throw new Error(`team ${c.name}: the two paths differ`);
    }
    console.log(
      `  ${c.name.padEnd(32)} buckets p50 ${quantile(times.buckets, 0.5)} ms p99 ${quantile(times.buckets, 0.99)} ms | OFFSET p50 ${quantile(times.offset, 0.5)} ms p99 ${quantile(times.offset, 0.99)} ms`,
    );
  }
  await db.close();
}

/**
 * The root's team searched for a common and a rare fragment: the count and pages, those in level order both by OFFSET
 * among all the matches and as the API reads them (walking the fragment's lead when it can), its level 9 (a level
 * smaller than team_search_settings.small_team, in ranges of paths it shares with the others), and the first page of a
 * member of level 5's team, timed in this process (no HTTP).
 */
async function teamSearchFigures(url: string, root: string, middle: string): Promise<void> {
  const db = await openDatabase({ url });
  const runs = QUERY_RUNS / 4;
  console.log(`\nteam searches of the root's team on PostgreSQL, ${ACCOUNTS} accounts (${runs} calls each)`);
  for (const q of [COMMON_FRAGMENT, RARE_FRAGMENT]) {
    const f = { q, level: null, status: null };
    const cases: [string, () => Promise<unknown>][] = [
      ["count", () => teamCount(db, root, f)],
      ["page 1, level order, OFFSET", () => teamPageByOffset(db, root, f, "level", false, 10, 1)],
      ["page 1, level order", () => teamPage(db, root, f, "level", false, 10, 1)],
      ["page 1, delegated desc, OFFSET", () => teamPageByOffset(db, root, f, "delegated", true, 10, 1)],
      ["page 1, delegated desc", () => teamPage(db, root, f, "delegated", true, 10, 1)],
      ["page 1, delegated asc", () => teamPage(db, root, f, "delegated", false, 10, 1)],
      ["page 1, team size desc, OFFSET", () => teamPageByOffset(db, root, f, "teamSize", true, 10, 1)],
      ["page 1, team size desc", () => teamPage(db, root, f, "teamSize", true, 10, 1)],
      ["page 40, delegated desc", () => teamPage(db, root, f, "delegated", true, 10, 40)],
      ["count, status 1", () => teamCount(db, root, { ...f, status: 1 })],
      ["page 40, level order, OFFSET", () => teamPageByOffset(db, root, f, "level", false, 10, 40)],
      ["page 40, level order", () => teamPage(db, root, f, "level", false, 10, 40)],
      ["level 9's count", () => teamCount(db, root, { ...f, level: 9 })],
      ["level 9's page 1", () => teamPage(db, root, { ...f, level: 9 }, "level", false, 10, 1)],
      ["level 5's page 1, OFFSET", () => teamPageByOffset(db, middle, f, "level", false, 10, 1)],
      ["level 5's page 1", () => teamPage(db, middle, f, "level", false, 10, 1)],
    ];
    for (const [order, descending] of [
      ["level", false],
      ["delegated", true],
      ["delegated", false],
      ["teamSize", true],
    ] as const) {
      for (const page of [1, 40]) {
        const [walked, read] = [await teamPage(db, root, f, order, descending, 10, page), await teamPageByOffset(db, root, f, order, descending, 10, page)];
        if (JSON.stringify(walked) !== JSON.stringify(read)) throw new Error(`team search ${q} by ${order} page ${page}: the walk and the OFFSET read differ`);
      }
    }
    for (const [name, call] of cases) await timeCalls(`q=${q}, ${name}`, call, runs);
    await smallTeamFigures(db, middle, f, runs);
  }
  await db.close();
}

/**
 * A level-5 member's team searched among every entry of the fragment and among its own entries by their paths
 * (migration 040, team_search_settings.small_team, set before each way's calls and left as it was); both ways' answers
 * must be the same.
 */
async function smallTeamFigures(db: Database, middle: string, f: TeamFilter, runs: number): Promise<void> {
  const [{ small_team: smallTeam }] = await db.query<{ small_team: number }>("select small_team from team_search_settings");
  const reads: [string, () => Promise<unknown>][] = [
    ["count", () => teamCount(db, middle, f)],
    ["page 1", () => teamPage(db, middle, f, "level", false, 10, 1)],
    ["page 1, delegated desc", () => teamPage(db, middle, f, "delegated", true, 10, 1)],
  ];
  const answers: string[] = [];
  for (const [way, size] of [
    ["among every entry", -1],
    ["among its own", smallTeam],
  ] as const) {
    await db.query("update team_search_settings set small_team = $1", [size]);
    answers.push(JSON.stringify(await Promise.all(reads.map(([, read]) => read()))));
    for (const [name, read] of reads) await timeCalls(`q=${f.q}, level 5's ${name}, ${way}`, read, runs);
  }
  if (answers[0] !== answers[1]) throw new Error(`team search ${f.q} of a level-5 member: its own entries and every entry answer differently`);
}

/** Times `runs` calls of `call` one after another, and prints their p50 and p99. */
async function timeCalls(name: string, call: () => Promise<unknown>, runs: number): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  console.log(`  ${name.padEnd(40)} p50 ${quantile(times, 0.5)} ms  p99 ${quantile(times, 0.99)} ms`);
}

/** Members whose delegated coins change in each sync measured: every thousandth account from level 9 down. */
const SYNCED_MEMBERS = 1_000;
const SYNC_RUNS = 10;

/**
 * What counting the large teams per bucket of each figure (migration 039) adds to the indexer's sync of members whose
 * figures changed: `syncMembers` for SYNCED_MEMBERS members, each in a transaction rolled back after it, in turn:
 * - their delegated coins doubled, with their large ancestors counted (at most 7 of each member's 14 here), with no team
 *   counted (none marked counted, and none large enough to be, in the same transaction), and with the teams counted but
 *   without the nickname entries' orders by a figure (migration 042, dropped in the same transaction);
 * - their unbonding coins started (most had none: each leaves the bucket of 0 and its counts in level order in each
 *   large team), with the members of one value counted in level order (migration 043) and without (no bucket taken for
 *   one value, in the same transaction).
 */
async function memberSyncFigures(url: string, t: Tree): Promise<void> {
  const db = await openDatabase({ url });
  const deep = t.addresses.filter((_, i) => t.levels[i] >= 9);
  const members = Array.from({ length: SYNCED_MEMBERS }, (_, i) => deep[Math.floor((i * deep.length) / SYNCED_MEMBERS)]);
  const delegated = "update account_balances set delegated = delegated * 2 + 1000000 where address = any($1::text[])";
  const unbonding = "update account_balances set undelegating = undelegating + 1000000 where address = any($1::text[])";
  const modes: Record<string, { change: string; before: string[] }> = {
    "large teams counted": { change: delegated, before: [] },
    "none counted": {
      change: delegated,
      before: ["delete from figure_bucketed_teams", "update team_figure_bucket_settings set least_members = 2000000000"],
    },
    "counted, without the nickname entries' orders by a figure": { change: delegated, before: [`drop index ${FIGURE_INDEXES.nickname_suffixes.join(", ")}`] },
    "unbonding started, members of one value counted": { change: unbonding, before: [] },
    "unbonding started, members of one value not counted": {
      change: unbonding,
      before: ["create or replace function figure_bucket_is_one_value(bucket int4) returns boolean language sql immutable as 'select false'"],
    },
  };
  const times = new Map(Object.keys(modes).map((mode) => [mode, [] as number[]]));
  const rolledBack = new Error("rolled back");
  for (let run = 0; run < SYNC_RUNS; run++) {
    for (const [mode, { change, before }] of Object.entries(modes)) {
      await db
        .transaction(async (tx) => {
          for (const statement of before) await tx.query(statement);
          await tx.query(change, [members]);
          const start = performance.now();
          await syncMembers(tx, members);
          times.get(mode)!.push(performance.now() - start);
          throw rolledBack;
        })
        .catch((e: unknown) => {
          if (e !== rolledBack) throw e;
        });
    }
  }
  // This server may run without autovacuum (BENCHMARKS.md "Tables vacuumed after a catch-up"): the next run starts clean.
  await db.query(
    "vacuum analyze account_balances, referral_ancestors, nickname_suffixes, team_counts, figure_bucketed_teams, team_figure_buckets, team_figure_bucket_groups, team_figure_tie_groups, team_figure_tie_buckets, team_figure_bucket_settings",
  );
  console.log(`\nsyncMembers of ${SYNCED_MEMBERS} members (${SYNC_RUNS} runs each way, interleaved), p50:`);
  for (const [mode, runs] of times) console.log(`  ${mode.padEnd(60)} ${quantile(runs, 0.5)} ms`);
  await db.close();
}

/** The q-quantile of the timings, in ms with two decimals. */
function quantile(times: number[], q: number): string {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
}

/** The cursor the API gives after the account ranked `rank` (the rows before it read once here, with OFFSET, to find it). */
async function richCursorAt(url: string, rank: number): Promise<string> {
  const db = await openDatabase({ url });
  const [row] = await db.query<{ total: string; address: string }>(
    "select total::text as total, address from account_balances where total > 0 order by total desc, address desc offset $1 limit 1",
    [rank - 1],
  );
  await db.close();
  return encodeRichCursor(row);
}

/** The rich list's own query, first and deep page, timed in this process (no HTTP, no answer cache), and its plan. */
async function richQueryFigures(url: string, deep: string): Promise<void> {
  const db = await openDatabase({ url });
  const [total, address] = Buffer.from(deep, "base64url").toString("utf8").split(":");
  const plan = await db.query<{ "QUERY PLAN": string }>(
    "explain select address from account_balances b where b.total > 0 and (b.total, b.address) < ($1::numeric, $2::text) order by b.total desc, b.address desc limit 25",
    [total, address],
  );
  console.log(`\nrich list query on PostgreSQL, ${ACCOUNTS} accounts (${QUERY_RUNS} calls each, ${RICH_LIMIT} rows; plan: ${plan[1]["QUERY PLAN"].trim()})`);
  for (const [name, cursor] of [
    ["first page", null],
    [`after rank ${DEEP_RANK}`, { total, address }],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < QUERY_RUNS; i++) {
      const start = performance.now();
      const rows = await richAfter(db, cursor, RICH_LIMIT);
      times.push(performance.now() - start);
      if (rows.length !== RICH_LIMIT) throw new Error(`rich list ${name}: ${rows.length} rows`);
    }
    console.log(`  ${name.padEnd(20)} p50 ${quantile(times, 0.5)} ms  p99 ${quantile(times, 0.99)} ms`);
  }
  await db.close();
}
