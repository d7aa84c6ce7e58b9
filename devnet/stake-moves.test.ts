// Stake moves and rewards as axm-node runs them: requests, the authority's confirmations and cancellations, emission paid at withdrawal.
import { describe, it, expect, beforeAll } from "vitest";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { createDevnet, type Devnet } from "./index.ts";
import { Submitter } from "./test-submit.ts";
import { MICRO } from "../core/amount.ts";

const STAKE = "/axiome.staking.v1beta1.";
const coin = (amount: bigint) => ({ denom: "uaxm", amount: amount.toString() });

let devnet: Devnet;
let submit: Submitter;
let validator: string;
let authority: string;
let alice: string;
let bob: string;

/** Fields of one protobuf message: number → raw values. */
function fields(bytes: Uint8Array): Map<number, (Uint8Array | bigint)[]> {
  const reader = new BinaryReader(bytes);
  const out = new Map<number, (Uint8Array | bigint)[]>();
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    out.set(tag >>> 3, [...(out.get(tag >>> 3) ?? []), (tag & 7) === 2 ? reader.bytes() : BigInt(reader.uint64().toString())]);
  }
  return out;
}
const text = (value: Uint8Array | bigint) => Buffer.from(value as Uint8Array).toString("utf8");
const move = (delegator: string, dst: string) => ({ delegatorAddress: delegator, validatorAddress: validator, dstDelegatorAddress: dst });

beforeAll(async () => {
  // No random workload: only the scripted transactions (done with the showcase by 150) and the test's own.
  devnet = createDevnet({ clock: "simulated", txsPerBlock: 0 });
  await devnet.prebuild(155);
  submit = new Submitter(devnet, `http://127.0.0.1:${await devnet.listen(0)}`);
  validator = devnet.state.validators()[0].operatorAddress;
  authority = devnet.genesis.stakingAuthority;
  [alice, bob] = [submit.fresh(0), submit.fresh(1)];
  const faucet = devnet.genesis.faucetAddress;
  const fund = (to: string) => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: faucet, toAddress: to, amount: [coin(10_000n * MICRO)] } });
  await submit.block({ signer: faucet, messages: [fund(alice), fund(bob)] });
  const register = (who: string, referrer: string) => ({
    signer: who,
    messages: [{ typeUrl: "/axiome.referral.v1beta1.MsgRegisterReferral", value: { referralAddress: who, referrerAddress: referrer } }],
  });
  await submit.block(register(alice, devnet.genesis.referralRoot));
  await submit.block(register(bob, alice));
  const delegate = { typeUrl: `${STAKE}MsgDelegate`, value: { delegatorAddress: alice, validatorAddress: validator, amount: coin(5_000n * MICRO) } };
  await submit.block({ signer: alice, messages: [delegate] });
  return () => devnet.close();
});

describe("stake moves", () => {
  it("flags a request, refuses a second one and undelegation while it is pending, and lets only the authority decide", async () => {
    const [request] = await submit.block({ signer: alice, messages: [{ typeUrl: `${STAKE}MsgRequestStakeMove`, value: move(alice, bob) }] });
    expect(request.code).toBe(0);
    expect(request.events.find((e) => e.type === "request_stake_move")!.attributes).toEqual({
      delegator: alice,
      validator,
      dst_delegator: bob,
      msg_index: "0",
    });
    expect(devnet.state.stakeMoves()).toContainEqual({ delegator: alice, validator, dstDelegator: bob });

    const undelegate = { typeUrl: `${STAKE}MsgUndelegate`, value: { delegatorAddress: alice, validatorAddress: validator, amount: coin(MICRO) } };
    const [again, blocked] = await submit.block(
      { signer: alice, messages: [{ typeUrl: `${STAKE}MsgRequestStakeMove`, value: move(alice, bob) }] },
      { signer: alice, messages: [undelegate] },
    );
    expect([again.codespace, again.code, again.log]).toEqual([
      "sdk",
      36,
      "failed to execute message; message index: 0: stake move voting is already in progress for this delegator and validator: conflict",
    ]);
    expect([blocked.code, blocked.log]).toEqual([
      36,
      "failed to execute message; message index: 0: stake move voting is in progress for this delegator and validator: conflict",
    ]);

    const [usurper] = await submit.block({
      signer: bob,
      messages: [{ typeUrl: `${STAKE}MsgConfirmRequestStakeMove`, value: { authority: bob, ...move(alice, bob) } }],
    });
    expect([usurper.codespace, usurper.code]).toEqual(["gov", 13]);
    expect(usurper.log).toContain(`invalid authority; expected ${authority}, got ${bob}`);
  });

  it("moves the whole delegation on confirmation: rewards paid first, referral figures follow, the validator keeps its tokens", async () => {
    const moved = devnet.state.delegations(alice).find((d) => d.validator === validator)!.amount;
    const tokens = devnet.state.validators()[0].tokens;
    const before = { alice: devnet.state.partnerRecord(alice)!, bob: devnet.state.partnerRecord(bob)! };
    const [confirm] = await submit.block({
      signer: authority,
      messages: [{ typeUrl: `${STAKE}MsgConfirmRequestStakeMove`, value: { authority, ...move(alice, bob) } }],
    });
    expect(confirm.code).toBe(0);
    const own = confirm.events
      .slice(8)
      .map((e) => e.type)
      .filter((t) => !t.startsWith("status_"));
    expect(own.at(-1)).toBe("confirm_request_stake_move");
    expect(own.filter((t) => t === "withdraw_rewards")).toEqual(["withdraw_rewards"]);
    expect(confirm.events.find((e) => e.type === "withdraw_rewards")!.attributes.delegator).toBe(alice);
    expect(confirm.events.filter((e) => e.type === "transfer").every((e) => e.attributes.sender !== alice)).toBe(true);
    expect(devnet.state.delegations(alice)).toEqual([]);
    expect(devnet.state.delegations(bob)).toEqual([{ delegator: bob, validator, amount: moved }]);
    expect(devnet.state.validators()[0].tokens).toBe(tokens);
    expect(devnet.state.partnerRecord(alice)!.selfDelegated).toBe(before.alice.selfDelegated - moved);
    expect(devnet.state.partnerRecord(bob)!.selfDelegated).toBe(before.bob.selfDelegated + moved);
    // bob is alice's referral: her team holds what she held herself.
    expect(devnet.state.partnerRecord(alice)!.teamDelegated).toBe(before.alice.teamDelegated + moved);
    expect(devnet.state.stakeMoves()).toEqual([]);
  });

  it("cancels a request without moving anything, and answers NotFound to a decision with no request", async () => {
    const held = devnet.state.delegations(bob);
    const [request] = await submit.block({ signer: bob, messages: [{ typeUrl: `${STAKE}MsgRequestStakeMove`, value: move(bob, alice) }] });
    expect(request.code).toBe(0);
    const cancel = { typeUrl: `${STAKE}MsgCancelRequestStakeMove`, value: { authority, ...move(bob, alice) } };
    const [cancelled] = await submit.block({ signer: authority, messages: [cancel] });
    expect(cancelled.events.at(-1)).toEqual({
      type: "cancel_request_stake_move",
      attributes: { delegator: bob, validator, dst_delegator: alice, msg_index: "0" },
    });
    expect(devnet.state.delegations(bob)).toEqual(held);
    const [none] = await submit.block({ signer: authority, messages: [cancel] });
    expect([none.codespace, none.code, none.log]).toEqual([
      "undefined",
      1,
      "failed to execute message; message index: 0: rpc error: code = NotFound desc = no stake move voting in progress for this delegator and validator",
    ]);
  });
});

