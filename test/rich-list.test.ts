// Integration: the rich list of an indexed devnet equals the balances computed from the devnet's own state — from
// genesis, and for an index seeded in mid-chain then resumed from its cursor — and paging yields each account once, in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { DevnetStateView } from "../devnet/index.ts";
import { RpcClient } from "../chain/rpc.ts";
import { Indexer } from "../indexer/indexer.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig, mnemonicAddress } from "../cli/config.ts";
import { DEVNET_MNEMONIC } from "../devnet/keys.ts";
import type { RichAccount, RichList } from "../shapes/rich-list.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { serveDevnet, type ServedDevnet } from "./support/pipeline.ts";

const SEEDED_AT = 40;
const LAST = 160;
const PAGE = 7;

interface Expected {
  address: string;
  total: string;
  available: string;
  delegated: string;
  unbonding: string;
}

/** Every account's coins as the devnet holds them, biggest total first, ties by address descending; empty ones left out. */
function expectedList(view: DevnetStateView): Expected[] {
  const delegated = new Map<string, bigint>();
  for (const d of view.delegations()) delegated.set(d.delegator, (delegated.get(d.delegator) ?? 0n) + d.amount);
  const unbonding = new Map<string, bigint>();
  for (const u of view.unbondings()) unbonding.set(u.delegator, (unbonding.get(u.delegator) ?? 0n) + u.amount);
  const addresses = new Set([...view.holders(), ...delegated.keys(), ...unbonding.keys()]);
  return [...addresses]
    .map((address) => {
      const [a, d, u] = [view.balances(address), delegated.get(address) ?? 0n, unbonding.get(address) ?? 0n];
      return { address, total: a + d + u, available: a, delegated: d, unbonding: u };
    })
    .filter((row) => row.total > 0n)
    .sort((x, y) => (x.total === y.total ? (x.address < y.address ? 1 : -1) : x.total < y.total ? 1 : -1))
    .map((row) => ({ ...row, total: `${row.total}`, available: `${row.available}`, delegated: `${row.delegated}`, unbonding: `${row.unbonding}` }));
}

async function api(t: TestDatabase): Promise<FastifyInstance> {
  return buildApi({ db: t.db, config: apiConfig(loadConfig({}), true) });
}

