// Shapes of API.md's "Chain": statistics, search, blocks and consensus entries.
import Type, { type Static } from "typebox";
import { MAX_SUGGESTIONS } from "../core/search.ts";
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
  | { type: "token"; data: { address: string } }
  | { type: "unknown"; data: null };

/** What a search found: its kind and the thing itself (kept whole, so the serialiser passes it through). */
export const SearchAnswer = Type.Unsafe<SearchAnswer>(
  Type.Object({
    type: StringEnum(["block", "tx", "account", "contract", "token", "validator", "unknown"]),
    data: Type.Unsafe({ type: ["object", "null"], additionalProperties: true }),
  }),
);

/** GET /blockchain/search/suggest: the text typed so far (trimmed by the route, then held to the search input rule). */
export const SuggestQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });

export const SuggestionKind = StringEnum(["block", "transaction", "account", "validator", "token", "contract"]);
export type SuggestionKind = Static<typeof SuggestionKind>;

/** One hit: its kind, what the list shows, and the id its screen is opened by. */
export const Suggestion = Type.Object({
  kind: SuggestionKind,
  /** Height, hash or address the kind's screen takes. */
  id: Type.String(),
  /** The name found (moniker, token symbol, contract label, nickname), or the height, hash or address itself. */
  label: Type.String(),
  /** A second line: the address of a named validator, contract or account, a token's name; null when the label says it all. */
  detail: Nullable(Type.String()),
});
export type Suggestion = Static<typeof Suggestion>;

export const Suggestions = Type.Array(Suggestion, { maxItems: MAX_SUGGESTIONS });

/** A height, or a range `from-to`. */
export const HeightParams = Type.Object({ id: Type.String({ maxLength: 40 }) });

export const ConsensusQuery = Type.Object({ validator: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

/** GET /stream (API.md "Live updates"): only the blocks and transactions naming `address`, when given. */
export const StreamQuery = Type.Object({ address: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
