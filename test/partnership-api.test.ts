// Integration: status progress (the node's own CheckStatus, or the configured conditions), the weekly KPI with its reset at the weekly moment, the leader-bonus table and claimable rewards, checked against the devnet's state.
import { toBech32 } from "@cosmjs/encoding";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevnetStateView } from "../devnet/index.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { RpcClient } from "../chain/rpc.ts";
import { criteriaFor, RULE_NAMES } from "../core/partnership-conditions.ts";
import type { Status } from "../core/partnership-status.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, type ServedDevnet } from "./support/pipeline.ts";
import { generateBadValues, inUrl } from "./support/bad-inputs.ts";

// Genesis ten minutes before a Saturday 09:00 UTC weekly moment: block 120 is the first of the new KPI week (and holds the
// programme's payout transfers).
const GENESIS = "2026-01-03T08:50:00Z";
const BLOCK_MS = 5000;
const BEFORE_ROUND = 110;
const ROUND = 120;
const BLOCKS = 300;
const AXM = 1_000_000n;
/** SPEC.md gives none: 5% of each status's team-delegation condition, Leader (2) .. Mega (7). */
const KPI_TARGETS_AXM: Record<number, bigint> = { 2: 1_000n, 3: 2_500n, 4: 7_500n, 5: 15_000n, 6: 40_000n, 7: 100_000n };
const SHARES: Record<number, bigint> = { 2: 15n, 3: 25n, 4: 20n, 5: 15n, 6: 15n, 7: 10n };
const RULES: Record<number, string> = {
  1: "RULE_N_REFERRALS_WITH_X_REFERRALS_EACH",
  2: "RULE_N_COINS_IN_STRUCTURE",
  3: "RULE_N_TEAMS_OF_X_PEOPLE_EACH",
  5: "RULE_SELF_STAKE",
};

/** The highest status up to the account's own whose target the KPI reaches. */
function cards(status: number, kpi: bigint): number {
  let level = 0;
  for (let s = 2; s <= status; s++) if (kpi >= KPI_TARGETS_AXM[s] * AXM) level = s;
  return level;
}

/** Top-level fields of a protobuf message: number → raw values (bytes for length-delimited, bigint for varints). */
function fields(bytes: Uint8Array): Map<number, (Uint8Array | bigint)[]> {
  const reader = new BinaryReader(bytes);
  const out = new Map<number, (Uint8Array | bigint)[]>();
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const value = (tag & 7) === 2 ? reader.bytes() : BigInt(reader.uint64().toString());
    out.set(tag >>> 3, [...(out.get(tag >>> 3) ?? []), value]);
  }
  return out;
}

/**
 * The devnet's own CheckStatus answer (chain status = explorer status + 1) as the API's criterion shape: the chain counts
 * self stake in whole AXM, the API in uaxm. Null when the node refuses (an unregistered account: the chain's keeper
 * panics on its empty record).
 */
async function checkStatus(rpc: RpcClient, address: string, status: number) {
  const request = BinaryWriter.create()
    .uint32(10)
    .string(address)
    .uint32(16)
    .uint64(status + 1)
    .finish();
  const answer = await rpc.abciQuery("/axiome.referral.v1beta1.Query/CheckStatus", request);
  if (answer.code !== 0) return null;
  const result = fields(answer.value).get(1)?.[0] as Uint8Array;
  return (fields(result).get(2) ?? []).map((raw) => {
    const c = fields(raw as Uint8Array);
    const number = (n: number) => (c.get(n)?.[0] as bigint | undefined) ?? 0n;
    const unit = Number(number(2)) === 5 ? AXM : 1n;
    return {
      rule: RULES[Number(number(2))],
      actual_value: (number(4) * unit).toString(),
      target_value: (number(3) * unit).toString(),
      parameter_x: Number(number(5)),
    };
  });
}

/** SPEC.md §9's conditions on an account the index holds nothing for: what the API answers without the node's. */
function configuredForNobody(status: Status) {
  return criteriaFor(status, { selfDelegated: 0n, teamDelegated: 0n, firstLine: [] }).map((c) => ({
    rule: RULE_NAMES[c.rule],
    actual_value: "0",
    target_value: c.target.toString(),
    parameter_x: c.parameterX,
  }));
}

const registered = (view: DevnetStateView) => view.statuses().map((s) => s.address);

