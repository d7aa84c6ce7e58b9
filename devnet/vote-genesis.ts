// The vote module's genesis (proto/axiome/vote/v1beta1/genesis.proto, x/vote/genesis.go InitGenesis, keeper.go LoadPolls)
// and its JSON: a government, params in minutes, and a poll that is current from the start, with answers.
import type { ChainState } from "./state.ts";
import { jsonTime } from "./events.ts";
import { chainStatusName } from "../core/partnership-chain.ts";
import { answerPoll } from "./vote.ts";
import type { StoredPoll, VoteParams } from "./vote-store.ts";

/** GenesisState with the current poll's times relative to the genesis time (known only when the chain starts). */
export interface VoteGenesis {
  government: string[];
  params: VoteParams;
  poll: {
    poll: Omit<StoredPoll, "startTimeMs" | "endTimeMs">;
    startAfterGenesisMs: number;
    endAfterGenesisMs: number;
    answers: { acc: string; ans: boolean }[];
  } | null;
}

function pollAt(genesis: VoteGenesis, genesisMs: number): StoredPoll | null {
  const p = genesis.poll;
  return p ? { ...p.poll, startTimeMs: genesisMs + p.startAfterGenesisMs, endTimeMs: genesisMs + p.endAfterGenesisMs } : null;
}

/**
 * InitGenesis after the referral module's (app.yaml init_genesis order): params, government, then LoadPolls, which stores
 * the current poll under the poll prefix (so, unlike a started one, it is current) and runs Answer for each answer, the
 * requirement checked against the referral statuses just imported; a refused answer panics the chain's start.
 */
export function initVoteGenesis(state: ChainState, genesis: VoteGenesis, genesisMs: number): void {
  state.vote.setParams(genesis.params);
  state.vote.setGovernment([...genesis.government]);
  const poll = pollAt(genesis, genesisMs);
  if (!poll) return;
  state.vote.setPoll(poll);
  for (const { acc, ans } of genesis.poll!.answers) answerPoll(state, acc, ans);
}

function pollJson(poll: StoredPoll): object {
  return {
    name: poll.name,
    author: poll.author,
    question: poll.question,
    start_time: jsonTime(poll.startTimeMs!),
    end_time: jsonTime(poll.endTimeMs!),
    quorum: poll.quorum === "" ? null : poll.quorum,
    ...(poll.canValidate ? { can_validate: {} } : poll.minStatus !== undefined ? { min_status: chainStatusName(poll.minStatus) } : {}),
  };
}

/** app_state.vote as jsonpb writes it (defaults included, a oneof only when set, int64 as text). */
export function voteGenesisJson(genesis: VoteGenesis, genesisMs: number): object {
  const poll = pollAt(genesis, genesisMs);
  return {
    government: genesis.government,
    params: { vote_period: genesis.params.votePeriod, poll_period: genesis.params.pollPeriod },
    current_proposal: { name: "", author: "", messages: [], end_time: null },
    start_block: "0",
    agreed: [],
    disagreed: [],
    history: [],
    current_poll: poll ? pollJson(poll) : null,
    poll_answers: genesis.poll?.answers ?? [],
    poll_history: [],
  };
}
