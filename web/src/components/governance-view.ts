// What the governance screens, a transaction's messages and an address's tab say about the vote module: each message
// summarised, each governor's vote, a poll's yes/no shares and requirement, the time left of a vote.
import { fractionValue } from "../../../core/fraction.ts";
import { CHAIN_STATUS_NAMES, explorerStatus } from "../../../core/partnership-status.ts";

const VOTE = "/axiome.vote.v1beta1.";
const REFERRAL_PARAMS = "/axiome.referral.v1beta1.MsgUpdateParams";

/** Who may answer a poll: anyone, validators only, or accounts with at least a status (the explorer's 0..7). */
export interface Requirement {
  kind: "none" | "validators" | "minStatus";
  minStatus: number | null;
}

export type GovernanceMessage =
  | { kind: "addGovernor" | "removeGovernor"; governor: string }
  | { kind: "voteParams"; votePeriod: number | null; pollPeriod: number | null }
  | { kind: "referralParams"; params: { name: string; value: string }[] }
  | { kind: "propose"; name: string; author: string; messages: string[] }
  | { kind: "vote"; voter: string; agree: boolean }
  | { kind: "startPoll"; name: string; question: string; quorum: number | null; requirement: Requirement }
  | { kind: "answerPoll"; respondent: string; yes: boolean };

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const minutes = (value: unknown): number | null =>
  value === undefined || value === null || value === "" || !Number.isFinite(Number(value)) ? null : Number(value);

/** A poll's requirement as the node's JSON gives it (`can_validate: {}` or `min_status: "STATUS_LEADER"`). */
export function requirementOf(poll: Record<string, unknown>): Requirement {
  if ("can_validate" in poll) return { kind: "validators", minStatus: null };
  const index = CHAIN_STATUS_NAMES.indexOf(poll.min_status as (typeof CHAIN_STATUS_NAMES)[number]);
  if (index >= 0) return { kind: "minStatus", minStatus: explorerStatus(index) };
  return { kind: "none", minStatus: null };
}

/**
 * A vote-module message (or a referral MsgUpdateParams, which only the vote module's authority sends) from its type URL
 * and its fields as the node's JSON has them; null for any other message.
 */
export function governanceMessage(typeUrl: string, value: unknown): GovernanceMessage | null {
  const v = record(value);
  if (typeUrl === REFERRAL_PARAMS) {
    return { kind: "referralParams", params: Object.entries(record(v.params)).map(([name, param]) => ({ name, value: JSON.stringify(param) })) };
  }
  if (!typeUrl.startsWith(VOTE)) return null;
  switch (typeUrl.slice(VOTE.length)) {
    case "MsgAddGovernor":
      return { kind: "addGovernor", governor: text(v.governor) };
    case "MsgRemoveGovernor":
      return { kind: "removeGovernor", governor: text(v.governor) };
    case "MsgUpdateParams": {
      const params = record(v.params);
      return { kind: "voteParams", votePeriod: minutes(params.vote_period), pollPeriod: minutes(params.poll_period) };
    }
    case "MsgPropose": {
      const messages = Array.isArray(v.messages) ? v.messages.map((m) => text(record(m)["@type"]) || text(record(m).typeUrl)) : [];
      return { kind: "propose", name: text(v.name), author: text(v.author), messages };
    }
    case "MsgVote":
      return { kind: "vote", voter: text(v.voter), agree: v.agree === true };
    case "MsgStartPoll": {
      const poll = record(v.poll);
      return { kind: "startPoll", name: text(poll.name), question: text(poll.question), quorum: fractionValue(poll.quorum), requirement: requirementOf(poll) };
    }
    case "MsgAnswerPoll":
      return { kind: "answerPoll", respondent: text(v.respondent), yes: v.yes === true };
    default:
      return null;
  }
}

export type VoteChoice = "agreed" | "disagreed" | "none";

/** Each governor of the vote with their choice, in the government's order; votes of others (since removed) after. */
export function governorVotes(proposal: { government: string[]; agreed: string[]; disagreed: string[] }): { address: string; vote: VoteChoice }[] {
  const agreed = new Set(proposal.agreed);
  const disagreed = new Set(proposal.disagreed);
  const choice = (address: string): VoteChoice => (agreed.has(address) ? "agreed" : disagreed.has(address) ? "disagreed" : "none");
  const members = new Set(proposal.government);
  const others = [...proposal.agreed, ...proposal.disagreed].filter((address) => !members.has(address));
  return [...proposal.government, ...others].map((address) => ({ address, vote: choice(address) }));
}

/** Yes and no as shares of all answers (0..100, summing to 100 when any came); both 0 for a poll nobody answered. */
export function pollShares(yes: number, no: number): { yes: number; no: number; total: number } {
  const total = yes + no;
  if (total === 0) return { yes: 0, no: 0, total };
  return { yes: (yes / total) * 100, no: (no / total) * 100, total };
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The whole days, hours, minutes and seconds from `nowMs` to `endMs`; null once the end has come. */
export function timeLeft(endMs: number, nowMs: number): TimeLeft | null {
  const left = Math.floor((endMs - nowMs) / 1000);
  if (left <= 0) return null;
  return { days: Math.floor(left / 86_400), hours: Math.floor(left / 3600) % 24, minutes: Math.floor(left / 60) % 60, seconds: left % 60 };
}

/** "hh:mm:ss" of a TimeLeft (the days are said apart, in words). */
export function clock({ hours, minutes, seconds }: TimeLeft): string {
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}
