// Protobuf codecs for the AXM chain's own messages whose field layout differs from the Cosmos SDK's.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { Any } from "cosmjs-types/google/protobuf/any";
import { Timestamp } from "cosmjs-types/google/protobuf/timestamp";
import { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { base64FromBytes, fromTimestamp } from "cosmjs-types/helpers";

/** The shape every codec here shares with cosmjs-types' generated ones. */
export interface ProtoCodec<T> {
  typeUrl: string;
  encode(message: T, writer?: BinaryWriter): BinaryWriter;
  decode(input: BinaryReader | Uint8Array, length?: number): T;
  fromPartial(object: Partial<T>): T;
  /** camelCase JSON, as cosmjs-types' toJSON gives (bytes base64, Any as {typeUrl, value}). */
  toJSON(message: T): unknown;
}

function readerOf(input: BinaryReader | Uint8Array): BinaryReader {
  return input instanceof BinaryReader ? input : new BinaryReader(input);
}

function endOf(reader: BinaryReader, length?: number): number {
  return length === undefined ? reader.len : reader.pos + length;
}

// --- staking -------------------------------------------------------------------------------

export interface MsgCreateValidator {
  description?: Description;
  delegatorAddress: string;
  validatorAddress: string;
  pubkey?: Any;
  value?: Coin;
}

export const MsgCreateValidator: ProtoCodec<MsgCreateValidator> = {
  typeUrl: "/axiome.staking.v1beta1.MsgCreateValidator",
  encode(message, writer = BinaryWriter.create()) {
    if (message.description) Description.encode(message.description, writer.uint32(10).fork()).ldelim();
    if (message.delegatorAddress !== "") writer.uint32(34).string(message.delegatorAddress);
    if (message.validatorAddress !== "") writer.uint32(42).string(message.validatorAddress);
    if (message.pubkey) Any.encode(message.pubkey, writer.uint32(50).fork()).ldelim();
    if (message.value) Coin.encode(message.value, writer.uint32(58).fork()).ldelim();
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgCreateValidator.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.description = Description.decode(reader, reader.uint32()); break;
        case 4: message.delegatorAddress = reader.string(); break;
        case 5: message.validatorAddress = reader.string(); break;
        case 6: message.pubkey = Any.decode(reader, reader.uint32()); break;
        case 7: message.value = Coin.decode(reader, reader.uint32()); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return {
      description: object.description ? Description.fromPartial(object.description) : undefined,
      delegatorAddress: object.delegatorAddress ?? "",
      validatorAddress: object.validatorAddress ?? "",
      pubkey: object.pubkey ? Any.fromPartial(object.pubkey) : undefined,
      value: object.value ? Coin.fromPartial(object.value) : undefined,
    };
  },
  toJSON(message) {
    return {
      description: message.description ? Description.toJSON(message.description) : undefined,
      delegatorAddress: message.delegatorAddress,
      validatorAddress: message.validatorAddress,
      pubkey: message.pubkey ? Any.toJSON(message.pubkey) : undefined,
      value: message.value ? Coin.toJSON(message.value) : undefined,
    };
  },
};

/** The chain dropped the SDK's commission_rate and min_self_delegation (fields 3, 4 reserved). */
export interface MsgEditValidator {
  description?: Description;
  validatorAddress: string;
}

export const MsgEditValidator: ProtoCodec<MsgEditValidator> = {
  typeUrl: "/axiome.staking.v1beta1.MsgEditValidator",
  encode(message, writer = BinaryWriter.create()) {
    if (message.description) Description.encode(message.description, writer.uint32(10).fork()).ldelim();
    if (message.validatorAddress !== "") writer.uint32(18).string(message.validatorAddress);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgEditValidator.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.description = Description.decode(reader, reader.uint32()); break;
        case 2: message.validatorAddress = reader.string(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return {
      description: object.description ? Description.fromPartial(object.description) : undefined,
      validatorAddress: object.validatorAddress ?? "",
    };
  },
  toJSON(message) {
    return {
      description: message.description ? Description.toJSON(message.description) : undefined,
      validatorAddress: message.validatorAddress,
    };
  },
};

export interface MsgRequestStakeMove {
  delegatorAddress: string;
  validatorAddress: string;
  dstDelegatorAddress: string;
}

export const MsgRequestStakeMove: ProtoCodec<MsgRequestStakeMove> = {
  typeUrl: "/axiome.staking.v1beta1.MsgRequestStakeMove",
  encode(message, writer = BinaryWriter.create()) {
    if (message.delegatorAddress !== "") writer.uint32(10).string(message.delegatorAddress);
    if (message.validatorAddress !== "") writer.uint32(18).string(message.validatorAddress);
    if (message.dstDelegatorAddress !== "") writer.uint32(26).string(message.dstDelegatorAddress);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgRequestStakeMove.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.delegatorAddress = reader.string(); break;
        case 2: message.validatorAddress = reader.string(); break;
        case 3: message.dstDelegatorAddress = reader.string(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return {
      delegatorAddress: object.delegatorAddress ?? "",
      validatorAddress: object.validatorAddress ?? "",
      dstDelegatorAddress: object.dstDelegatorAddress ?? "",
    };
  },
  toJSON(message) {
    return { ...message };
  },
};

/** Confirm and cancel share one layout: the authority deciding, then the request's three fields. */
export interface StakeMoveDecision extends MsgRequestStakeMove {
  authority: string;
}

function stakeMoveDecisionCodec(typeUrl: string): ProtoCodec<StakeMoveDecision> {
  const codec: ProtoCodec<StakeMoveDecision> = {
    typeUrl,
    encode(message, writer = BinaryWriter.create()) {
      if (message.authority !== "") writer.uint32(10).string(message.authority);
      if (message.delegatorAddress !== "") writer.uint32(18).string(message.delegatorAddress);
      if (message.validatorAddress !== "") writer.uint32(26).string(message.validatorAddress);
      if (message.dstDelegatorAddress !== "") writer.uint32(34).string(message.dstDelegatorAddress);
      return writer;
    },
    decode(input, length) {
      const reader = readerOf(input);
      const end = endOf(reader, length);
      const message = codec.fromPartial({});
      while (reader.pos < end) {
        const tag = reader.uint32();
        switch (tag >>> 3) {
          case 1: message.authority = reader.string(); break;
          case 2: message.delegatorAddress = reader.string(); break;
          case 3: message.validatorAddress = reader.string(); break;
          case 4: message.dstDelegatorAddress = reader.string(); break;
          default: reader.skipType(tag & 7);
        }
      }
      return message;
    },
    fromPartial(object) {
      return {
        authority: object.authority ?? "",
        delegatorAddress: object.delegatorAddress ?? "",
        validatorAddress: object.validatorAddress ?? "",
        dstDelegatorAddress: object.dstDelegatorAddress ?? "",
      };
    },
    toJSON(message) {
      return { ...message };
    },
  };
  return codec;
}

export const MsgConfirmRequestStakeMove = stakeMoveDecisionCodec("/axiome.staking.v1beta1.MsgConfirmRequestStakeMove");
export const MsgCancelRequestStakeMove = stakeMoveDecisionCodec("/axiome.staking.v1beta1.MsgCancelRequestStakeMove");

// --- referral ------------------------------------------------------------------------------

export interface MsgRegisterReferral {
  referralAddress: string;
  referrerAddress: string;
}

export const MsgRegisterReferral: ProtoCodec<MsgRegisterReferral> = {
  typeUrl: "/axiome.referral.v1beta1.MsgRegisterReferral",
  encode(message, writer = BinaryWriter.create()) {
    if (message.referralAddress !== "") writer.uint32(10).string(message.referralAddress);
    if (message.referrerAddress !== "") writer.uint32(18).string(message.referrerAddress);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgRegisterReferral.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.referralAddress = reader.string(); break;
        case 2: message.referrerAddress = reader.string(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return { referralAddress: object.referralAddress ?? "", referrerAddress: object.referrerAddress ?? "" };
  },
  toJSON(message) {
    return { ...message };
  },
};

export interface MsgBurnPartnerFee {
  fromAddress: string;
  amount: Coin[];
}

export const MsgBurnPartnerFee: ProtoCodec<MsgBurnPartnerFee> = {
  typeUrl: "/axiome.referral.v1beta1.MsgBurnPartnerFee",
  encode(message, writer = BinaryWriter.create()) {
    if (message.fromAddress !== "") writer.uint32(10).string(message.fromAddress);
    for (const coin of message.amount) Coin.encode(coin, writer.uint32(26).fork()).ldelim();
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgBurnPartnerFee.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.fromAddress = reader.string(); break;
        case 3: message.amount.push(Coin.decode(reader, reader.uint32())); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return { fromAddress: object.fromAddress ?? "", amount: (object.amount ?? []).map((c) => Coin.fromPartial(c)) };
  },
  toJSON(message) {
    return { fromAddress: message.fromAddress, amount: message.amount.map((c) => Coin.toJSON(c)) };
  },
};

/**
 * Module params update (referral and vote). The params' own layout is not needed by the explorer,
 * so they stay opaque bytes: the message still decodes and shows who changed what.
 */
export interface MsgUpdateParams {
  authority: string;
  params: Uint8Array;
}

function updateParamsCodec(typeUrl: string): ProtoCodec<MsgUpdateParams> {
  const codec: ProtoCodec<MsgUpdateParams> = {
    typeUrl,
    encode(message, writer = BinaryWriter.create()) {
      if (message.authority !== "") writer.uint32(10).string(message.authority);
      if (message.params.length > 0) writer.uint32(18).bytes(message.params);
      return writer;
    },
    decode(input, length) {
      const reader = readerOf(input);
      const end = endOf(reader, length);
      const message = codec.fromPartial({});
      while (reader.pos < end) {
        const tag = reader.uint32();
        switch (tag >>> 3) {
          case 1: message.authority = reader.string(); break;
          case 2: message.params = reader.bytes(); break;
          default: reader.skipType(tag & 7);
        }
      }
      return message;
    },
    fromPartial(object) {
      return { authority: object.authority ?? "", params: object.params ?? new Uint8Array() };
    },
    toJSON(message) {
      return { authority: message.authority, params: base64FromBytes(message.params) };
    },
  };
  return codec;
}

export const MsgUpdateReferralParams = updateParamsCodec("/axiome.referral.v1beta1.MsgUpdateParams");
export const MsgUpdateVoteParams = updateParamsCodec("/axiome.vote.v1beta1.MsgUpdateParams");

// --- vote (governance) ---------------------------------------------------------------------

export interface MsgPropose {
  messages: Any[];
  author: string;
  name: string;
}

export const MsgPropose: ProtoCodec<MsgPropose> = {
  typeUrl: "/axiome.vote.v1beta1.MsgPropose",
  encode(message, writer = BinaryWriter.create()) {
    for (const any of message.messages) Any.encode(any, writer.uint32(10).fork()).ldelim();
    if (message.author !== "") writer.uint32(18).string(message.author);
    if (message.name !== "") writer.uint32(26).string(message.name);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgPropose.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.messages.push(Any.decode(reader, reader.uint32())); break;
        case 2: message.author = reader.string(); break;
        case 3: message.name = reader.string(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return {
      messages: (object.messages ?? []).map((a) => Any.fromPartial(a)),
      author: object.author ?? "",
      name: object.name ?? "",
    };
  },
  toJSON(message) {
    return { messages: message.messages.map((a) => Any.toJSON(a)), author: message.author, name: message.name };
  },
};

export interface MsgVote {
  voter: string;
  agree: boolean;
}

export const MsgVote: ProtoCodec<MsgVote> = {
  typeUrl: "/axiome.vote.v1beta1.MsgVote",
  encode(message, writer = BinaryWriter.create()) {
    if (message.voter !== "") writer.uint32(10).string(message.voter);
    if (message.agree) writer.uint32(16).bool(message.agree);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgVote.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.voter = reader.string(); break;
        case 2: message.agree = reader.bool(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return { voter: object.voter ?? "", agree: object.agree ?? false };
  },
  toJSON(message) {
    return { ...message };
  },
};

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

export const Poll: ProtoCodec<Poll> = {
  typeUrl: "/axiome.vote.v1beta1.Poll",
  encode(message, writer = BinaryWriter.create()) {
    if (message.name !== "") writer.uint32(10).string(message.name);
    if (message.author !== "") writer.uint32(18).string(message.author);
    if (message.question !== "") writer.uint32(26).string(message.question);
    if (message.startTime) Timestamp.encode(message.startTime, writer.uint32(34).fork()).ldelim();
    if (message.endTime) Timestamp.encode(message.endTime, writer.uint32(42).fork()).ldelim();
    if (message.quorum !== "") writer.uint32(50).string(message.quorum);
    if (message.canValidate) writer.uint32(58).fork().ldelim();
    else if (message.minStatus !== undefined) writer.uint32(64).int32(message.minStatus);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = Poll.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.name = reader.string(); break;
        case 2: message.author = reader.string(); break;
        case 3: message.question = reader.string(); break;
        case 4: message.startTime = Timestamp.decode(reader, reader.uint32()); break;
        case 5: message.endTime = Timestamp.decode(reader, reader.uint32()); break;
        case 6: message.quorum = reader.string(); break;
        case 7: reader.skipType(tag & 7); message.canValidate = true; break;
        case 8: message.minStatus = reader.int32(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return {
      name: object.name ?? "",
      author: object.author ?? "",
      question: object.question ?? "",
      startTime: object.startTime ? Timestamp.fromPartial(object.startTime) : undefined,
      endTime: object.endTime ? Timestamp.fromPartial(object.endTime) : undefined,
      quorum: object.quorum ?? "",
      canValidate: object.canValidate ?? false,
      minStatus: object.minStatus,
    };
  },
  toJSON(message) {
    return {
      name: message.name,
      author: message.author,
      question: message.question,
      startTime: message.startTime ? fromTimestamp(message.startTime).toISOString() : undefined,
      endTime: message.endTime ? fromTimestamp(message.endTime).toISOString() : undefined,
      quorum: message.quorum,
      canValidate: message.canValidate ? {} : undefined,
      minStatus: message.minStatus,
    };
  },
};

export interface MsgStartPoll {
  poll?: Poll;
  author: string;
}

export const MsgStartPoll: ProtoCodec<MsgStartPoll> = {
  typeUrl: "/axiome.vote.v1beta1.MsgStartPoll",
  encode(message, writer = BinaryWriter.create()) {
    if (message.poll) Poll.encode(message.poll, writer.uint32(10).fork()).ldelim();
    if (message.author !== "") writer.uint32(18).string(message.author);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgStartPoll.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.poll = Poll.decode(reader, reader.uint32()); break;
        case 2: message.author = reader.string(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return { poll: object.poll ? Poll.fromPartial(object.poll) : undefined, author: object.author ?? "" };
  },
  toJSON(message) {
    return { poll: message.poll ? Poll.toJSON(message.poll) : undefined, author: message.author };
  },
};

export interface MsgAnswerPoll {
  respondent: string;
  yes: boolean;
}

export const MsgAnswerPoll: ProtoCodec<MsgAnswerPoll> = {
  typeUrl: "/axiome.vote.v1beta1.MsgAnswerPoll",
  encode(message, writer = BinaryWriter.create()) {
    if (message.respondent !== "") writer.uint32(10).string(message.respondent);
    if (message.yes) writer.uint32(16).bool(message.yes);
    return writer;
  },
  decode(input, length) {
    const reader = readerOf(input);
    const end = endOf(reader, length);
    const message = MsgAnswerPoll.fromPartial({});
    while (reader.pos < end) {
      const tag = reader.uint32();
      switch (tag >>> 3) {
        case 1: message.respondent = reader.string(); break;
        case 2: message.yes = reader.bool(); break;
        default: reader.skipType(tag & 7);
      }
    }
    return message;
  },
  fromPartial(object) {
    return { respondent: object.respondent ?? "", yes: object.yes ?? false };
  },
  toJSON(message) {
    return { ...message };
  },
};

/** Adding and removing a governor share one layout: the authority, then the governor. */
export interface GovernorChange {
  authority: string;
  governor: string;
}

function governorChangeCodec(typeUrl: string): ProtoCodec<GovernorChange> {
  const codec: ProtoCodec<GovernorChange> = {
    typeUrl,
    encode(message, writer = BinaryWriter.create()) {
      if (message.authority !== "") writer.uint32(10).string(message.authority);
      if (message.governor !== "") writer.uint32(18).string(message.governor);
      return writer;
    },
    decode(input, length) {
      const reader = readerOf(input);
      const end = endOf(reader, length);
      const message = codec.fromPartial({});
      while (reader.pos < end) {
        const tag = reader.uint32();
        switch (tag >>> 3) {
          case 1: message.authority = reader.string(); break;
          case 2: message.governor = reader.string(); break;
          default: reader.skipType(tag & 7);
        }
      }
      return message;
    },
    fromPartial(object) {
      return { authority: object.authority ?? "", governor: object.governor ?? "" };
    },
    toJSON(message) {
      return { ...message };
    },
  };
  return codec;
}

export const MsgAddGovernor = governorChangeCodec("/axiome.vote.v1beta1.MsgAddGovernor");
export const MsgRemoveGovernor = governorChangeCodec("/axiome.vote.v1beta1.MsgRemoveGovernor");
