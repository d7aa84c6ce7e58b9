// The product's partnership programme run off chain over the devnet: Premium from burns (some through authz), KPI, the weekly leader bonus.
import { describe, it, expect, beforeAll } from "vitest";
import { createDevnet, type Devnet } from "./index.ts";
import { Submitter } from "./test-submit.ts";
import { MICRO } from "../core/amount.ts";
import { PREMIUM } from "../core/partnership-premium.ts";
import { kpiLevel } from "../core/partnership-kpi.ts";
import { leaderBonusPayout } from "../core/partnership-bonus.ts";
import type { Status } from "../core/partnership-status.ts";

const YEAR_MS = 365 * 24 * 3600 * 1000;
const GRANT = "/cosmos.authz.v1beta1.MsgGrant";
const EXEC = "/cosmos.authz.v1beta1.MsgExec";

describe("Premium bought with 50 AXM burns in the first blocks", () => {
  let devnet: Devnet;
  let submit: Submitter;

  beforeAll(async () => {
    devnet = createDevnet({ clock: "simulated" });
    await devnet.prebuild(40);
    submit = new Submitter(devnet, `http://127.0.0.1:${await devnet.listen(0)}`);
    return () => devnet.close();
  });

  it("has every genesis buyer burn, some through the premium app's MsgExec, for a year of Premium from the burn's block", async () => {
    const { premiumBuyers, premiumApp } = devnet.genesis;
    expect(premiumBuyers.length).toBeGreaterThan(30);
    const execs = devnet.state.txs.filter((t) => t.code === 0 && t.types.includes(EXEC));
    expect(execs.length).toBeGreaterThanOrEqual(3);
    expect(execs.every((t) => t.signer === premiumApp)).toBe(true);
    for (const buyer of premiumBuyers) {
      const burn = devnet.state.txs.find((t) => t.code === 0 && t.addresses.includes(buyer) && (t.types.includes(PREMIUM.typeUrl) || t.types.includes(EXEC)))!;
      expect(burn, buyer).toBeDefined();
      const blockTime = Date.parse("2026-01-01T00:00:00Z") + burn.height * 5000;
      expect(devnet.state.premiumExpiry(buyer), buyer).toBe(new Date(blockTime + YEAR_MS).toISOString().replace(".000Z", "Z"));
    }
  });

  it("emits only the bank events of the burn: to the referral module, burned there", async () => {
    const tx = devnet.state.txs.find((t) => t.code === 0 && t.types.length === 1 && t.types[0] === PREMIUM.typeUrl)!;
    const { tx_result } = await submit.rpc("tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
    const own = (tx_result.events as { type: string; attributes: { key: string; value: string }[] }[]).slice(7);
    const referral = devnet.state.modules.referral;
    const amount = `${PREMIUM.price}uaxm`;
    expect(own.map((e) => [e.type, Object.fromEntries(e.attributes.map((a) => [a.key, a.value]))])).toEqual([
      ["message", { action: PREMIUM.typeUrl, sender: tx.signer, module: "referral", msg_index: "0" }],
      ["coin_spent", { spender: tx.signer, amount, msg_index: "0" }],
      ["coin_received", { receiver: referral, amount, msg_index: "0" }],
      ["transfer", { recipient: referral, sender: tx.signer, amount, msg_index: "0" }],
      ["message", { sender: tx.signer, msg_index: "0" }],
      ["coin_spent", { spender: referral, amount, msg_index: "0" }],
      ["burn", { burner: referral, amount, msg_index: "0" }],
    ]);
  });

  it("grants with EventGrant and runs MsgExec's messages with authz_msg_index and no message event of their own; refuses one without a grant", async () => {
    const [granter, grantee, stranger] = [submit.fresh(2), submit.fresh(3), submit.fresh(4)];
    const faucet = devnet.genesis.faucetAddress;
    const fund = {
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      value: { fromAddress: faucet, toAddress: granter, amount: [{ denom: "uaxm", amount: "100000000" }] },
    };
    const fundGrantee = { ...fund, value: { ...fund.value, toAddress: grantee } };
    await submit.block({ signer: faucet, messages: [fund, fundGrantee] });
    const grant = { granter, grantee, grant: { authorization: { typeUrl: "/cosmos.authz.v1beta1.GenericAuthorization", msg: PREMIUM.typeUrl } } };
    const [granted] = await submit.block({ signer: granter, messages: [{ typeUrl: GRANT, value: grant }] });
    expect(granted.events.at(-1)).toEqual({
      type: "cosmos.authz.v1beta1.EventGrant",
      attributes: { grantee: JSON.stringify(grantee), granter: JSON.stringify(granter), msg_type_url: JSON.stringify(PREMIUM.typeUrl), msg_index: "0" },
    });
    const burn = (from: string) => ({ typeUrl: PREMIUM.typeUrl, value: { fromAddress: from, amount: [{ denom: "uaxm", amount: PREMIUM.price.toString() }] } });
    const [exec, refused] = await submit.block(
      { signer: grantee, messages: [{ typeUrl: EXEC, value: { grantee, msgs: [burn(granter)] } }] },
      { signer: grantee, messages: [{ typeUrl: EXEC, value: { grantee, msgs: [burn(stranger)] } }] },
    );
    expect(exec.code).toBe(0);
    const own = exec.events.slice(7);
    expect(own[0]).toEqual({ type: "message", attributes: { action: EXEC, sender: grantee, module: "authz", msg_index: "0" } });
    expect(own.slice(1).map((e) => e.type)).toEqual(["coin_spent", "coin_received", "transfer", "message", "coin_spent", "burn"]);
    expect(own.slice(1).every((e) => e.attributes.authz_msg_index === "0" && e.attributes.msg_index === "0")).toBe(true);
    expect(devnet.state.premiumExpiry(granter)).toBeDefined();
    expect([refused.codespace, refused.code]).toEqual(["authz", 2]);
  });
});

describe("the weekly leader bonus, paid off chain", () => {
  it("sends ordinary transfers from the leader-bonus wallet on Saturday 09:00 UTC to Premium leaders by the level their KPI completed", async () => {
    // Genesis ten minutes before the payout: block 120 is the first at 09:00.
    const devnet = createDevnet({ clock: "simulated", genesisTime: "2026-01-03T08:50:00Z" });
    await devnet.prebuild(119);
    const state = devnet.state;
    const payoutMs = Date.parse("2026-01-03T09:00:00Z");
    const leaders = state
      .statuses()
      .filter(({ address, status }) => status >= 2 && Date.parse(state.premiumExpiry(address) ?? "1970-01-01T00:00:00Z") > payoutMs)
      .map(({ address, status }) => ({ address, status: kpiLevel(status, state.kpi(address)) as Status, kpi: state.kpi(address) }));
    const expected = leaderBonusPayout(
      100_000n * MICRO,
      leaders.filter((l) => l.status >= 2),
    );
    expect(expected.size).toBeGreaterThanOrEqual(2);
    const wallet = state.leaderBonus.wallet;
    expect(state.leaderBonus).toEqual({ wallet: devnet.genesis.leaderBonusWallet, weekly: 100_000n * MICRO });
    expect(state.txs.some((t) => t.signer === wallet)).toBe(false);
    await devnet.prebuild(1);
    const submit = new Submitter(devnet, `http://127.0.0.1:${await devnet.listen(0)}`);
    const payouts = state.txs.filter((t) => t.signer === wallet);
    expect(payouts.every((t) => t.height === 120 && t.code === 0 && t.types.join() === "/cosmos.bank.v1beta1.MsgSend")).toBe(true);
    const sent: [string, bigint][] = [];
    for (const tx of payouts) {
      const { tx_result } = await submit.rpc("tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
      const transfer = tx_result.events.filter((e: { type: string }) => e.type === "transfer").at(-1);
      const a = Object.fromEntries(transfer.attributes.map((x: { key: string; value: string }) => [x.key, x.value]));
      sent.push([a.recipient, BigInt(a.amount.replace("uaxm", ""))]);
    }
    await devnet.close();
    expect(sent).toEqual([...expected]);
    // Every KPI started over at the payout: what one holds now came from block 120's later delegations.
    for (const leader of leaders) expect(state.kpi(leader.address) <= leader.kpi, leader.address).toBe(true);
    expect(leaders.some((l) => l.kpi > 0n && state.kpi(l.address) < l.kpi)).toBe(true);
  });
});
