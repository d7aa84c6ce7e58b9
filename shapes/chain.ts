// Shapes of API.md's "Chain": statistics, search, blocks and consensus entries.
import Type, { type Static } from "typebox";
import { Nullable, StringEnum } from "./common.ts";
import { ChainEvent, Tx } from "./transactions.ts";

export const ProposerValidator = Type.Object({ address: Type.String(), name: Type.String(), logoUrl: Nullable(Type.String()) });
export type ProposerValidator = Static<typeof ProposerValidator>;

const blockFields = {
  _id: Type.Integer(),
  hash: Type.String(),
  chainId: Type.String(),
  proposer: Type.String(),
  consensusAddress: Type.String(),
  proposerValidator: Nullable(ProposerValidator),
  timestamp: Type.String(),
  txCnt: Type.Integer(),
  evtCnt: Type.Integer(),
  er: Type.Number(),
};

export const Block = Type.Object(blockFields);
export type Block = Static<typeof Block>;

export const BlockDetail = Type.Object({ ...blockFields, txs: Type.Array(Tx), evts: Type.Array(ChainEvent) });
export type BlockDetail = Static<typeof BlockDetail>;

/** GET /blocks/{id}: one block by height, or a range from-to. */
export const BlockOrRange = Type.Union([BlockDetail, Type.Array(Block)]);

export const ConsensusEntry = Type.Object({
  _id: Type.Integer(),
  /** Null for the commit of the height before the index's start, whose block is not indexed. */
  proposer: Nullable(Type.String()),
  validators: Type.Array(Type.String()),
});
export type ConsensusEntry = Static<typeof ConsensusEntry>;

export const ConsensusOrRange = Type.Union([ConsensusEntry, Type.Array(ConsensusEntry)]);

export const ChainStat = Type.Object({
  totalSupply: Type.String(),
  maximalSupply: Type.String(),
  delegatedSupply: Type.String(),
  burnedTotal: Type.String(),
  burnedToday: Type.String(),
  registrations: Type.Integer(),
  registeredToday: Type.Integer(),
  eventsTotal: Type.Integer(),
  eventsPerSecond: Type.Number(),
  txsTotal: Type.Integer(),
  txsPerSecond: Type.Number(),
  blocksPerSecond: Type.Number(),
  blockTime: Type.Number(),
  mempool: Type.Object({ n_txs: Type.Integer() }),
  /** The index's first height when it started in mid-chain (totals, registrations and per-address counts start there); null from genesis. */
  countedFrom: Nullable(Type.Integer()),
});
export type ChainStat = Static<typeof ChainStat>;

export const MessageTypes = Type.Array(Type.String());

export const SearchBody = Type.Object({ query: Type.String({ maxLength: 1000 }) }, { additionalProperties: false });

export type SearchAnswer =
  | { type: "block"; data: { _id: number } }
  | { type: "tx"; data: { _id: string } }
  | { type: "account"; data: { account: { address: string } } }
  | { type: "validator"; data: { address: string } }
  | { type: "contract"; data: { address: string } }
  | { type: "unknown"; data: null };

/** What a search found: its kind and the thing itself (kept whole, so the serialiser passes it through). */
export const SearchAnswer = Type.Unsafe<SearchAnswer>(
  Type.Object({
    type: StringEnum(["block", "tx", "account", "contract", "validator", "unknown"]),
    data: Type.Unsafe({ type: ["object", "null"], additionalProperties: true }),
  }),
);

/** A height, or a range `from-to`. */
export const HeightParams = Type.Object({ id: Type.String({ maxLength: 40 }) });

export const ConsensusQuery = Type.Object({ validator: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

/** GET /stream (API.md "Live updates"): only the blocks and transactions naming `address`, when given. */
export const StreamQuery = Type.Object({ address: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
