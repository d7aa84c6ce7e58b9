// The vote module as axm-node runs it (x/vote/keeper/keeper.go, msg_server.go, ABCI.go, government.go, grpc_query.go):
// each rule and error code on a fresh genesis state, then the devnet's own governance story over RPC.
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { fromBase64 } from "@cosmjs/encoding";
import {
  CurrentResponse,
  GovernmentResponse,
  HistoryRequest,
  HistoryResponse,
  PollHistoryRequest,
  PollHistoryResponse,
  VoteParamsResponse,
} from "../chain/proto/axiome.ts";
import { CHAIN_STATUS } from "../core/partnership-chain.ts";
import type { ChainState } from "./state.ts";
import { buildGenesis, type GenesisInfo } from "./genesis.ts";
import { initReferralGenesis } from "./referral-genesis.ts";
import { initVoteGenesis } from "./vote-genesis.ts";
import { EventSink, type AbciEvent } from "./events.ts";
import { TxFailure } from "./errors.ts";
import { handlerFor, type TxMessage } from "./handlers.ts";
import { VOTE_AUTHORITY } from "./module-accounts.ts";
import { validate, voteBeginBlock } from "./vote.ts";
import { createDevnet, type Devnet } from "./index.ts";

const VOTE = "/axiome.vote.v1beta1.";
const T0 = Date.parse("2026-01-01T00:00:00Z");
const MINUTE = 60_000;

/** A chain just past InitChain: referral and vote genesis imported, at height 1. */
function fresh(): { state: ChainState; info: GenesisInfo } {
  const { state, info } = buildGenesis({ seed: "vote-rules", chainId: "axm-devnet-1" });
  initReferralGenesis(state, info.referral, T0);
  initVoteGenesis(state, info.vote, T0);
  state.height = 1;
  state.timeMs = T0;
  return { state, info };
}

/** Runs one message as a transaction's message 0 does: all or nothing; its events as {type, attributes}. */
function run(state: ChainState, typeUrl: string, value: TxMessage["value"]): { type: string; attributes: Record<string, string> }[] {
  const sink = new EventSink([["msg_index", "0"]]);
  state.atomically(() => handlerFor(typeUrl).run({ state, sink }, value));
  return flat(sink.events);
}

function flat(events: AbciEvent[]) {
  return events.map((e) => ({ type: e.type, attributes: Object.fromEntries(e.attributes.map((a) => [a.key, a.value])) }));
}

/** The failure a message gives: [codespace, code, log]. */
function refusal(state: ChainState, typeUrl: string, value: TxMessage["value"]): [string, number, string] {
  try {
    run(state, typeUrl, value);
  } catch (error) {
    if (error instanceof TxFailure) return [error.codespace, error.code, error.message];
    throw error;
  }
  throw new Error(`${typeUrl} succeeded`);
}

const propose = (author: string, name: string, messages: TxMessage[]) => ({ author, name, messages });
const add = (governor: string, authority = VOTE_AUTHORITY): TxMessage => ({ typeUrl: `${VOTE}MsgAddGovernor`, value: { authority, governor } });
const remove = (governor: string): TxMessage => ({ typeUrl: `${VOTE}MsgRemoveGovernor`, value: { authority: VOTE_AUTHORITY, governor } });
const tag = (action: string) => ({ type: "message", attributes: { module: "vote", action: `axiome.vote.v1beta1.${action}`, msg_index: "0" } });

