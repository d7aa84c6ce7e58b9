// The vote module before the first indexed block: from the genesis document (x/vote/genesis.go InitGenesis, keeper.go
// LoadPolls) for an index from height 1, from the module's queries (grpc_query.go) at the height before a mid-chain start.
import { fromTimestamp } from "cosmjs-types/helpers";
import type { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import type { Any } from "cosmjs-types/google/protobuf/any";
import type { Queryable } from "../db/connection.ts";
import type { RpcClient } from "../chain/rpc.ts";
import { decodeMessage } from "../chain/messages.ts";
import { DECISION_NAMES, type Poll, type Proposal } from "../chain/proto/axiome.ts";
import { readCurrentPoll, readCurrentProposal, readGovernment, readPollHistory, readProposalHistory, readVoteParams } from "../chain/vote-query.ts";
import { CHAIN_STATUS_NAMES } from "../core/partnership-status.ts";
import { decisionOf, pollFields, proposalMessage, type Decision, type PollFields, type ProposalMessage } from "./decode-governance.ts";
import { saveVoteParams, type VotePeriods } from "./write-governance.ts";

interface SeedProposal {
  name: string;
  author: string;
  messages: ProposalMessage[];
  endTime: string | null;
  government: string[];
  agreed: string[];
  disagreed: string[];
  started: number | null;
  finished: number | null;
  /** The current proposal (the last of the list) rather than a history record. */
  voting: boolean;
}

interface SeedPoll {
  poll: PollFields;
  startTime: string | null;
  endTime: string | null;
  decision: Decision | "pending";
  answers: { respondent: string; yes: boolean }[];
}

/** The module as one moment saw it; since is the height members count from (0 genesis, null unknown). */
interface GovernanceSeed {
  government: string[];
  since: number | null;
  params: VotePeriods | null;
  /** Finished proposals, oldest first, then the current one (finished null). */
  proposals: SeedProposal[];
  /** Finished polls, oldest first, then the current one (decision pending). */
  polls: SeedPoll[];
}

type Json = Record<string, unknown>;

const object = (value: unknown): Json => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const height = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const isoTime = (value: unknown): string | null => (typeof value === "string" && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null);

function genesisProposal(
  json: Json,
  record: { government?: unknown; agreed?: unknown; disagreed?: unknown; started?: unknown; finished?: unknown },
  voting: boolean,
): SeedProposal {
  const messages = Array.isArray(json.messages) ? json.messages.map((m) => proposalMessage(object(m))) : [];
  return {
    name: text(json.name),
    author: text(json.author),
    messages,
    endTime: isoTime(json.end_time),
    government: strings(record.government),
    agreed: strings(record.agreed),
    disagreed: strings(record.disagreed),
    started: height(record.started),
    finished: height(record.finished),
    voting,
  };
}

function genesisPoll(json: Json, decision: Decision | "pending", answers: SeedPoll["answers"]): SeedPoll {
  return { poll: pollFields(json), startTime: isoTime(json.start_time), endTime: isoTime(json.end_time), decision, answers };
}

/** app_state.vote as InitGenesis reads it: a current proposal only when it carries messages, its voters and start block. */
function fromGenesis(vote: Json): GovernanceSeed {
  const government = strings(vote.government);
  const params = object(vote.params);
  const proposals = (Array.isArray(vote.history) ? vote.history : []).map((r) => {
    const record = object(r);
    return genesisProposal(object(record.proposal), record, false);
  });
  const current = object(vote.current_proposal);
  if (Array.isArray(current.messages) && current.messages.length > 0) {
    proposals.push(genesisProposal(current, { government, agreed: vote.agreed, disagreed: vote.disagreed, started: vote.start_block, finished: null }, true));
  }
  const polls = (Array.isArray(vote.poll_history) ? vote.poll_history : []).map((i) => {
    const item = object(i);
    return genesisPoll(object(item.poll), decisionOf(text(item.decision)), []);
  });
  if (vote.current_poll) {
    const answers = (Array.isArray(vote.poll_answers) ? vote.poll_answers : []).map((a) => ({ respondent: text(object(a).acc), yes: object(a).ans === true }));
    polls.push(genesisPoll(object(vote.current_poll), "pending", answers));
  }
  return {
    government,
    since: 0,
    params: vote.params ? { votePeriod: Number(params.vote_period ?? 0), pollPeriod: Number(params.poll_period ?? 0) } : null,
    proposals,
    polls,
  };
}

const time = (t: Timestamp | undefined): string | null => (t ? fromTimestamp(t).toISOString() : null);

function stateProposal(
  p: Proposal,
  lists: { government: string[]; agreed: string[]; disagreed: string[] },
  started: number | null,
  finished: number | null,
): SeedProposal {
  const messages = p.messages.map((any: Any) => proposalMessage(decodeMessage(any.typeUrl, any.value).json));
  const { government, agreed, disagreed } = lists;
  return { name: p.name, author: p.author, messages, endTime: time(p.endTime), government, agreed, disagreed, started, finished, voting: finished === null };
}

/** A Poll of a query answer as its REST JSON reads (the status enum by name, can_validate as an empty object). */
function statePoll(p: Poll, decision: Decision | "pending"): SeedPoll {
  const json: Json = { name: p.name, author: p.author, question: p.question, quorum: p.quorum };
  if (p.canValidate) json.can_validate = {};
  else if (p.minStatus !== undefined) json.min_status = CHAIN_STATUS_NAMES[p.minStatus] ?? "";
  return { poll: pollFields(json), startTime: time(p.startTime), endTime: time(p.endTime), decision, answers: [] };
}

/**
 * The module's queries at `height`: the current proposal has no start height (the query does not tell it), and the
 * current poll's answers are not queryable (so its yes and no count from the start).
 */
async function fromState(rpc: RpcClient, at: number): Promise<GovernanceSeed> {
  const government = await readGovernment(rpc, at);
  const params = await readVoteParams(rpc, at);
  const proposals = (await readProposalHistory(rpc, at)).map((r) =>
    stateProposal(r.proposal ?? { name: "", author: "", messages: [] }, r, Number(r.started) || null, Number(r.finished) || null),
  );
  const current = await readCurrentProposal(rpc, at);
  if (current) proposals.push(stateProposal(current.proposal!, current, null, null));
  const polls = (await readPollHistory(rpc, at)).map((item) => statePoll(item.poll!, decisionOf(DECISION_NAMES[item.decision])));
  const poll = await readCurrentPoll(rpc, at);
  if (poll) polls.push(statePoll(poll, "pending"));
  return { government, since: null, params, proposals, polls };
}

async function save(db: Queryable, seed: GovernanceSeed): Promise<void> {
  for (const [i, address] of seed.government.entries()) {
    await db.query("insert into governors (address, n, since_height) values ($1, $2, $3)", [address, i + 1, seed.since]);
  }
  if (seed.params) await saveVoteParams(db, seed.params);
  for (const [i, p] of seed.proposals.entries()) {
    // A record's outcome is keeper.go Validate's: accepted only when everyone voted and two thirds agreed.
    const complete = p.agreed.length + p.disagreed.length === p.government.length;
    const status = p.voting ? "voting" : complete && p.agreed.length * 3 >= p.government.length * 2 ? "accepted" : "rejected";
    await db.query(
      `insert into proposals (id, name, author, messages, status, start_height, end_time, finished_height, government, agreed, disagreed, tx_hash)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7::timestamptz, $8, $9::text[], $10::text[], $11::text[], null)`,
      [i + 1, p.name, p.author, JSON.stringify(p.messages), status, p.started, p.endTime, p.finished, p.government, p.agreed, p.disagreed],
    );
    for (const voter of p.agreed)
      await db.query("insert into proposal_votes (proposal_id, voter, agree) values ($1, $2, true) on conflict do nothing", [i + 1, voter]);
    for (const voter of p.disagreed)
      await db.query("insert into proposal_votes (proposal_id, voter, agree) values ($1, $2, false) on conflict do nothing", [i + 1, voter]);
  }
  for (const [i, p] of seed.polls.entries()) {
    const yes = p.answers.filter((a) => a.yes).length;
    await db.query(
      `insert into polls (id, name, author, question, start_time, end_time, quorum, requirement, min_status, yes, no, decision, current)
       values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8, $9, $10, $11, $12, $13)`,
      [
        i + 1,
        p.poll.name,
        p.poll.author,
        p.poll.question,
        p.startTime,
        p.endTime,
        p.poll.quorum,
        p.poll.requirement,
        p.poll.minStatus,
        yes,
        p.answers.length - yes,
        p.decision,
        p.decision === "pending",
      ],
    );
    for (const [n, a] of p.answers.entries()) {
      await db.query("insert into poll_answers (poll_id, n, respondent, yes) values ($1, $2, $3, $4)", [i + 1, n + 1, a.respondent, a.yes]);
    }
  }
}

/** The genesis document's app_state.vote; a chain without the module has none, and nothing is seeded. */
export async function seedGovernanceFromGenesis(db: Queryable, rpc: RpcClient): Promise<void> {
  const vote = object(await rpc.genesisAppState()).vote;
  if (vote && typeof vote === "object") await save(db, fromGenesis(vote as Json));
}

/** The module's state at `height` (the block before a mid-chain start), read by its queries. */
export async function seedGovernanceFromState(db: Queryable, rpc: RpcClient, height: number): Promise<void> {
  await save(db, await fromState(rpc, height));
}
