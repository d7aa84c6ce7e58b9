// @vitest-environment node
// The Message tab's reading of a message: sender, summed AXM and the other addresses, for every shape of message.
import { describe, expect, it } from "vitest";
import { isAddress } from "../../components/address-pattern.ts";
import { summarizeMessage, sumUaxm } from "./message-summary.ts";

const ALICE = "axm1mtjwnmpjvx9vjzvwr2720wq8swpehldgyupr34";
const BOB = "axm1pjrjr4hyksffwx8lrhwxwtjkm6pahzrjpwu6uw";
const CAROL = "axm1pzl50d6r6weg6y8zdwaezvtzv260hfv3702sjk";
const VALIDATOR = "axmvaloper1d0xgh7e8ke4rtuxwxkgqzn9x43j0ll6ksew8tg";
const OTHER_VALIDATOR = "axmvaloper17xfrpmx6pv6zj76eyrh879cqth6g5mh7prr3wg";

describe("message summary", () => {
  it("a send: sender, amount from the coin list, recipient", () => {
    const summary = summarizeMessage({
      "@type": "/cosmos.bank.v1beta1.MsgSend",
      from_address: ALICE,
      to_address: BOB,
      amount: [
        { denom: "uaxm", amount: "14112462" },
        { denom: "uother", amount: "5" },
        { denom: "uaxm", amount: "1000000" },
      ],
    });
    expect(summary).toEqual({
      typeUrl: "/cosmos.bank.v1beta1.MsgSend",
      sender: { field: "from_address", address: ALICE, amount: null },
      amount: 15112462n,
      addresses: [{ field: "to_address", address: BOB, amount: null }],
    });
  });

  it("a multi-send: the first input sends, the outputs are summed once, each output with its own amount", () => {
    const summary = summarizeMessage({
      "@type": "/cosmos.bank.v1beta1.MsgMultiSend",
      inputs: [{ address: ALICE, coins: [{ denom: "uaxm", amount: "41670457" }] }],
      outputs: [
        { address: BOB, coins: [{ denom: "uaxm", amount: "40845719" }] },
        { address: CAROL, coins: [{ denom: "uaxm", amount: "824738" }] },
      ],
    });
    expect(summary.sender).toEqual({ field: "inputs", address: ALICE, amount: 41670457n });
    expect(summary.amount).toBe(41670457n);
    expect(summary.addresses).toEqual([
      { field: "outputs", address: BOB, amount: 40845719n },
      { field: "outputs", address: CAROL, amount: 824738n },
    ]);
  });

  it("a delegation: the delegator sends a single coin to a validator", () => {
    const summary = summarizeMessage({
      "@type": "/axiome.staking.v1beta1.MsgDelegate",
      delegator_address: ALICE,
      validator_address: VALIDATOR,
      amount: { denom: "uaxm", amount: "53341516" },
    });
    expect(summary.sender?.address).toBe(ALICE);
    expect(summary.amount).toBe(53341516n);
    expect(summary.addresses).toEqual([{ field: "validator_address", address: VALIDATOR, amount: null }]);
  });

  it("a redelegation names both validators", () => {
    const summary = summarizeMessage({
      "@type": "/axiome.staking.v1beta1.MsgBeginRedelegate",
      delegator_address: ALICE,
      validator_src_address: VALIDATOR,
      validator_dst_address: OTHER_VALIDATOR,
      amount: { denom: "uaxm", amount: "291492" },
    });
    expect(summary.addresses.map((a) => [a.field, a.address])).toEqual([
      ["validator_src_address", VALIDATOR],
      ["validator_dst_address", OTHER_VALIDATOR],
    ]);
  });

  it("a message without amounts has no amount, only its addresses", () => {
    const summary = summarizeMessage({
      "@type": "/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward",
      delegator_address: ALICE,
      validator_address: VALIDATOR,
    });
    expect(summary.amount).toBeNull();
    expect(summary.sender?.field).toBe("delegator_address");
    expect(summary.addresses).toEqual([{ field: "validator_address", address: VALIDATOR, amount: null }]);
  });

  it("a referral registration is sent by the new referral, naming the referrer", () => {
    const summary = summarizeMessage({
      "@type": "/axiome.referral.v1beta1.MsgRegisterReferral",
      referral_address: ALICE,
      referrer_address: BOB,
    });
    expect(summary.sender?.address).toBe(ALICE);
    expect(summary.addresses).toEqual([{ field: "referrer_address", address: BOB, amount: null }]);
  });

  it("an unknown message: addresses and coins found at any depth, no sender when no field names one", () => {
    const summary = summarizeMessage({
      "@type": "/example.v1.MsgSomething",
      route: { hops: [{ to: BOB }] },
      funds: [{ denom: "uaxm", amount: "7" }],
      nested: { fee: { denom: "uaxm", amount: "3" } },
      note: "axm1 is a prefix, not an address",
    });
    expect(summary.sender).toBeNull();
    expect(summary.amount).toBe(10n);
    expect(summary.addresses).toEqual([{ field: "to", address: BOB, amount: null }]);
  });
});

describe("amounts and addresses", () => {
  it("sums only uaxm, as BigInt, and is null when there is none", () => {
    expect(
      sumUaxm([
        { denom: "uaxm", amount: "9007199254740993" },
        { denom: "uaxm", amount: "1" },
      ]),
    ).toBe(9007199254740994n);
    expect(sumUaxm([{ denom: "uother", amount: "5" }])).toBeNull();
    expect(sumUaxm({ amount: "12" })).toBeNull();
    expect(sumUaxm([])).toBeNull();
  });

  it("recognises account, contract and validator addresses", () => {
    expect(isAddress(ALICE)).toBe(true);
    expect(isAddress(VALIDATOR)).toBe(true);
    expect(isAddress("axm14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9s0phg4d")).toBe(true);
    expect(isAddress("axmvalcons1hzhfafpxvdeyapx5ssglvpurkt3gjvsw4vp2u4")).toBe(false);
    expect(isAddress("axm1short")).toBe(false);
    expect(isAddress(42)).toBe(false);
  });
});