describe("x/vote rules (keeper.go, msg_server.go, ABCI.go, government.go)", () => {
  it("records a proposal with its author agreed, ends it after vote_period minutes and tags the transaction", () => {
    const { state, info } = fresh();
    const [author, other] = info.vote.government;
    const events = run(state, `${VOTE}MsgPropose`, propose(author, "seat", [add(info.users[7])]));
    expect(events).toEqual([{ type: "axiome.vote.v1beta1.EventProposalCreated", attributes: { name: "seat", author, msg_index: "0" } }, tag("MsgPropose")]);
    const current = state.vote.current!;
    expect(current.agreed).toEqual([author]);
    expect(current.disagreed).toEqual([]);
    expect(current.startBlock).toBe(1);
    // params.proto says hours; keeper.go multiplies vote_period by time.Minute.
    expect(current.proposal.endTimeMs).toBe(T0 + info.vote.params.votePeriod * MINUTE);
    expect(run(state, `${VOTE}MsgVote`, { voter: other, agree: false })).toEqual([
      { type: "axiome.vote.v1beta1.EventProposalVote", attributes: { voter: other, agreed: "false", msg_index: "0" } },
      tag("MsgVote"),
    ]);
  });

  it("answers each refusal with the module's code, in the keeper's order of checks", () => {
    const { state, info } = fresh();
    const [g0, g1] = info.vote.government;
    const outsider = info.users[3];
    expect(refusal(state, `${VOTE}MsgVote`, { voter: g0, agree: true })).toEqual(["vote", 4, "no active proposals to vote"]);
    expect(refusal(state, `${VOTE}MsgPropose`, propose(outsider, "x", []))).toEqual(["vote", 1, `${outsider}: signer not in government list`]);
    // Every message must be signed by the module authority alone (code 10) and have a route (code 11).
    const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: g0, toAddress: outsider, amount: [{ denom: "uaxm", amount: "1" }] } };
    expect(refusal(state, `${VOTE}MsgPropose`, propose(g0, "x", [send]))).toEqual(["vote", 10, `${g0}: invalid signer for proposed message`]);
    const unrouted = { typeUrl: "/cosmos.feegrant.v1beta1.MsgRevokeAllowance", value: { granter: VOTE_AUTHORITY, grantee: g0 } };
    expect(refusal(state, `${VOTE}MsgPropose`, propose(g0, "x", [unrouted]))).toEqual([
      "vote",
      11,
      "/cosmos.feegrant.v1beta1.MsgRevokeAllowance: no route for proposed message",
    ]);
    run(state, `${VOTE}MsgPropose`, propose(g0, "first", [add(outsider)]));
    // Another proposal is refused before the author is even checked.
    expect(refusal(state, `${VOTE}MsgPropose`, propose(outsider, "second", []))).toEqual(["vote", 2, "other proposal is active"]);
    expect(refusal(state, `${VOTE}MsgVote`, { voter: outsider, agree: true })).toEqual(["vote", 1, `${outsider}: signer not in government list`]);
    expect(refusal(state, `${VOTE}MsgVote`, { voter: g0, agree: false })).toEqual(["vote", 3, `${g0}: already voted`]);
    run(state, `${VOTE}MsgVote`, { voter: g1, agree: false });
    expect(refusal(state, `${VOTE}MsgVote`, { voter: g1, agree: true })).toEqual(["vote", 3, `${g1}: already voted`]);
  });

  it("decides by two thirds of the government, and only once everyone voted", () => {
    const gov = (n: number) => Array.from({ length: n }, (_, i) => `g${i}`);
    expect(validate(gov(5), gov(4), ["g4"])).toEqual({ complete: true, accepted: true });
    expect(validate(gov(5), gov(3), ["g3", "g4"])).toEqual({ complete: true, accepted: false });
    expect(validate(gov(6), gov(4), ["g4", "g5"])).toEqual({ complete: true, accepted: true });
    expect(validate(gov(6), gov(5), [])).toEqual({ complete: false, accepted: false });
    expect(validate(["g0"], ["g0"], [])).toEqual({ complete: true, accepted: true });
  });

  it("executes an accepted proposal's messages in the vote that completes it, after the history took the old government", () => {
    const { state, info } = fresh();
    const gov = info.vote.government;
    const newcomer = info.users[7];
    run(state, `${VOTE}MsgPropose`, propose(gov[0], "seat", [add(newcomer), remove(gov[4])]));
    for (const voter of gov.slice(1, 4)) run(state, `${VOTE}MsgVote`, { voter, agree: true });
    state.height = 5;
    const events = run(state, `${VOTE}MsgVote`, { voter: gov[4], agree: false });
    expect(events.map((e) => e.type)).toEqual(["axiome.vote.v1beta1.EventProposalVote", "axiome.vote.v1beta1.EventvoteFinished", "message"]);
    expect(events[1].attributes).toEqual({ name: "seat", agreed: "true", msg_index: "0" });
    expect(state.vote.government).toEqual([...gov.slice(0, 4), newcomer]);
    expect(state.vote.current).toBeNull();
    const [record] = state.vote.historyInOrder();
    expect(record).toMatchObject({ government: gov, agreed: gov.slice(0, 4), disagreed: [gov[4]], started: 1, finished: 5 });
  });

  it("applies none of an accepted proposal's messages when one fails, and says so by no event", () => {
    const { state, info } = fresh();
    const gov = info.vote.government;
    // Adding someone already governing fails (code 5): the first message's change is dropped with it.
    run(state, `${VOTE}MsgPropose`, propose(gov[0], "twice", [add(info.users[7]), add(gov[1])]));
    for (const voter of gov.slice(1, 4)) run(state, `${VOTE}MsgVote`, { voter, agree: true });
    const events = run(state, `${VOTE}MsgVote`, { voter: gov[4], agree: true });
    expect(events.find((e) => e.type.endsWith("EventvoteFinished"))!.attributes.agreed).toBe("true");
    expect(state.vote.government).toEqual(gov);
    expect(state.vote.historyInOrder()).toHaveLength(1);
  });

  it("ends a proposal whose time is over in BeginBlock, rejected even with two thirds agreed when someone did not vote", () => {
    const { state, info } = fresh();
    const gov = info.vote.government;
    run(state, `${VOTE}MsgPropose`, propose(gov[0], "late", [add(info.users[7])]));
    for (const voter of gov.slice(1, 4)) run(state, `${VOTE}MsgVote`, { voter, agree: true });
    const end = state.vote.current!.proposal.endTimeMs;
    const begin = new EventSink([["mode", "BeginBlock"]]);
    state.timeMs = end;
    voteBeginBlock(state, begin);
    expect(state.vote.current).not.toBeNull(); // EndTime.Before(blockTime): not yet at equal times
    state.height = 30;
    state.timeMs = end + 1;
    voteBeginBlock(state, begin);
    expect(flat(begin.events)).toEqual([{ type: "axiome.vote.v1beta1.EventvoteFinished", attributes: { name: "late", agreed: "false", mode: "BeginBlock" } }]);
    expect(state.vote.current).toBeNull();
    expect(state.vote.government).toEqual(gov);
    expect(state.vote.historyInOrder()[0]).toMatchObject({ agreed: gov.slice(0, 4), disagreed: [], finished: 30 });
  });

  it("changes the government only by the authority, never below one governor", () => {
    const { state, info } = fresh();
    const [g0, g1, g2, g3, g4] = info.vote.government;
    const outsider = info.users[3];
    expect(refusal(state, `${VOTE}MsgAddGovernor`, add(outsider, g0).value)).toEqual([
      "gov",
      13,
      `invalid authority; expected ${VOTE_AUTHORITY}, got ${g0}: expected gov account as only signer for proposal message`,
    ]);
    expect(refusal(state, `${VOTE}MsgAddGovernor`, add(g1).value)).toEqual(["vote", 5, "candidate already in government list"]);
    expect(refusal(state, `${VOTE}MsgRemoveGovernor`, remove(outsider).value)).toEqual(["vote", 6, "candidate not in government list"]);
    for (const member of [g1, g2, g3, g4]) run(state, `${VOTE}MsgRemoveGovernor`, remove(member).value);
    expect(state.vote.government).toEqual([g0]);
    expect(refusal(state, `${VOTE}MsgRemoveGovernor`, remove(g0).value)).toEqual(["vote", 7, "cannot remove the last governor"]);
    // A government of one: the author's own agreement completes the vote at once, inside MsgPropose.
    const events = run(state, `${VOTE}MsgPropose`, propose(g0, "alone", [add(outsider)]));
    expect(events.map((e) => e.type)).toEqual(["axiome.vote.v1beta1.EventProposalCreated", "axiome.vote.v1beta1.EventvoteFinished", "message"]);
    expect(state.vote.government).toEqual([g0, outsider]);
  });

  it("sets its params from the authority, in whole minutes of at least one", () => {
    const { state } = fresh();
    const update = (votePeriod: number) => ({ authority: VOTE_AUTHORITY, params: { votePeriod, pollPeriod: 5 } });
    expect(refusal(state, `${VOTE}MsgUpdateParams`, update(0))).toEqual([
      "undefined",
      1,
      "invalid vote_period: validating period must be at least 1 minute: 0",
    ]);
    expect(run(state, `${VOTE}MsgUpdateParams`, update(10080))).toEqual([]);
    expect(state.vote.params).toEqual({ votePeriod: 10080, pollPeriod: 5 });
  });

  it("sets the referral params from the authority alone", () => {
    const { state } = fresh();
    const params = { ...state.referral.params };
    const message = (authority: string, statusDowngradePeriod: number) => ({
      authority,
      params: {
        delegatingAward: { network: ["5%", "1%", "2%", "1%", "1%", "1%", "1%", "1%", "7/1000", "5/1000", "3/1000", "2/1000", "2/1000", "1/1000"] },
        statusDowngradePeriod,
        uretMode: false,
      },
    });
    const [, code] = refusal(state, "/axiome.referral.v1beta1.MsgUpdateParams", message(state.stakingAuthority, 60));
    expect(code).toBe(13);
    run(state, "/axiome.referral.v1beta1.MsgUpdateParams", message(VOTE_AUTHORITY, 604800));
    expect(state.referral.params).toEqual({ ...params, statusDowngradePeriodSeconds: 604800 });
  });

  it("lets eligible accounts answer the genesis poll once, and ends it with the chain's zero counts", () => {
    const { state, info } = fresh();
    const root = info.referralRoot;
    const poll = state.vote.poll!;
    expect(poll.minStatus).toBe(CHAIN_STATUS.STARTER);
    // Genesis answered for the root (a Guru); a second answer is refused (code 3), a NEW or unregistered account too (9).
    expect(state.vote.answers.get(root)).toBe(true);
    expect(refusal(state, `${VOTE}MsgAnswerPoll`, { respondent: root, yes: false })).toEqual(["vote", 3, "already voted"]);
    const newcomer = info.users.find((u) => state.referral.get(u)?.status === CHAIN_STATUS.NEW)!;
    expect(refusal(state, `${VOTE}MsgAnswerPoll`, { respondent: newcomer, yes: true })).toEqual(["vote", 9, "poll requirements don't match"]);
    const [g0] = info.vote.government;
    expect(refusal(state, `${VOTE}MsgAnswerPoll`, { respondent: g0, yes: true })[1]).toBe(9);
    state.referral.set(newcomer, { ...state.referral.get(newcomer)!, status: CHAIN_STATUS.STARTER });
    expect(run(state, `${VOTE}MsgAnswerPoll`, { respondent: newcomer, yes: false })).toEqual([tag("MsgAnswerPoll")]);

    const begin = new EventSink([["mode", "BeginBlock"]]);
    state.timeMs = poll.endTimeMs! + 1;
    voteBeginBlock(state, begin);
    // Answer's counters are written where nothing reads them: yes and no are 0, and a quorum makes that NEGATIVE.
    expect(flat(begin.events)).toEqual([
      { type: "axiome.vote.v1beta1.EventPollFinished", attributes: { name: poll.name, yes: "0", no: "0", decision: "DECISION_NEGATIVE", mode: "BeginBlock" } },
    ]);
    expect(state.vote.pollHistoryInOrder()).toEqual([{ poll, yes: 0n, no: 0n, decision: 2 }]);
    expect(state.vote.answers.size).toBe(0);
    expect(refusal(state, `${VOTE}MsgAnswerPoll`, { respondent: root, yes: true })).toEqual(["vote", 8, "no active poll"]);
  });

  it("ends a poll without quorum with no decision", () => {
    const { state, info } = fresh();
    state.vote.setPoll({
      name: "info",
      author: info.vote.government[0],
      question: "?",
      quorum: "",
      canValidate: false,
      startTimeMs: T0,
      endTimeMs: T0 + MINUTE,
    });
    state.timeMs = T0 + 2 * MINUTE;
    const begin = new EventSink([["mode", "BeginBlock"]]);
    voteBeginBlock(state, begin);
    expect(flat(begin.events)[0].attributes.decision).toBe("DECISION_UNSPECIFIED");
  });

  it("accepts a governor's MsgStartPoll, which never becomes the current poll (keeper.go StartPoll's key)", () => {
    const { state, info } = fresh();
    const [g0] = info.vote.government;
    const genesisPoll = state.vote.poll;
    const poll = { name: "v", author: g0, question: "4-second blocks?", quorum: "2/3", canValidate: true };
    expect(run(state, `${VOTE}MsgStartPoll`, { author: g0, poll })).toEqual([tag("MsgStartPoll")]);
    expect(state.vote.poll).toBe(genesisPoll);
    expect(state.vote.startedPoll).toMatchObject({ ...poll, startTimeMs: T0, endTimeMs: T0 + info.vote.params.pollPeriod * MINUTE });
    // The governor check reads the poll's author, whoever signs.
    const outsider = info.users[3];
    expect(refusal(state, `${VOTE}MsgStartPoll`, { author: g0, poll: { ...poll, author: outsider } })).toEqual(["vote", 1, "signer not in government list"]);
  });
});

