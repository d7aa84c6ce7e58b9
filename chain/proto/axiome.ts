// Protobuf codecs for the AXM chain's own messages whose field layout differs from the Cosmos SDK's.
import { Any } from "cosmjs-types/google/protobuf/any";
import { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import { Coin, DecCoin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { fromTimestamp } from "cosmjs-types/helpers";
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

/**
 * Module params update (referral and vote). The params' own layout is not needed by the explorer,
 * so they stay opaque bytes: the message still decodes and shows who changed what.
 */
export interface MsgUpdateParams {
  authority: string;
  params: Uint8Array;
}

const updateParams: Field<MsgUpdateParams>[] = [
  { no: 1, name: "authority", kind: "string" },
  { no: 2, name: "params", kind: "bytes" },
];

export const MsgUpdateReferralParams = messageCodec("/axiome.referral.v1beta1.MsgUpdateParams", updateParams);
export const MsgUpdateVoteParams = messageCodec("/axiome.vote.v1beta1.MsgUpdateParams", updateParams);

// --- vote (governance) ---------------------------------------------------------------------

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

/** Poll.requirements is a oneof: either "validators only" (an empty Unit) or a minimal status. */
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
  { no: 8, name: "minStatus", kind: "int32", oneof: "requirements" },
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
