// An index started in mid-chain: what it seeds from the node's state equals what an index from genesis knows there,
// no account it knew counts as new, its totals say where they count from, and the commit before its start is served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient } from "../chain/rpc.ts";
import { Indexer } from "../indexer/indexer.ts";
import { buildApi } from "../api/server.ts";
import { loadConfig } from "../cli/config.ts";
import { apiConfig } from "../cli/services.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { serveDevnet, type ServedDevnet } from "./support/pipeline.ts";

const SEEDED_AT = 40;
const START = SEEDED_AT + 1;
const LAST = 70;

function indexer(t: TestDatabase, url: string, startHeight?: number, lines: string[] = []): Indexer {
  return new Indexer({ db: t.db, rpc: new RpcClient(url, { timeoutMs: 5000 }), startHeight, batchBlocks: 10, pollMs: 50, log: (line) => lines.push(line) });
}

/** Rows of a query on both indexes, for a comparison that names the first difference. */
async function both<T>(full: TestDatabase, mid: TestDatabase, sql: string): Promise<[T[], T[]]> {
  return [await full.db.query<T>(sql), await mid.db.query<T>(sql)];
}

describe.each(ENGINES)("an index started at height %s's mid-chain", (engine) => {
  let chain: ServedDevnet;
  let full: TestDatabase;
  let mid: TestDatabase;
  const lines: string[] = [];

  beforeAll(async () => {
    chain = await serveDevnet(SEEDED_AT);
    full = await createTestDatabase(engine);
    mid = await createTestDatabase(engine);
    // The devnet answers queries at its latest height: the mid-chain index seeds while the chain stands at SEEDED_AT.
    expect(await indexer(mid, chain.url, START, lines).catchUp()).toBe(SEEDED_AT);
    await chain.devnet.prebuild(LAST - SEEDED_AT);
    expect(await indexer(mid, chain.url, START, lines).catchUp()).toBe(LAST);
    expect(await indexer(full, chain.url).catchUp()).toBe(LAST);
  }, 240_000);
  afterAll(async () => {
    await chain.devnet.close();
    await full.drop();
    await mid.drop();
  });

  it("seeds balances, delegations and unbondings that then follow the chain as the full index does", async () => {
    const [a, b] = await both(
      full,
      mid,
      "select address, available::text, delegated::text, undelegating::text from account_balances where available + delegated + undelegating > 0 order by address",
    );
    expect(b.length).toBeGreaterThan(20);
    expect(b).toEqual(a);
    const [da, db] = await both(full, mid, "select validator, delegator, amount::text from delegations where amount > 0 order by validator, delegator");
    expect(db).toEqual(da);
    const [ua, ub] = await both(
      full,
      mid,
      "select delegator, validator, amount::text, completion_time from unbonding_entries order by delegator, validator, completion_time, amount",
    );
    expect(ub).toEqual(ua);
  });

  it("seeds the referral tree with statuses and team figures", async () => {
    const [a, b] = await both(full, mid, "select address, referrer, status, status_downgrade_at from referrals order by address");
    expect(b.length).toBeGreaterThan(20);
    expect(b).toEqual(a);
    const [ta, tb] = await both(
      full,
      mid,
      "select address, team_size, active_team, team_balance::text, team_delegated::text, team_undelegating::text from teams order by address",
    );
    expect(tb).toEqual(ta);
    const [xa, xb] = await both(
      full,
      mid,
      "select ancestor, depth, account, status, delegated::text, undelegating::text from referral_ancestors order by ancestor, depth, account",
    );
    expect(xb).toEqual(xa);
  });

  it("seeds contracts and tokens", async () => {
    const [a, b] = await both(full, mid, "select address, code_id, label from contracts order by address");
    expect(b).toEqual(a);
    const [ta, tb] = await both(full, mid, "select contract, holder, balance::text from cw20_balances where balance > 0 order by contract, holder");
    expect(tb).toEqual(ta);
  });

  it("seeds the vote module from its queries (a proposal and the genesis poll running) and then follows it as the full index does", async () => {
    const [ga, gb] = await both<{ address: string; since_height: string | null }>(full, mid, "select address, since_height::text from governors order by n");
    expect(gb.map((g) => g.address)).toEqual(ga.map((g) => g.address));
    expect(gb.map((g) => g.since_height)).toEqual(ga.map(() => null)); // all seated before the start
    const [va, vb] = await both(full, mid, "select vote_period, poll_period from vote_params");
    expect(vb).toEqual(va);
    const [pa, pb] = await both(
      full,
      mid,
      "select id, name, status, end_time, finished_height::text, government, agreed, disagreed, messages from proposals order by id",
    );
    expect(pb).toEqual(pa);
    expect(pa.map((p: any) => p.status)).toEqual(["accepted", "rejected", "accepted", "voting"]);
    // What the queries cannot tell: the transactions of the three proposals made before the start, and the start height
    // of the third, running then.
    const [sa, sb] = await both<{ id: string; start: string | null; tx: boolean }>(
      full,
      mid,
      "select id::text, start_height::text as start, tx_hash is not null as tx from proposals order by id",
    );
    expect(sb).toEqual(sa.map((p) => (Number(p.id) <= 3 ? { ...p, tx: false, start: p.id === "3" ? null : p.start } : p)));
    const [wa, wb] = await both(full, mid, "select proposal_id, voter, agree from proposal_votes order by proposal_id, voter");
    expect(wb).toEqual(wa);
    // The genesis poll was current at the start: its earlier answers are not queryable. The poll started before the start
    // was never current, so no query tells of it; the one started after is followed.
    const polls = (t: TestDatabase) => t.db.query<{ name: string; yes: string; decision: string }>("select name, yes::text, decision from polls order by id");
    const [fullPolls, midPolls] = [await polls(full), await polls(mid)];
    expect(midPolls).toEqual([{ ...fullPolls[0], yes: "0" }, fullPolls[2]]);
    expect(fullPolls[0]).toMatchObject({ yes: "2", decision: "negative" });
  });

  it("counts no account that existed before the start as created, and no signer it knew as a registration", async () => {
    const known = await mid.db.query<{ n: number }>("select count(*)::int8 as n from accounts where first_height is null");
    expect(Number(known[0].n)).toBeGreaterThan(20);
    const signersBefore = await full.db.query<{ signer: string }>(`select distinct unnest(signers) as signer from transactions where height < ${START}`);
    const newInMid = new Set((await mid.db.query<{ address: string }>("select address from accounts where first_height is not null")).map((r) => r.address));
    const counted = signersBefore.filter((s) => newInMid.has(s.signer));
    expect(counted).toEqual([]);
  });

  it("says from which height its totals count, serves the commit of the height before it, and logs what it read", async () => {
    const app = await buildApi({ db: mid.db, config: apiConfig(loadConfig({}), false) });
    const fullApp = await buildApi({ db: full.db, config: apiConfig(loadConfig({}), false) });
    try {
      expect((await app.inject({ url: "/api/blockchain/stat" })).json().countedFrom).toBe(START);
      expect((await fullApp.inject({ url: "/api/blockchain/stat" })).json().countedFrom).toBeNull();
      const before = await app.inject({ url: `/api/consensus/${SEEDED_AT}` });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ _id: SEEDED_AT, proposer: null });
      expect(before.json().validators).toEqual((await fullApp.inject({ url: `/api/consensus/${SEEDED_AT}` })).json().validators);
    } finally {
      await app.close();
      await fullApp.close();
    }
    expect(lines.filter((l) => l.includes(`reading accounts, the referral tree and contracts at height ${SEEDED_AT}`))).toHaveLength(1);
    expect(lines.some((l) => l.includes("refuses"))).toBe(false);
  });
});