describe("the devnet's governance (scripted-workload.ts, governance-workload.ts) over RPC", () => {
  let devnet: Devnet;
  let url: string;
  const rpc = async (method: string, params: Record<string, unknown> = {}) =>
    ((await (await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })).json()) as { result: any }).result;
  const query = async (path: string, data: Uint8Array = new Uint8Array()) => {
    const { response } = await rpc("abci_query", { path, data: Buffer.from(data).toString("hex") });
    return { code: response.code as number, log: response.log as string, value: fromBase64(response.value ?? "") };
  };

  beforeAll(async () => {
    devnet = createDevnet({ clock: "simulated", txsPerBlock: 2 });
    await devnet.prebuild(60);
    url = `http://127.0.0.1:${await devnet.listen(0)}`;
  });
  afterAll(() => devnet.close());

  it("plays an accepted, a timed-out and a running proposal, and refuses with each of the module's codes", () => {
    const vote = devnet.state.vote();
    const [p1, p2, p3] = vote.history;
    const gov = devnet.genesis.vote.government;
    expect(p1.proposal.name).toBe("Seat a new governor");
    expect(p1.agreed).toHaveLength(4);
    expect(p2).toMatchObject({ agreed: [gov[3], gov[0], gov[1], devnet.genesis.users[150]], disagreed: [] });
    expect(p3.government).toHaveLength(6);
    expect(vote.government).toEqual([...gov.slice(0, 4), devnet.genesis.users[150]]);
    expect(vote.params.votePeriod).toBe(7 * 24 * 60);
    expect(vote.current?.proposal.name).toBe("Bring a governor back");
    expect(vote.poll).toBeNull();
    expect(vote.startedPoll?.name).toBe("Open: a governance forum");
    expect(vote.pollHistory).toHaveLength(1);
    const failed = devnet.state.txs.filter((t) => t.code !== 0 && t.types.every((type) => type.startsWith(VOTE)));
    expect(new Set(failed.map((t) => t.code))).toEqual(new Set([1, 2, 3, 4, 8, 9]));
  });

  it("names no module in baseapp's message event of a vote message, whose own tag names it", async () => {
    const p1End = devnet.state.vote().history[0].finished;
    const results = await rpc("block_results", { height: String(p1End) });
    const tx = results.txs_results.find((r: any) => r.events.some((e: any) => e.type === "axiome.vote.v1beta1.EventvoteFinished"));
    const messages = tx.events.filter((e: any) => e.type === "message" && e.attributes.some((a: any) => a.key === "msg_index"));
    expect(messages.map((e: any) => Object.fromEntries(e.attributes.map((a: any) => [a.key, a.value])))).toEqual([
      { action: "/axiome.vote.v1beta1.MsgVote", sender: devnet.genesis.vote.government[4], msg_index: "0" },
      { action: "axiome.vote.v1beta1.MsgVote", module: "vote", msg_index: "0" },
    ]);
  });

  it("answers the module's queries as grpc_query.go does", async () => {
    const current = CurrentResponse.decode((await query("/axiome.vote.v1beta1.Query/Current")).value);
    expect(current.proposal?.name).toBe("Bring a governor back");
    expect(current.government).toEqual(devnet.state.vote().government);
    expect(GovernmentResponse.decode((await query("/axiome.vote.v1beta1.Query/Government")).value).members).toEqual(current.government);
    expect(VoteParamsResponse.decode((await query("/axiome.vote.v1beta1.Query/Params")).value).params).toEqual({ votePeriod: 10080, pollPeriod: 60 });
    const page = async (limit: number, p: number) =>
      HistoryResponse.decode((await query("/axiome.vote.v1beta1.Query/History", HistoryRequest.encode({ limit, page: p }).finish())).value).history;
    expect((await page(0, 0)).map((r) => Number(r.finished))).toEqual(devnet.state.vote().history.map((r) => r.finished));
    expect((await page(1, 2)).map((r) => r.proposal?.name)).toEqual([devnet.state.vote().history[1].proposal.name]);
    expect(await query("/axiome.vote.v1beta1.Query/Poll")).toMatchObject({
      code: 22,
      log: "rpc error: code = NotFound desc = There is no active poll at the moment: key not found",
    });
    const polls = async (limit: number, p: number) =>
      PollHistoryResponse.decode((await query("/axiome.vote.v1beta1.Query/PollHistory", PollHistoryRequest.encode({ limit, page: p }).finish())).value).history;
    expect(await polls(0, 0)).toHaveLength(1);
    expect(await polls(1, 0)).toEqual([]); // (page − 1) × limit in unsigned arithmetic skips everything
    expect((await polls(1, 1))[0]).toMatchObject({ yes: 0n, no: 0n, decision: 2 });
  });

  it("puts the government, params and the answered current poll in the genesis document", async () => {
    const { genesis } = await rpc("genesis");
    expect(genesis.app_state.vote).toMatchObject({
      government: devnet.genesis.vote.government,
      params: { vote_period: 2, poll_period: 3 },
      current_poll: { quorum: "1/2", min_status: "STATUS_STARTER", start_time: "2025-12-31T23:50:00Z", end_time: "2026-01-01T00:04:00Z" },
      poll_answers: [{ acc: devnet.genesis.referralRoot, ans: true }],
    });
  });
});
