// Staking changes read from the shapes axm-node emits: stake moves (x/staking keeper.go MoveDelegation) in order among delegation changes.
import { describe, expect, it } from "vitest";
import type { ChainEvent } from "../chain/types.ts";
import { stakingChanges } from "./decode-staking.ts";

const A = "axm1z5sh2ns038q6mu7g9w9m5xe5w9yu7ncpknqjlc";
const B = "axm1x27wlx7zfsf2xrrrv6dp4jq398xkur7v0xwldr";
const V = "axmvaloper1ka8nhy6can05vaj6ulaxp7xwqkfu9rjj45qcg6";
const V2 = "axmvaloper1x27wlx7zfsf2xrrrv6dp4jq398xkur7v902f42";

const event = (type: string, attributes: Record<string, string>): ChainEvent => ({
  type,
  attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
});
const move = (type: string, delegator: string, dst: string, extra: Record<string, string> = {}) =>
  event(type, { dst_delegator: dst, validator: V, delegator, ...extra });

describe("staking changes of the real chain's shapes", () => {
  it("places stake moves among the block's delegation changes, from BeginBlock and transactions, and ignores requests and cancels", () => {
    const begin = [move("confirm_request_stake_move", B, A, { mode: "BeginBlock" })];
    const txEvents = [
      event("delegate", { validator: V, delegator: A, amount: "100uaxm" }),
      move("request_stake_move", A, B),
      move("confirm_request_stake_move", A, B),
      move("cancel_request_stake_move", A, B),
      event("unbond", { validator: V, delegator: B, amount: "40uaxm" }),
    ];
    const changes = stakingChanges(
      [
        { code: 0, events: txEvents, messages: [] },
        { code: 5, events: [move("confirm_request_stake_move", B, A)], messages: [] },
      ],
      begin,
      [],
    );
    expect(changes.delegationDeltas).toEqual([
      [V, A, "100"],
      [V, B, "-40"],
    ]);
    expect(changes.stakeMoves).toEqual([
      { validator: V, delegator: B, dstDelegator: A, after: 0 },
      { validator: V, delegator: A, dstDelegator: B, after: 1 },
    ]);
  });

  it("takes a redelegation's delegator from its MsgBeginRedelegate (the event has none), inside MsgExec too", () => {
    const redelegate = (from: string, to: string, amount: string, msgIndex: number) =>
      event("redelegate", { source_validator: from, destination_validator: to, amount, completion_time: "2026-01-31T09:00:00Z", msg_index: String(msgIndex) });
    const message = (delegator: string, from: string, to: string) => ({
      "@type": "/axiome.staking.v1beta1.MsgBeginRedelegate",
      delegator_address: delegator,
      validator_src_address: from,
      validator_dst_address: to,
      amount: { denom: "uaxm", amount: "5" },
    });
    const messages = [
      { typeUrl: "/axiome.staking.v1beta1.MsgBeginRedelegate", json: message(A, V, V2) },
      { typeUrl: "/cosmos.authz.v1beta1.MsgExec", json: { "@type": "/cosmos.authz.v1beta1.MsgExec", grantee: A, msgs: [message(B, V2, V)] } },
    ];
    const changes = stakingChanges([{ code: 0, events: [redelegate(V, V2, "5uaxm", 0), redelegate(V2, V, "7uaxm", 1)], messages }], [], []);
    expect(changes.delegationDeltas).toEqual([
      [V, A, "-5"],
      [V2, A, "5"],
      [V2, B, "-7"],
      [V, B, "7"],
    ]);
    expect(changes.touchedValidators.sort()).toEqual([V, V2].sort());
  });
});
