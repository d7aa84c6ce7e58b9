// The vote module as axm-node runs it (x/vote/keeper/{keeper.go, msg_server.go, ABCI.go, government.go},
// x/vote/types/errors.go, util/msg_server.go): governors' proposals executed on acceptance, polls, and the source's
// quirks: periods in minutes, a started poll that is never current, answer counts the chain always reads as 0.
import { decodeBech32 } from "../core/address.ts";
import type { ChainState } from "./state.ts";
import { type EventSink, emitUnquoted } from "./events.ts";
import { TxFailure, invalidAddress, invalidAuthority } from "./errors.ts";
import { SUPPORTED_TYPE_URLS, handlerFor, type TxMessage } from "./handlers.ts";
import { VOTE_AUTHORITY } from "./module-accounts.ts";
import { DECISION, type StoredPoll, type StoredProposal, type VoteParams } from "./vote-store.ts";

const MINUTE_MS = 60_000;
const EVENT = "axiome.vote.v1beta1.";

/** x/vote/types/errors.go, codespace "vote". */
const ERRORS = {
  1: "signer not in government list",
  2: "other proposal is active",
  3: "already voted",
  4: "no active proposals to vote",
  5: "candidate already in government list",
  6: "candidate not in government list",
  7: "cannot remove the last governor",
  8: "no active poll",
  9: "poll requirements don't match",
  10: "invalid signer for proposed message",
  11: "no route for proposed message",
} as const;

/** A vote error, wrapped with a detail the way errors.Wrap does when the keeper gives one. */
export function voteError(code: keyof typeof ERRORS, detail?: string): TxFailure {
  return new TxFailure("vote", code, detail ? `${detail}: ${ERRORS[code]}` : ERRORS[code]);
}

/** util.TagTx: the `message` event every successful Propose, Vote, StartPoll and AnswerPoll ends with (proto name, no slash). */
function tagTx(sink: EventSink, message: string): void {
  emitUnquoted(sink, "message", { module: "vote", action: `axiome.vote.v1beta1.${message}` });
}

/** keeper.go Validate: complete once everyone voted; accepted when at least two thirds agreed. */
export function validate(government: readonly string[], agreed: readonly string[], disagreed: readonly string[]): { complete: boolean; accepted: boolean } {
  const complete = government.length === agreed.length + disagreed.length;
  return { complete, accepted: complete && agreed.length * 3 >= government.length * 2 };
}

export interface ProposeMessage {
  messages: TxMessage[];
  author: string;
  name: string;
}

/** keeper.go Propose (with msg_server.go around it). */
export function propose(state: ChainState, sink: EventSink, msg: ProposeMessage): void {
  const vote = state.vote;
  if (vote.current) throw voteError(2);
  const government = vote.government;
  if (!government.includes(msg.author)) throw voteError(1, msg.author);
  for (const message of msg.messages) {
    // The devnet routes only what it executes; on the chain every registered message has a route.
    if (!SUPPORTED_TYPE_URLS.has(message.typeUrl)) throw voteError(11, message.typeUrl);
    const signer = handlerFor(message.typeUrl).signer(message.value);
    if (signer !== VOTE_AUTHORITY) throw voteError(10, signer);
  }
  const proposal: StoredProposal = {
    name: msg.name,
    author: msg.author,
    messages: msg.messages,
    endTimeMs: state.timeMs + vote.params.votePeriod * MINUTE_MS,
  };
  const agreed = [proposal.author];
  vote.setCurrent({ proposal, agreed, disagreed: [], startBlock: state.height });
  emitUnquoted(sink, `${EVENT}EventProposalCreated`, { name: proposal.name, author: proposal.author });
  const { complete, accepted } = validate(government, agreed, []);
  if (complete) endProposal(state, sink, accepted);
  tagTx(sink, "MsgPropose");
}

