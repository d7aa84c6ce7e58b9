// Account changes read from the shapes axm-node emits: MsgRegisterReferral, unordered status events, rewards with emission, RET partner rewards, Premium in MsgExec.
import { describe, expect, it } from "vitest";
import type { ChainEvent } from "../chain/types.ts";
import { accountChanges, type AccountsTx } from "./decode-accounts.ts";

const A = "axm1z5sh2ns038q6mu7g9w9m5xe5w9yu7ncpknqjlc";
const B = "axm1x27wlx7zfsf2xrrrv6dp4jq398xkur7v0xwldr";
const C = "axm1rvfjg9jdzspe3f9cdja96sxfd30fnyqlgw4ftg";

const event = (type: string, attributes: [string, string][]): ChainEvent => ({ type, attributes: attributes.map(([key, value]) => ({ key, value })) });
const register = (referral: string, referrer: string) => ({
  typeUrl: "/axiome.referral.v1beta1.MsgRegisterReferral",
  json: { "@type": "/axiome.referral.v1beta1.MsgRegisterReferral", referral_address: referral, referrer_address: referrer },
});
const burn = (from: string, amount: string) => ({
  "@type": "/axiome.referral.v1beta1.MsgBurnPartnerFee",
  from_address: from,
  amount: [{ denom: "uaxm", amount }],
});
const tx = (messages: AccountsTx["messages"], events: ChainEvent[] = [], code = 0): AccountsTx => ({ code, events, messages });

describe("account changes of the real chain's shapes", () => {
  it("registers from successful MsgRegisterReferral messages, inside MsgExec too", () => {
    const exec = { typeUrl: "/cosmos.authz.v1beta1.MsgExec", json: { "@type": "/cosmos.authz.v1beta1.MsgExec", grantee: C, msgs: [register(C, B).json] } };
    const changes = accountChanges([tx([register(A, B)]), tx([register(B, A)], [], 18), tx([exec])], []);
    expect(changes.registrations).toEqual([
      { referral: A, referrer: B },
      { referral: C, referrer: B },
    ]);
  });

  it("reads status events whatever their attribute order, in BeginBlock and transactions, deprecated and unknown names as no status", () => {
    const begin = [
      event("status_updated", [
        ["after", "STATUS_TOP"],
        ["mode", "BeginBlock"],
        ["address", A],
        ["before", "STATUS_MEGA"],
      ]),
      event("status_will_be_downgraded", [
        ["time", "2026-01-10T09:20:00Z"],
        ["address", A],
        ["mode", "BeginBlock"],
      ]),
    ];
    const inTx = [
      event("status_updated", [
        ["before", "STATUS_NEW"],
        ["address", B],
        ["after", "STATUS_STARTER"],
        ["msg_index", "0"],
      ]),
      event("status_downgrade_canceled", [
        ["msg_index", "0"],
        ["address", C],
      ]),
      event("status_updated", [
        ["address", C],
        ["after", "STATUS_DEPRECATED"],
        ["before", "STATUS_MEGA"],
      ]),
      event("status_updated", [
        ["address", A],
        ["after", "STATUS_SOMETHING_NEW"],
        ["before", "STATUS_TOP"],
      ]),
    ];
    expect(accountChanges([tx([], inTx)], begin).statusChanges).toEqual([
      { address: A, kind: "status", status: 6 },
      { address: A, kind: "downgrade", at: "2026-01-10T09:20:00Z" },
      { address: B, kind: "status", status: 1 },
      { address: C, kind: "cancel" },
      { address: C, kind: "status", status: 0 },
      { address: A, kind: "status", status: 0 },
    ]);
  });

  it("counts rewards with their emission and partner rewards by denom", () => {
    const events = [
      event("withdraw_rewards", [
        ["amount", "0uaxm"],
        ["validator", "axmvaloper1x"],
        ["delegator", A],
        ["emission", "777uaxm"],
      ]),
      event("withdraw_rewards", [
        ["emission", "5000uaxm"],
        ["delegator", A],
        ["amount", "1234uaxm"],
      ]),
      event("ref_fee", [
        ["to", B],
        ["from", A],
        ["amount", "500uaxm"],
      ]),
      event("ref_fee", [
        ["amount", "100uret"],
        ["from", A],
        ["to", B],
      ]),
    ];
    const changes = accountChanges([tx([], events)], []);
    expect(changes.claimed).toEqual([[A, "7011"]]);
    expect(changes.refFees).toEqual([[B, "500"]]);
    expect(changes.refFeesRet).toEqual([[B, "100"]]);
  });

  it("buys Premium with a 50 AXM burn, directly or inside MsgExec, only in a successful transaction", () => {
    const exec = { typeUrl: "/cosmos.authz.v1beta1.MsgExec", json: { "@type": "/cosmos.authz.v1beta1.MsgExec", grantee: C, msgs: [burn(B, "50000000")] } };
    const direct = { typeUrl: "/axiome.referral.v1beta1.MsgBurnPartnerFee", json: burn(A, "50000000") };
    const small = { typeUrl: "/axiome.referral.v1beta1.MsgBurnPartnerFee", json: burn(C, "49999999") };
    expect(accountChanges([tx([direct]), tx([exec]), tx([small]), tx([direct], [], 5)], []).premiumPurchases).toEqual([A, B]);
  });
});