async function get<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject({ method: "GET", url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json<T>();
}

/** Every page of the list, following nextCursor. */
async function allPages(app: FastifyInstance, limit: number): Promise<{ accounts: RichAccount[]; pages: number }> {
  const accounts: RichAccount[] = [];
  let pages = 0;
  for (let cursor: string | null = null; pages === 0 || cursor !== null; pages++) {
    const page: RichList = await get<RichList>(app, `/api/accounts/rich?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    accounts.push(...page.accounts);
    cursor = page.nextCursor;
  }
  return { accounts, pages };
}

const figures = (a: RichAccount): Expected => ({ address: a.address, total: a.total, available: a.available, delegated: a.delegated, unbonding: a.unbonding });

const indexer = (t: TestDatabase, url: string, startHeight?: number) =>
  new Indexer({ db: t.db, rpc: new RpcClient(url, { timeoutMs: 5000 }), startHeight, batchBlocks: 10, pollMs: 50, log: () => undefined });

describe.each(ENGINES)("the rich list on %s", (engine) => {
  let chain: ServedDevnet;
  let view: DevnetStateView;
  let full: TestDatabase;
  let mid: TestDatabase;
  let fullApi: FastifyInstance;
  let midApi: FastifyInstance;
  let seeded: Expected[];
  let seededList: RichAccount[];

  beforeAll(async () => {
    chain = await serveDevnet(SEEDED_AT);
    view = chain.devnet.state;
    full = await createTestDatabase(engine);
    mid = await createTestDatabase(engine);
    // The devnet answers state queries at its latest height: the mid-chain index seeds at SEEDED_AT and has no block yet.
    expect(await indexer(mid, chain.url, SEEDED_AT + 1).catchUp()).toBe(SEEDED_AT);
    midApi = await api(mid);
    seeded = expectedList(view);
    seededList = (await allPages(midApi, 100)).accounts;
    await chain.devnet.prebuild(LAST - SEEDED_AT);
    // A new indexer resumes from the mid-chain index's cursor; the full one runs from genesis.
    expect(await indexer(mid, chain.url, SEEDED_AT + 1).catchUp()).toBe(LAST);
    expect(await indexer(full, chain.url).catchUp()).toBe(LAST);
    fullApi = await api(full);
  }, 240_000);
  afterAll(async () => {
    await fullApi?.close();
    await midApi?.close();
    await chain?.devnet.close();
    await full?.drop();
    await mid?.drop();
  });

  it("lists every account holding uaxm with its available, delegated and unbonding coins as the devnet has them, biggest first", async () => {
    const expected = expectedList(view);
    const { accounts, pages } = await allPages(fullApi, PAGE);
    expect(expected.length).toBeGreaterThan(50);
    expect(expected.some((row) => row.unbonding !== "0")).toBe(true);
    expect(pages).toBe(Math.floor(expected.length / PAGE) + 1);
    expect(accounts.map(figures)).toEqual(expected);
    expect(new Set(accounts.map((a) => a.address)).size).toBe(accounts.length);
  });

  it("is right for an index seeded in mid-chain, and after it resumed from its cursor", async () => {
    expect(seededList.map(figures)).toEqual(seeded);
    expect((await allPages(midApi, PAGE)).accounts.map(figures)).toEqual(expectedList(view));
  });

  it("names exchanges and module accounts, and gives each account's share of the total supply", async () => {
    const { accounts } = await allPages(fullApi, 100);
    const byAddress = new Map(accounts.map((a) => [a.address, a]));
    for (const exchange of view.exchanges) {
      expect(byAddress.get(exchange.address)).toMatchObject({ name: exchange.name, exchange: true, img: expect.stringContaining(exchange.logo) });
    }
    expect(accounts.filter((a) => a.exchange)).toHaveLength(view.exchanges.length);
    expect(byAddress.get(view.modules.bondedPool)).toMatchObject({ module: "bonded_tokens_pool", available: view.bonded.toString() });
    expect(byAddress.get(view.modules.distribution)?.module).toBe("distribution");
    expect(byAddress.get(mnemonicAddress(DEVNET_MNEMONIC))?.service).toBe("faucet");
    expect(byAddress.get(view.leaderBonus.wallet)?.service).toBe("leader_bonus");
    expect(accounts.filter((a) => a.service !== null)).toHaveLength(2);
    const named = accounts.find((a) => !a.exchange && a.module === null && view.profile(a.address)?.nickname);
    expect(named?.name).toBe(view.profile(named!.address)!.nickname);
    const supply = BigInt((await get<{ totalSupply: string }>(fullApi, "/api/blockchain/stat")).totalSupply);
    expect(supply).toBeGreaterThan(0n);
    for (const a of accounts) expect(a.share).toBeCloseTo(Number((BigInt(a.total) * 100_000_000n) / supply) / 1_000_000, 6);
  });

  it("answers a cursor this API did not give, and a limit outside 1..100, with 400; a cached answer for a short while", async () => {
    for (const query of ["limit=0", "limit=101", "limit=-1", "limit=x", "cursor=", "cursor=abc", `cursor=${Buffer.from("12:AXM1").toString("base64url")}`]) {
      const response = await fullApi.inject({ method: "GET", url: `/api/accounts/rich?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBeTypeOf("string");
    }
    const response = await fullApi.inject({ method: "GET", url: "/api/accounts/rich" });
    expect(response.headers["cache-control"]).toBe("public, max-age=2");
    expect(response.json<RichList>().accounts).toHaveLength(25);
  });
});