/** keeper.go Vote: the vote completes (and ends) the proposal once every governor voted. */
export function castVote(state: ChainState, sink: EventSink, voter: string, agree: boolean): void {
  const vote = state.vote;
  const current = vote.current;
  if (!current) throw voteError(4);
  if (!vote.government.includes(voter)) throw voteError(1, voter);
  if (current.agreed.includes(voter) || current.disagreed.includes(voter)) throw voteError(3, voter);
  const agreed = agree ? [...current.agreed, voter] : current.agreed;
  const disagreed = agree ? current.disagreed : [...current.disagreed, voter];
  vote.setCurrent({ ...current, agreed, disagreed });
  emitUnquoted(sink, `${EVENT}EventProposalVote`, { voter, agreed: String(agree) });
  const { complete, accepted } = validate(vote.government, agreed, disagreed);
  if (complete) endProposal(state, sink, accepted);
  tagTx(sink, "MsgVote");
}

/**
 * keeper.go EndProposal: the history record (the government as it was), the current vote cleared, EventvoteFinished,
 * then, when accepted, the messages in a cache context: all of them applied with their events, or (one failing)
 * none and no event, only a log line on the node.
 */
function endProposal(state: ChainState, sink: EventSink, accepted: boolean): void {
  const vote = state.vote;
  const current = vote.current!;
  vote.addHistory({
    proposal: current.proposal,
    government: vote.government,
    agreed: current.agreed,
    disagreed: current.disagreed,
    started: current.startBlock,
    finished: state.height,
  });
  vote.setCurrent(null);
  emitUnquoted(sink, `${EVENT}EventvoteFinished`, { name: current.proposal.name, agreed: String(accepted) });
  if (!accepted) return;
  const executed = sink.detached();
  try {
    state.atomically(() => {
      for (const message of current.proposal.messages) handlerFor(message.typeUrl).run({ state, sink: executed }, message.value);
    });
  } catch (error) {
    if (!(error instanceof TxFailure)) throw error;
    return;
  }
  sink.events.push(...executed.events);
}

/**
 * ABCI.go BeginBlock: a proposal whose end time has passed ends with Validate's verdict, which is "not agreed" unless
 * every governor voted (and then the vote would have ended already): a proposal that runs out of time is rejected,
 * however many agreed. A poll whose end time has passed ends too.
 */
export function voteBeginBlock(state: ChainState, sink: EventSink): void {
  const vote = state.vote;
  const current = vote.current;
  if (current && current.proposal.endTimeMs < state.timeMs) endProposal(state, sink, validate(vote.government, current.agreed, current.disagreed).accepted);
  const poll = vote.poll;
  if (poll && poll.endTimeMs! < state.timeMs) endPoll(state, sink, poll);
}

/**
 * keeper.go StartPoll. Its "other poll active" check looks only at Has's error, never at its answer, and it stores the
 * poll under KeyPollCurrent without the poll prefix every reader uses: the poll is accepted and never becomes current.
 */
export function startPoll(state: ChainState, sink: EventSink, poll: StoredPoll): void {
  const vote = state.vote;
  if (!vote.government.includes(poll.author)) throw voteError(1);
  vote.setStartedPoll({ ...poll, startTimeMs: state.timeMs, endTimeMs: state.timeMs + vote.params.pollPeriod * MINUTE_MS });
  tagTx(sink, "MsgStartPoll");
}

/**
 * keeper.go Answer: a min_status poll checks the respondent's referral status (an unregistered account reads as
 * UNSPECIFIED); can_validate is not checked (a TODO in the source). Its counters are written where nothing reads them.
 */
export function answerPoll(state: ChainState, respondent: string, yes: boolean): void {
  const vote = state.vote;
  const poll = vote.poll;
  if (!poll) throw voteError(8);
  if (poll.minStatus !== undefined && (state.referral.get(respondent)?.status ?? 0) < poll.minStatus) throw voteError(9);
  if (vote.answers.has(respondent)) throw voteError(3);
  vote.setAnswer(respondent, yes);
}

