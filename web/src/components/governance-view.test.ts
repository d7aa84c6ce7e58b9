// The vote module's words and figures: each message kind read from the node's JSON, each governor's vote, the yes/no
// shares and the time left of a vote.
import { describe, expect, it } from "vitest";
import { clock, governanceMessage, governorVotes, pollShares, requirementOf, timeLeft } from "./governance-view.ts";

const A = "axm1dt9p9msxhan43e4kqrq6zntttg8g2w3hw577nu";
const B = "axm1aw7923zshsvgqksehc96njs89drvr88ppxa9rv";
const C = "axm1s9zmjh8p2ejq80g3q5wdcrj8ugtc5hwj9cd2xg";
const D = "axm17wmk4dlmqv6up2jekuhgn0vn22zg736ehfgr39";
const VOTE = "/axiome.vote.v1beta1.";

describe("governanceMessage", () => {
  it("reads each vote-module message as the node's JSON gives it, and a referral MsgUpdateParams", () => {
    expect(governanceMessage(`${VOTE}MsgAddGovernor`, { authority: A, governor: B })).toEqual({ kind: "addGovernor", governor: B });
    expect(governanceMessage(`${VOTE}MsgRemoveGovernor`, { authority: A, governor: C })).toEqual({ kind: "removeGovernor", governor: C });
    expect(governanceMessage(`${VOTE}MsgUpdateParams`, { authority: A, params: { vote_period: 10080 } })).toEqual({
      kind: "voteParams",
      votePeriod: 10080,
      pollPeriod: null,
    });
    expect(
      governanceMessage("/axiome.referral.v1beta1.MsgUpdateParams", { authority: A, params: { status_downgrade_period: 604800, uret_mode: false } }),
    ).toEqual({
      kind: "referralParams",
      params: [
        { name: "status_downgrade_period", value: "604800" },
        { name: "uret_mode", value: "false" },
      ],
    });
    expect(
      governanceMessage(`${VOTE}MsgPropose`, {
        "@type": `${VOTE}MsgPropose`,
        name: "Seat",
        author: A,
        messages: [{ "@type": `${VOTE}MsgAddGovernor`, authority: A, governor: B }],
      }),
    ).toEqual({ kind: "propose", name: "Seat", author: A, messages: [`${VOTE}MsgAddGovernor`] });
    expect(governanceMessage(`${VOTE}MsgVote`, { voter: A, agree: false })).toEqual({ kind: "vote", voter: A, agree: false });
    expect(governanceMessage(`${VOTE}MsgAnswerPoll`, { respondent: A, yes: true })).toEqual({ kind: "answerPoll", respondent: A, yes: true });
    expect(governanceMessage(`${VOTE}MsgStartPoll`, { author: A, poll: { name: "p", author: A, question: "q?", quorum: "2/3", can_validate: {} } })).toEqual({
      kind: "startPoll",
      name: "p",
      question: "q?",
      quorum: 2 / 3,
      requirement: { kind: "validators", minStatus: null },
    });
  });

  it("is null for other messages and unknown vote-module types", () => {
    expect(governanceMessage("/cosmos.bank.v1beta1.MsgSend", { from_address: A })).toBeNull();
    expect(governanceMessage(`${VOTE}MsgSomethingNew`, "CgRhYmNk")).toBeNull();
  });

  it("reads who may answer a poll: anyone, validators, or a minimum status (the chain's STATUS_* names, explorer's levels)", () => {
    expect(requirementOf({})).toEqual({ kind: "none", minStatus: null });
    expect(requirementOf({ can_validate: {} })).toEqual({ kind: "validators", minStatus: null });
    expect(requirementOf({ min_status: "STATUS_STARTER" })).toEqual({ kind: "minStatus", minStatus: 1 });
    expect(requirementOf({ min_status: "STATUS_MEGA" })).toEqual({ kind: "minStatus", minStatus: 7 });
  });
});

describe("governorVotes", () => {
  it("lists the government in order with each choice, then votes of those no longer in it", () => {
    expect(governorVotes({ government: [A, B, C], agreed: [C, D], disagreed: [A] })).toEqual([
      { address: A, vote: "disagreed" },
      { address: B, vote: "none" },
      { address: C, vote: "agreed" },
      { address: D, vote: "agreed" },
    ]);
  });
});

describe("pollShares", () => {
  it("gives yes and no as shares of all answers, both 0 when nobody answered", () => {
    expect(pollShares(2, 1)).toEqual({ yes: (2 / 3) * 100, no: (1 / 3) * 100, total: 3 });
    expect(pollShares(0, 4)).toEqual({ yes: 0, no: 100, total: 4 });
    expect(pollShares(0, 0)).toEqual({ yes: 0, no: 0, total: 0 });
  });
});

describe("timeLeft and clock", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("splits the time left into days, hours, minutes and seconds, cutting partial seconds", () => {
    const left = timeLeft(now + ((2 * 24 + 3) * 3600 + 14 * 60 + 5) * 1000 + 999, now)!;
    expect(left).toEqual({ days: 2, hours: 3, minutes: 14, seconds: 5 });
    expect(clock(left)).toBe("03:14:05");
    expect(clock(timeLeft(now + 59_000, now)!)).toBe("00:00:59");
  });

  it("is null once the end has come", () => {
    expect(timeLeft(now, now)).toBeNull();
    expect(timeLeft(now + 999, now)).toBeNull();
    expect(timeLeft(now - 60_000, now)).toBeNull();
  });
});
