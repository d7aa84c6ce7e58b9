// An accepted proposal's vote-module messages as the index applies them: all or none, by government.go and params.go.
import { describe, expect, it } from "vitest";
import { execute } from "./write-governance.ts";

const VOTE = "/axiome.vote.v1beta1.";
const add = (governor: string) => ({ typeUrl: `${VOTE}MsgAddGovernor`, value: { authority: "x", governor } });
const remove = (governor: string) => ({ typeUrl: `${VOTE}MsgRemoveGovernor`, value: { authority: "x", governor } });
const params = (vote_period: number, poll_period: number) => ({
  typeUrl: `${VOTE}MsgUpdateParams`,
  value: { authority: "x", params: { vote_period, poll_period } },
});
const periods = { votePeriod: 2, pollPeriod: 3 };

describe("execute", () => {
  it("applies governor changes and params in order, other modules' messages left to their modules", () => {
    const referral = { typeUrl: "/axiome.referral.v1beta1.MsgUpdateParams", value: { authority: "x", params: {} } };
    expect(execute([add("d"), remove("a"), referral, params(10080, 60)], ["a", "b", "c"], periods)).toEqual({
      governors: ["b", "c", "d"],
      params: { votePeriod: 10080, pollPeriod: 60 },
    });
  });

  it("applies none when one fails: a member added again (5), a stranger removed (6), the last removed (7), a period under a minute", () => {
    expect(execute([add("d"), add("b")], ["a", "b"], periods)).toBeNull();
    expect(execute([remove("z")], ["a", "b"], periods)).toBeNull();
    expect(execute([remove("b"), remove("a")], ["a", "b"], periods)).toBeNull();
    expect(execute([add("d"), params(0, 60)], ["a"], periods)).toBeNull();
  });

  it("passes over a message it holds only as raw bytes", () => {
    expect(execute([{ typeUrl: "/other.MsgThing", value: "AQID" }, add("b")], ["a"], null)).toEqual({ governors: ["a", "b"], params: null });
  });
});