/** msg_server.go AnswerPoll: the keeper, then the tag. */
export function answerPollMessage(state: ChainState, sink: EventSink, respondent: string, yes: boolean): void {
  answerPoll(state, respondent, yes);
  tagTx(sink, "MsgAnswerPoll");
}

/**
 * The yes and no counts as the chain reads them: Answer writes them under KeyPollPrefix + KeyPollAnswers + KeyPollYesCount
 * (0x0A0C0D, and 0x0A0C0E for no) while GetPollStatus and EndPoll read KeyPollPrefix + KeyPollYesCount (0x0A0D): nothing.
 */
export function chainPollCounts(): { yes: bigint; no: bigint } {
  return { yes: 0n, no: 0n };
}

/** util.Fraction text: "x%", "x/y" or "x". */
function fraction(text: string): { num: bigint; den: bigint } {
  const percent = /^(-?\d+)%$/.exec(text);
  if (percent) return { num: BigInt(percent[1]), den: 100n };
  const match = /^(-?\d+)(?:\/(\d+))?$/.exec(text);
  if (!match) throw new Error(`invalid fraction ${text}`);
  return { num: BigInt(match[1]), den: BigInt(match[2] ?? "1") };
}

/** keeper.go EndPoll: a decision only when the poll has a quorum; history keyed by the end time; answers cleared. */
function endPoll(state: ChainState, sink: EventSink, poll: StoredPoll): void {
  const vote = state.vote;
  const { yes, no } = chainPollCounts();
  let decision: number = DECISION.UNSPECIFIED;
  if (poll.quorum !== "") {
    const quorum = fraction(poll.quorum);
    decision = yes !== 0n && yes * quorum.den >= quorum.num * (yes + no) ? DECISION.POSITIVE : DECISION.NEGATIVE;
  }
  const decisionName = ["DECISION_UNSPECIFIED", "DECISION_POSITIVE", "DECISION_NEGATIVE"][decision];
  emitUnquoted(sink, `${EVENT}EventPollFinished`, { name: poll.name, yes: String(yes), no: String(no), decision: decisionName });
  vote.addPollHistory(Math.floor(poll.endTimeMs! / 1000), { poll, yes, no, decision });
  vote.setPoll(null);
  vote.clearAnswers();
}

/** msg_server.go validateAuthority: a bech32 address, and the module's authority (govtypes.ErrInvalidSigner otherwise). */
export function checkAuthority(authority: string): void {
  if (!decodeBech32(authority)) throw invalidAddress(`invalid authority address: decoding bech32 failed: ${authority}`);
  if (authority !== VOTE_AUTHORITY) throw invalidAuthority(VOTE_AUTHORITY, authority);
}

function governorAddress(governor: string): void {
  if (!decodeBech32(governor)) throw invalidAddress(`invalid governor address: decoding bech32 failed: ${governor}`);
}

/** msg_server.go AddGovernor (government.go): no event of its own. */
export function addGovernor(state: ChainState, authority: string, governor: string): void {
  checkAuthority(authority);
  governorAddress(governor);
  const members = state.vote.government;
  if (members.includes(governor)) throw voteError(5);
  state.vote.setGovernment([...members, governor]);
}

/** msg_server.go RemoveGovernor (government.go): the last governor stays. */
export function removeGovernor(state: ChainState, authority: string, governor: string): void {
  checkAuthority(authority);
  governorAddress(governor);
  const members = state.vote.government;
  if (!members.includes(governor)) throw voteError(6);
  if (members.length === 1) throw voteError(7);
  state.vote.setGovernment(members.filter((m) => m !== governor));
}

/** msg_server.go UpdateParams with params.go Validate: each period at least 1 minute. */
export function updateVoteParams(state: ChainState, authority: string, params: VoteParams): void {
  checkAuthority(authority);
  for (const [name, value] of [
    ["vote_period", params.votePeriod],
    ["poll_period", params.pollPeriod],
  ] as const) {
    if (value < 1) throw new TxFailure("undefined", 1, `invalid ${name}: validating period must be at least 1 minute: ${value}`);
  }
  state.vote.setParams(params);
}