describe.each(ENGINES)("partnership answers of an indexed devnet on %s", (engine) => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let app: FastifyInstance;
  let view: DevnetStateView;
  /** KPI of every registered account before the round, in the devnet and in the index. */
  const beforeRound = { devnet: new Map<string, bigint>(), index: new Map<string, bigint>(), nextPayoutAt: "" };

  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const chainTime = () => Date.parse(GENESIS) + BLOCKS * BLOCK_MS;

  beforeAll(async () => {
    chain = await serveDevnet(BEFORE_ROUND, { genesisTime: GENESIS });
    view = chain.devnet.state;
    t = await createTestDatabase(engine);
    app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), node: { rpcUrl: chain.url, timeoutMs: 5000 } });
    expect(await indexerFor(t.db, chain.url).catchUp()).toBe(BEFORE_ROUND);
    for (const address of registered(view)) {
      beforeRound.devnet.set(address, view.kpi(address));
      beforeRound.index.set(address, BigInt((await get(`/api/accounts/status-kpi-full/${address}`)).completed.amount));
    }
    beforeRound.nextPayoutAt = (await get(`/api/promo/leader_bonus/v2`)).nextPayoutAt;
    // Batches of 25 blocks: 111..135 holds delegations before the round at 120 and after it.
    await chain.devnet.prebuild(BLOCKS - BEFORE_ROUND);
    expect(await indexerFor(t.db, chain.url, { batchBlocks: 25 }).catchUp()).toBe(BLOCKS);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await chain?.devnet.close();
    await t?.drop();
  });

  it("answers each status's criteria as the node's own CheckStatus does: its live targets, not SPEC.md's", async () => {
    const rpc = new RpcClient(chain.url);
    const byStatus = new Map<number, string[]>();
    for (const { address, status } of view.statuses()) byStatus.set(status, [...(byStatus.get(status) ?? []), address]);
    expect([...byStatus.keys()].filter((s) => s >= 2).length).toBeGreaterThanOrEqual(2);
    for (const address of [...byStatus.values()].flatMap((list) => list.slice(0, 4))) {
      const progress = await get(`/api/accounts/status-progress-full/${address}`);
      expect(Object.keys(progress)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
      for (let status = 1; status <= 7; status++) expect(progress[status], `${address} status ${status}`).toEqual(await checkStatus(rpc, address, status));
    }
    // v2.2.0 thresholds (x/referral/keeper/status_requirements.go): Starter needs 1,000 AXM of self stake, not SPEC.md's 100.
    expect((await get(`/api/accounts/status-progress-full/${view.referralRoot}`))["1"]).toEqual([
      { rule: "RULE_SELF_STAKE", actual_value: expect.any(String), target_value: (1_000n * AXM).toString(), parameter_x: 0 },
    ]);
  });

  it("falls back to SPEC.md's conditions measured on the index when the node refuses or does not answer", async () => {
    const unregistered = chain.devnet.genesis.workloadAccounts.filter((a) => view.partnerRecord(a) === undefined).slice(0, 2);
    expect(unregistered.length).toBe(2);
    for (const address of unregistered) {
      expect(await checkStatus(new RpcClient(chain.url), address, 2)).toBeNull();
      const progress = await get(`/api/accounts/status-progress-full/${address}`);
      for (let status = 1; status <= 7; status++) expect(progress[status], `${address} status ${status}`).toEqual(configuredForNobody(status as Status));
    }
    const offline = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), node: { rpcUrl: "http://127.0.0.1:9", timeoutMs: 1000 } });
    try {
      const response = await offline.inject({ method: "GET", url: `/api/accounts/status-progress-full/${view.referralRoot}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()["1"]).toEqual([
        { rule: "RULE_SELF_STAKE", actual_value: expect.any(String), target_value: (100n * AXM).toString(), parameter_x: 0 },
      ]);
    } finally {
      await offline.close();
    }
  });

  it("gives every account the devnet's KPI, the cards it completed and the weekly targets", async () => {
    let positive = 0;
    for (const address of registered(view)) {
      const answer = await get(`/api/accounts/status-kpi-full/${address}`);
      const kpi = view.kpi(address);
      expect(answer.completed, address).toEqual({ amount: kpi.toString(), cards: cards(view.status(address), kpi) });
      if (kpi > 0n) positive += 1;
    }
    expect(positive).toBeGreaterThan(20);
    const answer = await get(`/api/accounts/status-kpi-full/${toBech32("axm", new Uint8Array(20).fill(9))}`);
    expect(answer.kpi).toEqual(Object.fromEntries(Object.entries(KPI_TARGETS_AXM).map(([s, axm]) => [s, (axm * AXM).toString()])));
    expect(answer.completed).toEqual({ amount: "0", cards: 0 });
    expect(answer.nextPayoutAt).toBe("2026-01-10T09:00:00.000Z");
  });

  it("rates the leaders with the most KPI, ten at most", async () => {
    const expected = view
      .statuses()
      .filter((s) => s.status >= 2 && view.kpi(s.address) > 0n)
      .sort((a, b) => (view.kpi(a.address) === view.kpi(b.address) ? (a.address < b.address ? -1 : 1) : view.kpi(b.address) > view.kpi(a.address) ? 1 : -1))
      .slice(0, 10)
      .map(({ address, status }) => ({
        _id: address,
        name: view.profile(address)?.nickname || null,
        img: view.profile(address)?.avatar ? `http://localhost:26657${view.profile(address)!.avatar}` : null,
        premium: Date.parse(view.premiumExpiry(address) ?? "1970-01-01T00:00:00Z") > chainTime(),
        status,
        lbDelegated: view.kpi(address).toString(),
      }));
    // Under the chain's v2.2 thresholds the devnet has a handful of leaders, fewer than the rating's ten places.
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect((await get(`/api/accounts/status-kpi-full/${view.referralRoot}`)).rating).toEqual(expected);
  });

  it("splits each status's share of the pool equally among the Premium leaders whose KPI completed it", async () => {
    // The chain pays no leader bonus: the pool is the programme's configured weekly amount (the devnet's here), at most
    // what its wallet holds.
    const balance = view.balances(chain.devnet.genesis.leaderBonusWallet);
    const weekly = chain.devnet.genesis.leaderBonusWeekly;
    const pool = weekly < balance ? weekly : balance;
    const levels = view
      .statuses()
      .filter((s) => s.status >= 2 && Date.parse(view.premiumExpiry(s.address) ?? "1970-01-01T00:00:00Z") > chainTime())
      .map((s) => cards(s.status, view.kpi(s.address)));
    const table = await get("/api/promo/leader_bonus/v2");
    expect(table.pool).toBe(pool.toString());
    expect(table.nextPayoutAt).toBe("2026-01-10T09:00:00.000Z");
    expect(table.bonuses.map((b: { status: number }) => b.status)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(table.bonuses.reduce((sum: number, b: { share: number }) => sum + b.share, 0)).toBe(100);
    let previous = 0n;
    let paid = 0n;
    for (const b of table.bonuses) {
      const users = levels.filter((level) => level >= b.status).length;
      const each = users === 0 ? 0n : (pool * SHARES[b.status]) / 100n / BigInt(users);
      expect([b.share, b.usersCount], `status ${b.status}`).toEqual([Number(SHARES[b.status]), users]);
      expect(BigInt(b.amountForOneWithOtherLevels) - previous, `status ${b.status}`).toBe(each);
      previous = BigInt(b.amountForOneWithOtherLevels);
      paid += each * BigInt(users);
    }
    expect(table.bonuses[0].usersCount).toBeGreaterThan(0);
    expect(paid).toBeLessThanOrEqual(pool);
  });

  it("starts every KPI over at the weekly moment, in a batch that holds delegations before and after it", async () => {
    expect(beforeRound.nextPayoutAt).toBe("2026-01-03T09:00:00.000Z");
    expect(beforeRound.index).toEqual(beforeRound.devnet);
    expect([...beforeRound.devnet.values()].filter((kpi) => kpi > 0n).length).toBeGreaterThan(20);
    // Without the reset an index KPI never shrinks (branches only grow): some accounts have less now than before.
    expect(registered(view).some((a) => view.kpi(a) < beforeRound.devnet.get(a)!)).toBe(true);
    const beforeInBatch = view.txs.filter(
      (tx) => tx.height > BEFORE_ROUND && tx.height < ROUND && tx.code === 0 && tx.types.some((type) => type.endsWith("MsgDelegate")),
    );
    expect(beforeInBatch.some((tx) => view.referrer(tx.signer) !== undefined)).toBe(true);
    const rows = await t.db.query<{ next_payout: Date }>("select next_payout from leader_bonus");
    expect(rows[0].next_payout.toISOString()).toBe("2026-01-10T09:00:00.000Z");
  });

  it("reads claimable rewards from the node, and leaves them out when the node does not answer", async () => {
    const delegators = [...new Set(view.delegations().map((d) => d.delegator))].slice(0, 40);
    let withRewards = 0;
    for (const address of delegators) {
      const rewards = view.rewards(address);
      const info = await get(`/api/accounts/info/${address}?fields=claimable`);
      expect(info, address).toEqual({ claimable: { total: rewards > 0n ? [{ denom: "uaxm", amount: rewards.toString() }] : [] } });
      if (rewards > 0n) withRewards += 1;
    }
    expect(withRewards).toBeGreaterThan(20);
    const stranger = toBech32("axm", new Uint8Array(20).fill(3));
    expect(await get(`/api/accounts/info/${stranger}?fields=claimable,balance`)).toEqual({
      claimable: { total: [] },
      balance: [
        { denom: "uaxm", amount: "0" },
        { denom: "uaxmd", amount: "0" },
      ],
    });

    const offline = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), node: { rpcUrl: "http://127.0.0.1:9", timeoutMs: 1000 } });
    const response = await offline.inject({ method: "GET", url: `/api/accounts/info/${delegators[0]}?fields=claimable,balance` });
    await offline.close();
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(["balance"]);
  });

  it("lists an account's delegations per validator with what claiming each pays, adding up to the claimable total", async () => {
    const delegators = [...new Set(view.delegations().map((d) => d.delegator))];
    const several = delegators.filter((address) => view.delegations(address).length > 1);
    expect(several.length).toBeGreaterThan(3);
    const listed = new Map(
      ((await get("/api/validators/all")) as { bech32Address: string; name: string; logoUrl: string | null }[]).map((v) => [v.bech32Address, v]),
    );
    const monikers = new Map(view.validators().map((v) => [v.operatorAddress, v.moniker]));
    for (const address of [...several.slice(0, 12), ...delegators.slice(0, 12)]) {
      const expected = view.delegations(address).sort((a, b) => (a.amount === b.amount ? (a.validator < b.validator ? -1 : 1) : a.amount > b.amount ? -1 : 1));
      const claims = new Map(view.rewardsByValidator(address).map((r) => [r.validator, r.amount]));
      const coins = (amount: bigint) => (amount > 0n ? [{ denom: "uaxm", amount: amount.toString() }] : []);
      const answer = await get(`/api/accounts/delegations/${address}`);
      expect(answer, address).toEqual({
        delegations: expected.map((d) => ({
          validator: { address: d.validator, name: monikers.get(d.validator), logoUrl: listed.get(d.validator)!.logoUrl },
          amount: d.amount.toString(),
          rewards: coins(claims.get(d.validator) ?? 0n),
        })),
        rewardsTotal: coins(view.rewards(address)),
      });
      const summed = answer.delegations.reduce((sum: bigint, d: { rewards: { amount: string }[] }) => sum + BigInt(d.rewards[0]?.amount ?? "0"), 0n);
      expect(summed).toBe(view.rewards(address));
      expect((await get(`/api/accounts/info/${address}?fields=claimable`)).claimable.total).toEqual(answer.rewardsTotal);
    }
    const stranger = toBech32("axm", new Uint8Array(20).fill(3));
    expect(await get(`/api/accounts/delegations/${stranger}`)).toEqual({ delegations: [], rewardsTotal: [] });

    const offline = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), true), node: { rpcUrl: "http://127.0.0.1:9", timeoutMs: 1000 } });
    const response = await offline.inject({ method: "GET", url: `/api/accounts/delegations/${several[0]}` });
    await offline.close();
    expect(response.statusCode).toBe(200);
    const amounts = view
      .delegations(several[0])
      .map((d) => d.amount)
      .sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    expect(response.json().rewardsTotal).toBeNull();
    expect(response.json().delegations.map((d: { amount: string; rewards: null }) => [d.amount, d.rewards])).toEqual(amounts.map((a) => [a.toString(), null]));

    for (const value of ["axm1nothing", chain.devnet.genesis.validators[0].operatorAddress, "%20"]) {
      const bad = await app.inject({ method: "GET", url: `/api/accounts/delegations/${value}` });
      expect(bad.statusCode, value).toBe(400);
      expect(bad.json().error.message).toBe("Invalid address format.");
    }
  });

  it("answers 400 to a malformed address", async () => {
    const bad = generateBadValues([
      view.referralRoot.toUpperCase().slice(0, 10) + view.referralRoot.slice(10),
      `${view.referralRoot}x`,
      chain.devnet.genesis.validators[0].operatorAddress,
    ]);
    for (const value of bad) {
      for (const route of ["status-progress-full", "status-kpi-full"]) {
        const response = await app.inject({ method: "GET", url: `/api/accounts/${route}/${inUrl(value)}` });
        expect(response.statusCode, `${route} ${value.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${route} ${value.slice(0, 40)}`).toBeLessThan(500);
        expect(typeof response.json().error?.message).toBe("string");
      }
    }
    expect((await app.inject({ method: "GET", url: `/api/accounts/status-kpi-full/${chain.devnet.genesis.validators[0].operatorAddress}` })).statusCode).toBe(
      400,
    );
    const paths = Object.keys((await get("/api/docs/json")).paths);
    for (const path of ["/api/accounts/status-progress-full/{address}", "/api/accounts/status-kpi-full/{address}", "/api/promo/leader_bonus/v2"])
      expect(paths).toContain(path);
  });
});
