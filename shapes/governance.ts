// Shapes of API.md's "Governance": the chain's vote module (CHAIN.md "Vote") as the index keeps it.
import Type, { type Static } from "typebox";
import { Nullable, StringEnum } from "./common.ts";

/** A list's page size (1..100) and the cursor the previous page gave. */
const LimitText = Type.String({ pattern: "^(100|[1-9][0-9]?)$" });
const CursorText = Type.String({ pattern: "^[1-9][0-9]{0,14}$" });

export const GovernanceListQuery = Type.Object({ limit: Type.Optional(LimitText), cursor: Type.Optional(CursorText) }, { additionalProperties: false });
export type GovernanceListQuery = Static<typeof GovernanceListQuery>;

/** The explorer's own id of a proposal or poll: 1, 2, … in the order the chain created them. */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 40 }) });

/** An address and what the explorer calls it: a nickname, else the name of the validator it operates, else null. */
const Named = { address: Type.String(), name: Nullable(Type.String()) };

export const Governor = Type.Object({
  ...Named,
  /** The height of the block whose transaction seated the governor; 0 for genesis; null when seated before the index began. */
  since: Nullable(Type.Integer()),
});
export type Governor = Static<typeof Governor>;

export const Government = Type.Object({ members: Type.Array(Governor) });
export type Government = Static<typeof Government>;

/** A message a proposal executes when accepted: the node's REST JSON of a known type (without "@type"), else its base64 bytes. */
export const ProposalMessage = Type.Object({
  typeUrl: Type.String(),
  value: Type.Unknown(),
});

export const ProposalStatus = StringEnum(["voting", "accepted", "rejected"]);

export const Proposal = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  author: Type.String(),
  authorName: Nullable(Type.String()),
  messages: Type.Array(ProposalMessage),
  status: ProposalStatus,
  /** Null when unknown (a proposal taken from a genesis or from the node's state). */
  startHeight: Nullable(Type.Integer()),
  /** When the vote ends (vote_period minutes after it started); null when unknown. */
  endTime: Nullable(Type.String()),
  finishedHeight: Nullable(Type.Integer()),
  /** The government of the vote: as it was when the vote ended, or as it is while voting. */
  government: Type.Array(Type.String()),
  agreed: Type.Array(Type.String()),
  disagreed: Type.Array(Type.String()),
  /** The MsgPropose transaction; null for a proposal taken from genesis or from the node's state. */
  txHash: Nullable(Type.String()),
});
export type Proposal = Static<typeof Proposal>;

/** One governor's vote; height and txHash null when known only from genesis or from the node's state. */
export const ProposalVote = Type.Object({
  ...Named,
  agree: Type.Boolean(),
  height: Nullable(Type.Integer()),
  txHash: Nullable(Type.String()),
});

export const ProposalDetail = Type.Object({ ...Proposal.properties, votes: Type.Array(ProposalVote) });
export type ProposalDetail = Static<typeof ProposalDetail>;

export const ProposalPage = Type.Object({ proposals: Type.Array(Proposal), nextCursor: Nullable(Type.String()) });
export type ProposalPage = Static<typeof ProposalPage>;

export const PollRequirement = Type.Object({
  kind: StringEnum(["none", "validators", "minStatus"]),
  /** The explorer's status (0 No status .. 7 Mega) a respondent needs at least, for kind minStatus; else null. */
  minStatus: Nullable(Type.Integer({ minimum: 0, maximum: 7 })),
});

export const Poll = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  author: Type.String(),
  authorName: Nullable(Type.String()),
  question: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  /** Share of yes among all answers needed for a positive decision (0 = one yes is enough); null: no decision is made. */
  quorum: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  requirement: PollRequirement,
  /** Answers the index counted (the chain's own counters stay 0). */
  yes: Type.Integer(),
  no: Type.Integer(),
  /** The chain's decision when the poll ended; none for a poll without quorum; pending until it ends. */
  decision: StringEnum(["pending", "positive", "negative", "none"]),
  /** The MsgStartPoll transaction; null for a poll from genesis or from the node's state. */
  txHash: Nullable(Type.String()),
});
export type Poll = Static<typeof Poll>;

export const PollAnswer = Type.Object({
  respondent: Type.String(),
  name: Nullable(Type.String()),
  yes: Type.Boolean(),
  /** Null for an answer from genesis. */
  height: Nullable(Type.Integer()),
  txHash: Nullable(Type.String()),
});

/** A poll with a page of its answers (in the order given); pass nextCursor as ?cursor= for the next. */
export const PollDetail = Type.Object({ ...Poll.properties, answers: Type.Array(PollAnswer), nextCursor: Nullable(Type.String()) });
export type PollDetail = Static<typeof PollDetail>;

export const PollPage = Type.Object({ polls: Type.Array(Poll), nextCursor: Nullable(Type.String()) });
export type PollPage = Static<typeof PollPage>;

/** A page of an address's activity: the limit (1..100) and the nextCursor the previous page gave ("height.kind.id"). */
export const ActivityQuery = Type.Object(
  { limit: Type.Optional(LimitText), cursor: Type.Optional(Type.String({ pattern: "^(0|[1-9][0-9]{0,14})\\.[01]\\.[1-9][0-9]{0,14}$" })) },
  { additionalProperties: false },
);
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivityParams = Type.Object({ address: Type.String({ maxLength: 128 }) });

/** One vote on a proposal (kind vote, agree: agreed) or answer to a poll (kind answer, agree: yes) the address made. */
export const ActivityEntry = Type.Object({
  kind: StringEnum(["vote", "answer"]),
  /** The proposal's id for a vote, the poll's for an answer. */
  id: Type.Integer(),
  name: Type.String(),
  agree: Type.Boolean(),
  /** 0 when known only from genesis or from the node's state (a mid-chain start). */
  height: Type.Integer({ minimum: 0 }),
  txHash: Nullable(Type.String()),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

/** Newest first (by height, votes before answers, then by id); pass nextCursor as ?cursor= for the next page. */
export const ActivityPage = Type.Object({ entries: Type.Array(ActivityEntry), nextCursor: Nullable(Type.String()) });
export type ActivityPage = Static<typeof ActivityPage>;

/** The proposals and polls a transaction created, voted on or answered (empty lists for any other transaction). */
export const TxGovernance = Type.Object({
  proposals: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  polls: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type TxGovernance = Static<typeof TxGovernance>;