describe("rewards", () => {
  async function query(path: string, data: Uint8Array) {
    const { response } = await submit.rpc("abci_query", { path, data: Buffer.from(data).toString("hex") });
    return { code: response.code ?? 0, value: Buffer.from(response.value ?? "", "base64") };
  }

  it("answers DelegationTotalRewards only under axiome.distribution, with emission, and its total including emission", async () => {
    await submit.block();
    await submit.block();
    const request = BinaryWriter.create().uint32(10).string(bob).finish();
    expect((await query("/cosmos.distribution.v1beta1.Query/DelegationTotalRewards", request)).code).toBe(6);
    const answer = fields((await query("/axiome.distribution.v1beta1.Query/DelegationTotalRewards", request)).value);
    const [entry] = answer.get(1)!.map((e) => fields(e as Uint8Array));
    const amountOf = (decCoin: Uint8Array | bigint | undefined) => (decCoin ? BigInt(text(fields(decCoin as Uint8Array).get(2)![0])) : 0n);
    expect(text(entry.get(1)![0])).toBe(validator);
    const emission = amountOf(entry.get(3)?.[0]);
    expect(emission).toBeGreaterThan(0n);
    expect(amountOf(answer.get(2)![0])).toBe(amountOf(entry.get(2)?.[0]) + emission);
    const DEC = 10n ** 18n;
    expect(devnet.state.rewards(bob)).toBe(amountOf(entry.get(2)?.[0]) / DEC + emission / DEC);
    expect(devnet.state.rewardsByValidator(bob)).toEqual([{ validator, amount: devnet.state.rewards(bob) }]);
  });

  it("mints the emission at withdrawal and pays it with the fee rewards: withdraw_rewards{amount, validator, delegator, emission}", async () => {
    const balance = devnet.state.balances(bob);
    const [withdraw] = await submit.block({
      signer: bob,
      messages: [{ typeUrl: "/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: bob, validatorAddress: validator } }],
    });
    const event = withdraw.events.find((e) => e.type === "withdraw_rewards")!.attributes;
    expect(Object.keys(event)).toEqual(["amount", "validator", "delegator", "emission", "msg_index"]);
    expect(event.emission).toMatch(/^[1-9]\d*uaxm$/);
    expect(event.amount).toMatch(/^\d+uaxm$/);
    const minted = withdraw.events.find((e) => e.type === "coinbase")!.attributes;
    expect(minted).toEqual({ minter: devnet.state.modules.distribution, amount: event.emission, msg_index: "0" });
    const received = BigInt(event.amount.replace("uaxm", "")) + BigInt(event.emission.replace("uaxm", ""));
    expect(devnet.state.balances(bob)).toBe(balance - 12_500n + received);
  });

  it("answers the distribution params: 30% fee burn and one commission rate for every validator", async () => {
    const params = fields(fields((await query("/axiome.distribution.v1beta1.Query/Params", new Uint8Array())).value).get(1)![0] as Uint8Array);
    expect(text(params.get(5)![0])).toBe("300000000000000000");
    expect(text(params.get(6)![0])).toBe("50000000000000000");
    expect(params.get(4)).toEqual([1n]);
  });
});
