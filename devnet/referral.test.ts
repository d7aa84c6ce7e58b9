// The referral module as axm-node v2.2 runs it: Info records, statuses and their events, partner fees out of delegations, queries, genesis.
import { describe, it, expect, beforeAll } from "vitest";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { createDevnet, type Devnet } from "./index.ts";
import { amountOf } from "../core/amount.ts";
import { ACTIVE_SELF_DELEGATED, DELEGATING_AWARD, checkChainStatus, highestReachableStatus, teamBucket } from "../core/partnership-chain.ts";
import { CAPTAINS, DROPPER, HUB, LIEUTENANTS, RETURNER } from "./showcase.ts";

interface TxEvent {
  type: string;
  attributes: { key: string; value: string }[];
}

async function rpc(port: number, method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}`, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: any }).result;
}

const attributesOf = (event: TxEvent): Record<string, string> => Object.fromEntries(event.attributes.map((a) => [a.key, a.value]));

async function abci(port: number, path: string, address: string, number?: number): Promise<{ code: number; log: string; bytes: Uint8Array }> {
  const writer = BinaryWriter.create().uint32(10).string(address);
  if (number !== undefined) writer.uint32(16).uint32(number);
  const { response } = await rpc(port, "abci_query", { path, data: Buffer.from(writer.finish()).toString("hex") });
  return { code: response.code ?? 0, log: response.log, bytes: Buffer.from(response.value ?? "", "base64") };
}

/** Fields of one protobuf message: number → raw values (bytes for length-delimited, numbers for varints). */
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
const text = (value: Uint8Array | bigint | undefined) => Buffer.from(value as Uint8Array).toString("utf8");
const packed = (value: Uint8Array) => {
  const reader = new BinaryReader(value);
  const list: number[] = [];
  while (reader.pos < reader.len) list.push(Number(reader.uint64()));
  return list;
};

const BLOCKS = 320;

describe("the referral module over 320 blocks of the default devnet", () => {
  let devnet: Devnet;
  let port: number;
  /** Every event of the run with its height and, for transactions, the tx's code and signer. */
  const events: { height: number; code: number; event: TxEvent }[] = [];

  beforeAll(async () => {
    devnet = createDevnet({ clock: "simulated" });
    await devnet.prebuild(BLOCKS);
    port = await devnet.listen(0);
    for (let height = 1; height <= BLOCKS; height++) {
      const results = await rpc(port, "block_results", { height: String(height) });
      for (const tx of results.txs_results ?? []) for (const event of tx.events) events.push({ height, code: tx.code, event });
      for (const event of results.finalize_block_events) events.push({ height, code: 0, event });
    }
    return () => devnet.close();
  });

  it("keeps every Info record equal to a recount: own delegations, team at 14 levels, activity counts and aggregations", () => {
    const state = devnet.state;
    const self = (address: string) => state.delegations(address).reduce((sum, d) => sum + d.amount, 0n);
    const active = (address: string) => self(address) >= ACTIVE_SELF_DELEGATED;
    const level = (address: string, depth: number): string[] => (depth === 0 ? [address] : state.children(address).flatMap((c) => level(c, depth - 1)));
    const activeAt = (address: string, depth: number) => level(address, depth).filter(active).length;
    const activeTeam = (address: string) => Array.from({ length: 13 }, (_, i) => activeAt(address, i + 1)).reduce((a, b) => a + b, 0);
    for (const { address } of state.statuses()) {
      const record = state.partnerRecord(address)!;
      expect(record.selfDelegated, address).toBe(self(address));
      expect(record.active, address).toBe(active(address));
      const team = Array.from({ length: 14 }, (_, i) => level(address, i + 1).reduce((sum, m) => sum + self(m), 0n)).reduce((a, b) => a + b, 0n);
      expect(record.teamDelegated, address).toBe(team);
      expect(record.activeRefCounts, address).toEqual(Array.from({ length: 15 }, (_, depth) => activeAt(address, depth)));
      const firstLine = state.children(address).filter(active);
      const buckets = { team0: 0, team15: 0, team50: 0, team100: 0, team300: 0 };
      for (const child of firstLine) buckets[teamBucket(activeTeam(child))]++;
      const by3 = firstLine.filter((c) => state.children(c).filter(active).length >= 3).length;
      expect(record.activeCount, address).toEqual({ firstLine: firstLine.length, firstLineBy3: by3, ...buckets });
    }
  });

  it("holds every status whose requirements are met with no higher one reachable, and schedules a downgrade for every other", () => {
    let scheduled = 0;
    for (const { address } of devnet.state.statuses()) {
      const record = devnet.state.partnerRecord(address)!;
      if (checkChainStatus(record.chainStatus, record).overall) {
        expect(highestReachableStatus(record.chainStatus, record), address).toBe(record.chainStatus);
        expect(record.statusDowngradeAt, address).toBeUndefined();
      } else {
        expect(record.statusDowngradeAt, address).toBeDefined();
        scheduled++;
      }
    }
    expect(scheduled).toBeGreaterThan(0);
  });

  it("emits the showcase's upgrades and downgrades at the README's heights, with bare values and nothing typed", () => {
    const users = devnet.genesis.users;
    const first = (type: string, address: string, after?: string) =>
      events.find(
        ({ event, code }) =>
          code === 0 && event.type === type && attributesOf(event).address === address && (after === undefined || attributesOf(event).after === after),
      );
    const at = (type: string, address: string, after?: string) => {
      const found = first(type, address, after);
      return found && [found.height, attributesOf(found.event).mode ?? "tx"];
    };
    expect(at("status_updated", users[HUB], "STATUS_STARTER")).toEqual([2, "tx"]);
    expect(at("status_updated", users[HUB], "STATUS_LEADER")).toEqual([3, "tx"]);
    expect(at("status_updated", users[HUB], "STATUS_GURU")).toEqual([6, "tx"]);
    expect(at("status_updated", users[HUB], "STATUS_BOSS")).toEqual([18, "tx"]);
    expect(at("status_updated", users[LIEUTENANTS[0]], "STATUS_GURU")).toEqual([10, "tx"]);
    expect(at("status_updated", users[CAPTAINS[0]], "STATUS_STARTER")).toEqual([4, "tx"]);
    expect(at("status_will_be_downgraded", users[DROPPER])).toEqual([10, "tx"]);
    expect(attributesOf(first("status_will_be_downgraded", users[DROPPER])!.event).time).toBe("2026-01-01T00:10:50Z");
    expect(at("status_updated", users[DROPPER], "STATUS_NEW")).toEqual([130, "BeginBlock"]);
    expect(at("status_will_be_downgraded", users[RETURNER])).toEqual([12, "tx"]);
    expect(at("status_downgrade_canceled", users[RETURNER])).toEqual([20, "tx"]);
    const root = devnet.genesis.referralRoot;
    const rootSteps = events
      .filter(({ event }) => event.type === "status_updated" && attributesOf(event).address === root)
      .map(({ height, event }) => [height, attributesOf(event).before, attributesOf(event).after]);
    expect(rootSteps).toEqual([
      [60, "STATUS_GURU", "STATUS_LEADER"],
      [180, "STATUS_LEADER", "STATUS_STARTER"],
      [300, "STATUS_STARTER", "STATUS_NEW"],
    ]);
    for (const { event } of events.filter(({ event }) => event.type.startsWith("status_"))) {
      for (const { value } of event.attributes) expect(value).not.toMatch(/^"/);
    }
    expect(events.some(({ event }) => event.type.startsWith("axiome.referral."))).toBe(false);
  });

  it("pays partner fees out of each delegation: unpaid levels burned via the referral module, fees to ancestors, only the rest bonded", async () => {
    const state = devnet.state;
    const delegations = state.txs.filter((t) => t.code === 0 && t.types.length === 1 && t.types[0].endsWith("MsgDelegate"));
    let paid = 0;
    for (const tx of delegations.slice(0, 60)) {
      const result = await rpc(port, "tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
      const list: TxEvent[] = result.tx_result.events;
      const delegate = attributesOf(list.find((e) => e.type === "delegate")!);
      const gross = amountOf(delegate.amount);
      const remain = BigInt(delegate.new_shares.split(".")[0]);
      const referral = state.modules.referral;
      const burned = list.filter((e) => e.type === "burn").map(attributesOf);
      expect(burned.map((b) => b.burner)).toEqual([referral]);
      const fees = list.filter((e) => e.type === "ref_fee").map(attributesOf);
      const ancestors: string[] = [];
      for (let a = state.referrer(tx.signer); a && ancestors.length < 14; a = state.referrer(a)) ancestors.push(a);
      for (const fee of fees) {
        const level = ancestors.indexOf(fee.to);
        expect(fee.from).toBe(tx.signer);
        expect(amountOf(fee.amount)).toBe((DELEGATING_AWARD[level].num * gross) / DELEGATING_AWARD[level].den);
      }
      const feeTotal = fees.reduce((sum, f) => sum + amountOf(f.amount), 0n);
      expect(amountOf(burned[0].amount) + feeTotal + remain).toBe(gross);
      expect(remain * 100n).toBeGreaterThanOrEqual(gross * 85n);
      const order = list.map((e) => e.type).filter((t) => ["burn", "ref_fee", "delegate"].includes(t));
      expect(order).toEqual(["burn", ...fees.map(() => "ref_fee"), "delegate"]);
      paid += fees.length;
    }
    expect(paid).toBeGreaterThan(30);
  });

  it("refuses delegations of unregistered accounts (referral 3) and registers without a delegation or an event of its own", async () => {
    const failed = devnet.state.txs.filter((t) => t.code === 3 && t.types.every((type) => type.endsWith("MsgDelegate")));
    let refused = 0;
    for (const tx of failed) {
      const { tx_result } = await rpc(port, "tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
      if (tx_result.codespace !== "referral") continue;
      expect(tx_result.log).toBe(`failed to execute message; message index: 0: ${tx.signer}: account is out of the referral structure`);
      expect(
        devnet.state.partnerRecord(tx.signer) === undefined ||
          devnet.state.txs.some((t) => t.signer === tx.signer && t.height >= tx.height && t.types.some((type) => type.endsWith("MsgRegisterReferral"))),
      ).toBe(true);
      refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const registrations = devnet.state.txs.filter((t) => t.code === 0 && t.types.includes("/axiome.referral.v1beta1.MsgRegisterReferral"));
    expect(registrations.length).toBeGreaterThan(3);
    for (const tx of registrations) {
      expect(devnet.state.partnerRecord(tx.signer)).toBeDefined();
      const { tx_result } = await rpc(port, "tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
      const own = (tx_result.events as TxEvent[]).slice(7).filter((e) => !e.type.startsWith("status_"));
      expect(own.map((e) => [e.type, attributesOf(e).module])).toEqual([["message", "referral"]]);
    }
  });

  it("answers Get, Children, Exists, CheckStatus, Coins and Params in the chain's protobuf", async () => {
    const state = devnet.state;
    const hub = devnet.genesis.users[HUB];
    const record = state.partnerRecord(hub)!;
    const info = fields(fields((await abci(port, "/axiome.referral.v1beta1.Query/Get", hub)).bytes).get(1)![0] as Uint8Array);
    expect(Number(info.get(1)![0])).toBe(record.chainStatus);
    expect(text(info.get(2)![0])).toBe(record.referrer);
    expect(info.get(4)).toEqual(record.active ? [1n] : undefined);
    expect(packed(info.get(7)![0] as Uint8Array)).toEqual(record.activeRefCounts);
    expect(BigInt(text(info.get(9)![0]))).toBe(record.selfDelegated);
    expect(BigInt(text(info.get(10)![0]))).toBe(record.teamDelegated);
    expect(fields(info.get(11)![0] as Uint8Array).get(1)).toEqual([BigInt(record.activeCount.firstLine)]);
    const unregistered = devnet.genesis.workloadAccounts.find((a) => !state.partnerRecord(a))!;
    expect([...(await abci(port, "/axiome.referral.v1beta1.Query/Get", unregistered)).bytes]).toEqual([0x0a, 0x00]);
    expect(fields((await abci(port, "/axiome.referral.v1beta1.Query/Exists", hub)).bytes).get(1)).toEqual([1n]);
    expect((await abci(port, "/axiome.referral.v1beta1.Query/Exists", unregistered)).bytes.length).toBe(0);
    const children = fields((await abci(port, "/axiome.referral.v1beta1.Query/Children", hub)).bytes)
      .get(1)!
      .map(text);
    expect(children).toEqual([...children].sort());
    expect(children).toEqual(state.children(hub));
    const coins = fields((await abci(port, "/axiome.referral.v1beta1.Query/Coins", hub)).bytes);
    expect(BigInt(text(coins.get(1)![0]))).toBe(record.selfDelegated + record.teamDelegated);

    const check = fields(fields((await abci(port, "/axiome.referral.v1beta1.Query/CheckStatus", hub, 5)).bytes).get(1)![0] as Uint8Array);
    const criteria = check.get(2)!.map((c) => fields(c as Uint8Array));
    expect(criteria.map((c) => [c.get(2)![0], c.get(3)![0], c.get(5)?.[0] ?? 0n])).toEqual([
      [2n, 150_000n, 0n],
      [5n, 60_000n, 0n],
      [3n, 3n, 15n],
      [1n, 3n, 3n],
    ]);
    const wrong = await abci(port, "/axiome.referral.v1beta1.Query/CheckStatus", hub, 9);
    expect([wrong.code, wrong.log]).toEqual([1, "cannot obtain data: there is no such status: 9"]);

    const params = fields(fields((await abci(port, "/axiome.referral.v1beta1.Query/Params", hub)).bytes).get(1)![0] as Uint8Array);
    expect(
      fields(params.get(1)![0] as Uint8Array)
        .get(1)!
        .map(text),
    ).toEqual(["5%", "1%", "2%", "1%", "1%", "1%", "1%", "1%", "7/1000", "5/1000", "3/1000", "2/1000", "2/1000", "1/1000"]);
    expect(params.get(2)).toEqual([600n]);
    expect(params.get(3)).toBeUndefined();
  });

  it("publishes app_state.referral in the chain's genesis shape, breadth-first, with no product fields", async () => {
    const { genesis } = await rpc(port, "genesis");
    const referral = genesis.app_state.referral;
    expect(Object.keys(referral).sort()).toEqual(["downgrades", "other_accounts", "params", "top_level_accounts"]);
    expect(referral.params).toEqual({
      delegating_award: { network: DELEGATING_AWARD.map((f) => (f.den === 100n ? `${f.num}%` : `${f.num}/${f.den}`)) },
      status_downgrade_period: 600,
      uret_mode: false,
    });
    expect(referral.top_level_accounts).toEqual([{ address: devnet.genesis.referralRoot, status: "STATUS_GURU" }]);
    expect(referral.downgrades).toEqual([{ account: devnet.genesis.referralRoot, current: "STATUS_GURU", time: "2026-01-01T00:05:00Z" }]);
    const added = new Set([devnet.genesis.referralRoot]);
    for (const { referrer, referrals } of referral.other_accounts) {
      expect(added.has(referrer), referrer).toBe(true);
      for (const r of referrals) {
        expect(r.status).toBe("STATUS_NEW");
        added.add(r.address);
      }
    }
    expect(added.size).toBeGreaterThan(290);
    expect(genesis.app_state.profiles.accounts.length).toBeGreaterThan(150);
  });
});

describe("uret mode", () => {
  it("mints partner fees as uret, burns nothing and bonds the whole delegation", async () => {
    const devnet = createDevnet({ clock: "simulated", uretMode: true, txsPerBlock: 0 });
    await devnet.prebuild(3);
    const port = await devnet.listen(0);
    const lieutenant = devnet.genesis.users[LIEUTENANTS[0]];
    const tx = devnet.state.txs.find((t) => t.signer === lieutenant && t.height === 2)!;
    const { tx_result } = await rpc(port, "tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
    const genesis = (await rpc(port, "genesis")).genesis.app_state.referral.params;
    const request = BinaryWriter.create().uint32(10).string(devnet.genesis.users[HUB]).uint32(18).string("uret").finish();
    const { response } = await rpc(port, "abci_query", { path: "/cosmos.bank.v1beta1.Query/Balance", data: Buffer.from(request).toString("hex") });
    await devnet.close();
    const balance = fields(fields(Buffer.from(response.value, "base64")).get(1)![0] as Uint8Array);
    expect(BigInt(text(balance.get(2)![0]))).toBe(devnet.state.uretBalance(devnet.genesis.users[HUB]));
    const list: TxEvent[] = tx_result.events.slice(7);
    const fees = list.filter((e) => e.type === "ref_fee").map(attributesOf);
    expect(genesis.uret_mode).toBe(true);
    expect(fees.map((f) => f.amount)).toEqual(["1550000000uret", "620000000uret"]);
    expect(list.some((e) => e.type === "burn")).toBe(false);
    const minted = list.filter((e) => e.type === "coinbase").map(attributesOf);
    expect(minted).toEqual([{ minter: devnet.state.modules.referral, amount: "2170000000uret", msg_index: "0" }]);
    expect(attributesOf(list.find((e) => e.type === "delegate")!)).toMatchObject({ amount: "31000000000uaxm", new_shares: "31000000000.000000000000000000" });
    expect(devnet.state.uretBalance(devnet.genesis.users[HUB])).toBeGreaterThanOrEqual(1_550_000_000n);
  });
});
