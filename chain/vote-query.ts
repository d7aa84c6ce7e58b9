// The vote module's queries an index started in mid-chain reads (x/vote/keeper/grpc_query.go; query.proto), in protobuf.
import {
  CurrentResponse,
  GovernmentResponse,
  HistoryRequest,
  HistoryResponse,
  PollHistoryRequest,
  PollHistoryResponse,
  PollResponse,
  VoteParamsResponse,
  type Poll,
  type PollHistoryItem,
  type ProposalHistoryRecord,
  type VoteParams,
} from "./proto/axiome.ts";
import { askModule } from "./module-query.ts";
import { QueryRefusedError, RpcFormatError } from "./errors.ts";
import type { RpcClient } from "./rpc.ts";

export const VOTE_SERVICE = "/axiome.vote.v1beta1.Query";

/** The keeper caps a history page at 100 records (grpc_query.go History). */
const HISTORY_PAGE = 100;
/** sdkerrors.ErrKeyNotFound: how baseapp reports a gRPC NotFound status (the Poll query when no poll is current). */
const KEY_NOT_FOUND = 22;

const empty = new Uint8Array();

export async function readGovernment(rpc: RpcClient, height: number): Promise<string[]> {
  return (await askModule(rpc, height, `${VOTE_SERVICE}/Government`, empty, (b) => GovernmentResponse.decode(b))).members;
}

export async function readVoteParams(rpc: RpcClient, height: number): Promise<VoteParams> {
  const answer = await askModule(rpc, height, `${VOTE_SERVICE}/Params`, empty, (b) => VoteParamsResponse.decode(b));
  return answer.params ?? { votePeriod: 0, pollPeriod: 0 };
}

/** The current proposal with its government and votes; null when none is (the keeper answers an empty Proposal). */
export async function readCurrentProposal(rpc: RpcClient, height: number): Promise<CurrentResponse | null> {
  const answer = await askModule(rpc, height, `${VOTE_SERVICE}/Current`, empty, (b) => CurrentResponse.decode(b));
  const proposal = answer.proposal;
  return proposal && (proposal.name !== "" || proposal.author !== "" || proposal.messages.length > 0) ? answer : null;
}

/** Every finished proposal, oldest first (the store keys them by finishing height), page after page. */
export async function readProposalHistory(rpc: RpcClient, height: number): Promise<ProposalHistoryRecord[]> {
  const all: ProposalHistoryRecord[] = [];
  for (let page = 1; ; page++) {
    const request = HistoryRequest.encode({ limit: HISTORY_PAGE, page }).finish();
    const { history } = await askModule(rpc, height, `${VOTE_SERVICE}/History`, request, (b) => HistoryResponse.decode(b));
    all.push(...history);
    if (history.length < HISTORY_PAGE) return all;
  }
}

/** The current poll; null when the node answers NotFound (no poll is current). Its yes/no counts are the chain's, always 0. */
export async function readCurrentPoll(rpc: RpcClient, height: number): Promise<Poll | null> {
  const path = `${VOTE_SERVICE}/Poll`;
  const answer = await rpc.abciQuery(path, empty, height);
  if (answer.code === KEY_NOT_FOUND) return null;
  if (answer.code !== 0) throw new QueryRefusedError(path, answer.code, answer.log);
  try {
    return PollResponse.decode(answer.value).poll ?? null;
  } catch (error) {
    throw new RpcFormatError(`${path}: the answer is not its protobuf response (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Every finished poll, oldest first: limit 0 asks for all of them at once (keeper.go GetPollHistory). */
export async function readPollHistory(rpc: RpcClient, height: number): Promise<PollHistoryItem[]> {
  const request = PollHistoryRequest.encode({ limit: 0, page: 0 }).finish();
  return (await askModule(rpc, height, `${VOTE_SERVICE}/PollHistory`, request, (b) => PollHistoryResponse.decode(b))).history;
}
