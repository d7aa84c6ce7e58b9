// The vote module's queries as axm-node answers them (x/vote/keeper/grpc_query.go, keeper.go GetHistory and
// GetPollHistory; query.proto, types.proto), in protobuf.
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
  type Proposal,
} from "../chain/proto/axiome.ts";
import type { Chain } from "./chain.ts";
import { TxFailure } from "./errors.ts";
import { encodeTxMessage } from "./tx-messages.ts";
import { chainPollCounts } from "./vote.ts";
import type { StoredPoll, StoredProposal } from "./vote-store.ts";

const timestamp = (ms: number) => ({ seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1_000_000 });

function proposalProto(p: StoredProposal): Proposal {
  return { name: p.name, author: p.author, messages: p.messages.map(encodeTxMessage), endTime: timestamp(p.endTimeMs) };
}

function pollProto(p: StoredPoll): Poll {
  return {
    name: p.name,
    author: p.author,
    question: p.question,
    startTime: p.startTimeMs === undefined ? undefined : timestamp(p.startTimeMs),
    endTime: p.endTimeMs === undefined ? undefined : timestamp(p.endTimeMs),
    quorum: p.quorum,
    canValidate: p.canValidate,
    minStatus: p.canValidate ? undefined : p.minStatus,
  };
}

/** A page of the store's order, as GetHistory counts it: records limit × (page − 1) .. limit × page. */
function history(chain: Chain, data: Uint8Array): Uint8Array {
  const request = HistoryRequest.decode(data);
  const limit = request.limit <= 0 || request.limit > 100 ? 100 : request.limit;
  const page = request.page < 1 ? 1 : request.page;
  const records = chain.state.vote.historyInOrder().slice(limit * (page - 1), limit * page);
  return HistoryResponse.encode({
    history: records.map((r) => ({
      proposal: proposalProto(r.proposal),
      government: r.government,
      agreed: r.agreed,
      disagreed: r.disagreed,
      started: BigInt(r.started),
      finished: BigInt(r.finished),
    })),
  }).finish();
}

/** Current: an empty proposal and no lists when none is current (the proposal field is never left out). */
function current(chain: Chain): Uint8Array {
  const vote = chain.state.vote;
  const c = vote.current;
  if (!c) return CurrentResponse.encode({ proposal: { name: "", author: "", messages: [] }, government: [], agreed: [], disagreed: [] }).finish();
  return CurrentResponse.encode({ proposal: proposalProto(c.proposal), government: vote.government, agreed: c.agreed, disagreed: c.disagreed }).finish();
}

/** Poll: the current poll, or a gRPC NotFound (baseapp: sdk 22); its counts as the chain reads them. */
function poll(chain: Chain): Uint8Array {
  const p = chain.state.vote.poll;
  if (!p) throw new TxFailure("sdk", 22, "rpc error: code = NotFound desc = There is no active poll at the moment: key not found");
  const { yes, no } = chainPollCounts();
  return PollResponse.encode({ poll: pollProto(p), yes, no }).finish();
}

/**
 * PollHistory: every item when the limit is 0, else KVStorePrefixIteratorPaginated's page, which counts pages from 1
 * in unsigned arithmetic: page 0 skips (0 − 1) × limit items, that is all of them.
 */
function pollHistory(chain: Chain, data: Uint8Array): Uint8Array {
  const { limit, page } = PollHistoryRequest.decode(data);
  const items = chain.state.vote.pollHistoryInOrder();
  const selected = limit <= 0 ? items : page < 1 ? [] : items.slice(limit * (page - 1), limit * page);
  return PollHistoryResponse.encode({
    history: selected.map((item) => ({ poll: pollProto(item.poll), yes: item.yes, no: item.no, decision: item.decision })),
  }).finish();
}

export const VOTE_QUERIES: Record<string, (chain: Chain, data: Uint8Array) => Uint8Array> = {
  "/axiome.vote.v1beta1.Query/History": history,
  "/axiome.vote.v1beta1.Query/Government": (chain) => GovernmentResponse.encode({ members: chain.state.vote.government }).finish(),
  "/axiome.vote.v1beta1.Query/Current": current,
  "/axiome.vote.v1beta1.Query/Params": (chain) => VoteParamsResponse.encode({ params: chain.state.vote.params }).finish(),
  "/axiome.vote.v1beta1.Query/Poll": poll,
  "/axiome.vote.v1beta1.Query/PollHistory": pollHistory,
};
