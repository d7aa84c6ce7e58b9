// Protobuf codecs for the AXM chain's own messages whose field layout differs from the Cosmos SDK's.
import { Any } from "cosmjs-types/google/protobuf/any";
import { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import { Coin, DecCoin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { fromTimestamp } from "cosmjs-types/helpers";
import { CHAIN_STATUS_NAMES } from "../../core/partnership-status.ts";
import { messageCodec, type Field, type NestedCodec } from "./codec.ts";

export type { ProtoCodec } from "./codec.ts";

// --- staking -------------------------------------------------------------------------------

export interface MsgCreateValidator {
  description?: Description;
  delegatorAddress: string;
  validatorAddress: string;
  pubkey?: Any;
  value?: Coin;
}

export const MsgCreateValidator = messageCodec<MsgCreateValidator>("/axiome.staking.v1beta1.MsgCreateValidator", [
  { no: 1, name: "description", kind: "message", codec: Description },
  { no: 4, name: "delegatorAddress", kind: "string" },
  { no: 5, name: "validatorAddress", kind: "string" },
  { no: 6, name: "pubkey", kind: "message", codec: Any },
  { no: 7, name: "value", kind: "message", codec: Coin },
]);

export interface MsgRequestStakeMove {
  delegatorAddress: string;
  validatorAddress: string;
  dstDelegatorAddress: string;
}

export const MsgRequestStakeMove = messageCodec<MsgRequestStakeMove>("/axiome.staking.v1beta1.MsgRequestStakeMove", [
  { no: 1, name: "delegatorAddress", kind: "string" },
  { no: 2, name: "validatorAddress", kind: "string" },
  { no: 3, name: "dstDelegatorAddress", kind: "string" },
]);

/** Confirm and cancel share one layout: the authority deciding, then the request's three fields. */
export interface StakeMoveDecision extends MsgRequestStakeMove {
  authority: string;
}

const stakeMoveDecision: Field<StakeMoveDecision>[] = [
  { no: 1, name: "authority", kind: "string" },
  { no: 2, name: "delegatorAddress", kind: "string" },
  { no: 3, name: "validatorAddress", kind: "string" },
  { no: 4, name: "dstDelegatorAddress", kind: "string" },
];

export const MsgConfirmRequestStakeMove = messageCodec("/axiome.staking.v1beta1.MsgConfirmRequestStakeMove", stakeMoveDecision);
export const MsgCancelRequestStakeMove = messageCodec("/axiome.staking.v1beta1.MsgCancelRequestStakeMove", stakeMoveDecision);

// --- referral ------------------------------------------------------------------------------

export interface MsgRegisterReferral {
  referralAddress: string;
  referrerAddress: string;
}

export const MsgRegisterReferral = messageCodec<MsgRegisterReferral>("/axiome.referral.v1beta1.MsgRegisterReferral", [
  { no: 1, name: "referralAddress", kind: "string" },
  { no: 2, name: "referrerAddress", kind: "string" },
]);

export interface MsgBurnPartnerFee {
  fromAddress: string;
  amount: Coin[];
}

export const MsgBurnPartnerFee = messageCodec<MsgBurnPartnerFee>("/axiome.referral.v1beta1.MsgBurnPartnerFee", [
  { no: 1, name: "fromAddress", kind: "string" },
  { no: 3, name: "amount", kind: "message", codec: Coin, repeated: true },
]);

/** params.proto NetworkAward: the partner reward of each level, util.Fraction text ("5%", "7/1000"). */
export interface NetworkAward {
  network: string[];
}

export const NetworkAward = messageCodec<NetworkAward>("/axiome.referral.v1beta1.NetworkAward", [{ no: 1, name: "network", kind: "string", repeated: true }]);

/** params.proto Params of the referral module (uret_mode, field 3, since v2.2). */
export interface ReferralParams {
  delegatingAward?: NetworkAward;
  statusDowngradePeriod: number;
  uretMode: boolean;
}

export const ReferralParams = messageCodec<ReferralParams>("/axiome.referral.v1beta1.Params", [
  { no: 1, name: "delegatingAward", kind: "message", codec: NetworkAward },
  { no: 2, name: "statusDowngradePeriod", kind: "int32" },
  { no: 3, name: "uretMode", kind: "bool" },
]);

/** tx.proto MsgUpdateParams {1 authority, 2 params}: the module authority (the vote module's account) sets a module's params. */
export interface MsgUpdateReferralParams {
  authority: string;
  params?: ReferralParams;
}

export const MsgUpdateReferralParams = messageCodec<MsgUpdateReferralParams>("/axiome.referral.v1beta1.MsgUpdateParams", [
  { no: 1, name: "authority", kind: "string" },
  { no: 2, name: "params", kind: "message", codec: ReferralParams },
]);

// --- vote (governance): proto/axiome/vote/v1beta1/{tx,types,query,params}.proto ------------------

/**
 * params.proto Params. The proto comments say hours, but x/vote/keeper/keeper.go multiplies both by time.Minute:
 * the chain counts them in minutes.
 */
export interface VoteParams {
  votePeriod: number;
  pollPeriod: number;
}

export const VoteParams = messageCodec<VoteParams>("/axiome.vote.v1beta1.Params", [
  { no: 1, name: "votePeriod", kind: "int32" },
  { no: 2, name: "pollPeriod", kind: "int32" },
]);

export interface MsgUpdateVoteParams {
  authority: string;
  params?: VoteParams;
}

export const MsgUpdateVoteParams = messageCodec<MsgUpdateVoteParams>("/axiome.vote.v1beta1.MsgUpdateParams", [
  { no: 1, name: "authority", kind: "string" },
  { no: 2, name: "params", kind: "message", codec: VoteParams },
]);

export interface MsgPropose {
  messages: Any[];
  author: string;
  name: string;
}

export const MsgPropose = messageCodec<MsgPropose>("/axiome.vote.v1beta1.MsgPropose", [
  { no: 1, name: "messages", kind: "message", codec: Any, repeated: true },
  { no: 2, name: "author", kind: "string" },
  { no: 3, name: "name", kind: "string" },
]);

export interface MsgVote {
  voter: string;
  agree: boolean;
}

export const MsgVote = messageCodec<MsgVote>("/axiome.vote.v1beta1.MsgVote", [
  { no: 1, name: "voter", kind: "string" },
  { no: 2, name: "agree", kind: "bool" },
]);

/** The node's JSON shows a Timestamp as an RFC 3339 string, as cosmjs-types does inside its own messages. */
const IsoTimestamp: NestedCodec<Timestamp> = { ...Timestamp, toJSON: (time) => fromTimestamp(time).toISOString() };

/**
 * Poll.requirements is a oneof: either "validators only" (an empty Unit) or a minimal referral status (the chain's
 * enum, STATUS_NEW..STATUS_MEGA). quorum is util.Fraction text ("1/2", "50%", "0"); "" when the poll has none.
 */
export interface Poll {
  name: string;
  author: string;
  question: string;
  startTime?: Timestamp;
  endTime?: Timestamp;
  quorum: string;
  canValidate: boolean;
  minStatus?: number;
}

export const Poll = messageCodec<Poll>("/axiome.vote.v1beta1.Poll", [
  { no: 1, name: "name", kind: "string" },
  { no: 2, name: "author", kind: "string" },
  { no: 3, name: "question", kind: "string" },
  { no: 4, name: "startTime", kind: "message", codec: IsoTimestamp },
  { no: 5, name: "endTime", kind: "message", codec: IsoTimestamp },
  { no: 6, name: "quorum", kind: "string" },
  { no: 7, name: "canValidate", kind: "unit", oneof: "requirements" },
  { no: 8, name: "minStatus", kind: "enum", names: CHAIN_STATUS_NAMES, oneof: "requirements" },
]);

export interface MsgStartPoll {
  poll?: Poll;
  author: string;
}

export const MsgStartPoll = messageCodec<MsgStartPoll>("/axiome.vote.v1beta1.MsgStartPoll", [
  { no: 1, name: "poll", kind: "message", codec: Poll },
  { no: 2, name: "author", kind: "string" },
]);

export interface MsgAnswerPoll {
  respondent: string;
  yes: boolean;
}

export const MsgAnswerPoll = messageCodec<MsgAnswerPoll>("/axiome.vote.v1beta1.MsgAnswerPoll", [
  { no: 1, name: "respondent", kind: "string" },
  { no: 2, name: "yes", kind: "bool" },
]);

/** Adding and removing a governor share one layout: the authority, then the governor. */
export interface GovernorChange {
  authority: string;
  governor: string;
}

const governorChange: Field<GovernorChange>[] = [
  { no: 1, name: "authority", kind: "string" },
  { no: 2, name: "governor", kind: "string" },
];

export const MsgAddGovernor = messageCodec("/axiome.vote.v1beta1.MsgAddGovernor", governorChange);
export const MsgRemoveGovernor = messageCodec("/axiome.vote.v1beta1.MsgRemoveGovernor", governorChange);

// --- distribution --------------------------------------------------------------------------

/** One delegation's pending rewards: the SDK's DelegationDelegatorReward with the chain's emission (3) added. */
export interface DelegationDelegatorReward {
  validatorAddress: string;
  reward: DecCoin[];
  emission: DecCoin[];
}

export const DelegationDelegatorReward = messageCodec<DelegationDelegatorReward>("/axiome.distribution.v1beta1.DelegationDelegatorReward", [
  { no: 1, name: "validatorAddress", kind: "string" },
  { no: 2, name: "reward", kind: "message", codec: DecCoin, repeated: true },
  { no: 3, name: "emission", kind: "message", codec: DecCoin, repeated: true },
]);

/** x/distribution/keeper/grpc_query.go DelegationTotalRewards: each delegation's rewards, and their total (emission included). */
export interface QueryDelegationTotalRewardsResponse {
  rewards: DelegationDelegatorReward[];
  total: DecCoin[];
}

export const QueryDelegationTotalRewardsResponse = messageCodec<QueryDelegationTotalRewardsResponse>(
  "/axiome.distribution.v1beta1.QueryDelegationTotalRewardsResponse",
  [
    { no: 1, name: "rewards", kind: "message", codec: DelegationDelegatorReward, repeated: true },
    { no: 2, name: "total", kind: "message", codec: DecCoin, repeated: true },
  ],
);

/** types.proto Proposal: what executes when accepted, and when the vote ends. */
export interface Proposal {
  name: string;
  author: string;
  messages: Any[];
  endTime?: Timestamp;
}

export const Proposal = messageCodec<Proposal>("/axiome.vote.v1beta1.Proposal", [
  { no: 1, name: "name", kind: "string" },
  { no: 2, name: "author", kind: "string" },
  { no: 3, name: "messages", kind: "message", codec: Any, repeated: true },
  { no: 4, name: "endTime", kind: "message", codec: IsoTimestamp },
]);

/** types.proto ProposalHistoryRecord: started and finished are heights. */
export interface ProposalHistoryRecord {
  proposal?: Proposal;
  government: string[];
  agreed: string[];
  disagreed: string[];
  started: bigint;
  finished: bigint;
}

export const ProposalHistoryRecord = messageCodec<ProposalHistoryRecord>("/axiome.vote.v1beta1.ProposalHistoryRecord", [
  { no: 1, name: "proposal", kind: "message", codec: Proposal },
  { no: 2, name: "government", kind: "string", repeated: true },
  { no: 3, name: "agreed", kind: "string", repeated: true },
  { no: 4, name: "disagreed", kind: "string", repeated: true },
  { no: 5, name: "started", kind: "int64" },
  { no: 6, name: "finished", kind: "int64" },
]);

/** types.proto Decision. */
export const DECISION_NAMES = ["DECISION_UNSPECIFIED", "DECISION_POSITIVE", "DECISION_NEGATIVE"] as const;

export interface PollHistoryItem {
  poll?: Poll;
  yes: bigint;
  no: bigint;
  decision: number;
}

export const PollHistoryItem = messageCodec<PollHistoryItem>("/axiome.vote.v1beta1.PollHistoryItem", [
  { no: 1, name: "poll", kind: "message", codec: Poll },
  { no: 2, name: "yes", kind: "uint64" },
  { no: 3, name: "no", kind: "uint64" },
  { no: 4, name: "decision", kind: "enum", names: DECISION_NAMES },
]);

/** query.proto HistoryRequest and PollHistoryRequest: {1 limit, 2 page}. */
export interface HistoryPage {
  limit: number;
  page: number;
}

const historyPage: Field<HistoryPage>[] = [
  { no: 1, name: "limit", kind: "int32" },
  { no: 2, name: "page", kind: "int32" },
];

export const HistoryRequest = messageCodec("/axiome.vote.v1beta1.HistoryRequest", historyPage);
export const PollHistoryRequest = messageCodec("/axiome.vote.v1beta1.PollHistoryRequest", historyPage);

export interface HistoryResponse {
  history: ProposalHistoryRecord[];
}

export const HistoryResponse = messageCodec<HistoryResponse>("/axiome.vote.v1beta1.HistoryResponse", [
  { no: 1, name: "history", kind: "message", codec: ProposalHistoryRecord, repeated: true },
]);

export interface GovernmentResponse {
  members: string[];
}

export const GovernmentResponse = messageCodec<GovernmentResponse>("/axiome.vote.v1beta1.GovernmentResponse", [
  { no: 1, name: "members", kind: "string", repeated: true },
]);

/** CurrentResponse: an empty Proposal (and empty lists) when none is current. */
export interface CurrentResponse {
  proposal?: Proposal;
  government: string[];
  agreed: string[];
  disagreed: string[];
}

export const CurrentResponse = messageCodec<CurrentResponse>("/axiome.vote.v1beta1.CurrentResponse", [
  { no: 1, name: "proposal", kind: "message", codec: Proposal },
  { no: 2, name: "government", kind: "string", repeated: true },
  { no: 3, name: "agreed", kind: "string", repeated: true },
  { no: 4, name: "disagreed", kind: "string", repeated: true },
]);

export interface VoteParamsResponse {
  params?: VoteParams;
}

export const VoteParamsResponse = messageCodec<VoteParamsResponse>("/axiome.vote.v1beta1.ParamsResponse", [
  { no: 1, name: "params", kind: "message", codec: VoteParams },
]);

export interface PollResponse {
  poll?: Poll;
  yes: bigint;
  no: bigint;
}

export const PollResponse = messageCodec<PollResponse>("/axiome.vote.v1beta1.PollResponse", [
  { no: 1, name: "poll", kind: "message", codec: Poll },
  { no: 2, name: "yes", kind: "uint64" },
  { no: 3, name: "no", kind: "uint64" },
]);

export interface PollHistoryResponse {
  history: PollHistoryItem[];
}

export const PollHistoryResponse = messageCodec<PollHistoryResponse>("/axiome.vote.v1beta1.PollHistoryResponse", [
  { no: 1, name: "history", kind: "message", codec: PollHistoryItem, repeated: true },
]);
