// Shapes of API.md's "Contracts, codes, tokens": contract and code lists, wasmd's REST answers, CW-20 tokens and holders.
import Type, { type Static } from "typebox";
import { AmountText, Nullable, StringEnum } from "./common.ts";

const NullableText = Nullable(Type.String());
const NullableNumber = Nullable(Type.Number());
/** A whole amount in a token's smallest unit, or null for none. */
const NullableAmount = Nullable(Type.String({ pattern: "^\\d+$" }));

/** A contract as the lists give it (GET /contracts, GET /codes/{id}/contracts); `code` is the code id. */
export const ContractRow = Type.Object({
  label: Type.String(),
  address: Type.String(),
  creator: Type.String(),
  code: Type.Integer(),
  initialBlock: Type.Integer(),
  executes: Type.Integer(),
});
export type ContractRow = Static<typeof ContractRow>;

/** A page of a limit/offset list with the total of the whole list. */
export const ContractPage = Type.Object({ contracts: Type.Array(ContractRow), pagination: Type.Object({ total: Type.Integer() }) });
export type ContractPage = Static<typeof ContractPage>;

/** An uploaded code (SPEC.md §3); the permission is shown as the chain names it. */
export const Code = Type.Object({
  id: Type.Integer(),
  verified: Type.Boolean(),
  checksum: Type.String(),
  creator: Type.String(),
  permission: StringEnum(["Everybody", "Nobody", "AnyOfAddresses"]),
  /** Who may instantiate the code when the permission is AnyOfAddresses. */
  permissionAddresses: Type.Array(Type.String()),
  contractsCount: Type.Integer(),
});
export type Code = Static<typeof Code>;

export const CodePage = Type.Object({ codes: Type.Array(Code), pagination: Type.Object({ total: Type.Integer() }) });
export type CodePage = Static<typeof CodePage>;

/** Where something happened on the chain, as wasmd's REST writes it (numbers as strings). */
export const TxPosition = Type.Object({ block_height: Type.String(), tx_index: Type.String() });
export type TxPosition = Static<typeof TxPosition>;

/** GET /cosmwasm/wasm/v1/contract/{address}: the node's REST shape and the code's checksum from the index. */
export const ContractInfoAnswer = Type.Object({
  address: Type.String(),
  contract_info: Type.Object({
    code_id: Type.String(),
    creator: Type.String(),
    /** "" when the contract has no admin. */
    admin: Type.String(),
    label: Type.String(),
    created: TxPosition,
    ibc_port_id: Type.String(),
    extension: Type.Unsafe<Record<string, unknown> | null>({ type: ["object", "null"] }),
  }),
  codeChecksum: NullableText,
});
export type ContractInfoAnswer = Static<typeof ContractInfoAnswer>;

/** The node's next-page key (base64; null or "" on the last page) and its total. */
export const NodePagination = Type.Object({ next_key: NullableText, total: Type.String() });
export type NodePagination = Static<typeof NodePagination>;

export const ContractHistoryEntry = Type.Object({
  /** CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT, _MIGRATE or _GENESIS. */
  operation: Type.String(),
  code_id: Type.String(),
  updated: TxPosition,
  /** The message as JSON (the node's REST gives it decoded). */
  msg: Type.Unknown(),
});
export type ContractHistoryEntry = Static<typeof ContractHistoryEntry>;

export const ContractHistoryPage = Type.Object({ entries: Type.Array(ContractHistoryEntry), pagination: NodePagination });
export type ContractHistoryPage = Static<typeof ContractHistoryPage>;

/** One key of a contract's storage: the key in hex, the value in base64. */
export const ContractStateModel = Type.Object({ key: Type.String(), value: Type.String() });
export type ContractStateModel = Static<typeof ContractStateModel>;

export const ContractStatePage = Type.Object({ models: Type.Array(ContractStateModel), pagination: NodePagination });
export type ContractStatePage = Static<typeof ContractStatePage>;

/** A row of GET /cw20/tokens: `id` is the token's contract address. */
export const TokenListRow = Type.Object({ id: Type.String(), symbol: Type.String(), name: Type.String(), logo: NullableText, decimals: Type.Integer() });
export type TokenListRow = Static<typeof TokenListRow>;

export const TokenListPage = Type.Object({
  tokens: Type.Array(TokenListRow),
  /** Where the next page starts; null after the last one. */
  cursor: NullableText,
});
export type TokenListPage = Static<typeof TokenListPage>;

/** A CW-20 token's marketing_info: the logo is `{ url }`, "embedded" for one stored in the contract, or null. */
export const TokenMarketing = Type.Object({
  project: NullableText,
  description: NullableText,
  marketing: NullableText,
  logo: Type.Union([Type.Object({ url: Type.String() }), StringEnum(["embedded"]), Type.Null()]),
});
export type TokenMarketing = Static<typeof TokenMarketing>;

export const TokenLink = Type.Object({ title: Type.String(), url: Type.String(), platform: Type.String() });
export type TokenLink = Static<typeof TokenLink>;

/** GET /cw20/token/{address}. Supplies are whole integers in the token's smallest unit; prices are null where none is known. */
export const Token = Type.Object({
  /** `logo` is an http(s) address or null. */
  data: Type.Object({ name: Type.String(), symbol: Type.String(), logo: NullableText, decimals: Type.Integer(), marketing: TokenMarketing }),
  details: Type.Object({ creator: Type.String(), mint_authority: NullableText, marketing_authority: NullableText, update_authority: NullableText }),
  statistics: Type.Object({
    priceInUsd: NullableNumber,
    priceInAxm: NullableNumber,
    holders: Type.Integer(),
    /** US dollars. */
    marketCapitalization: NullableNumber,
    /** The mint cap, or null for none. */
    maxSupply: NullableAmount,
    currentSupply: AmountText,
  }),
  links: Type.Array(TokenLink),
  /** The project's description: HTML written by the token's owner, shown only sanitised. */
  about: NullableText,
});
export type Token = Static<typeof Token>;

/** One holder of a token: its balance (smallest unit), its worth, and its share of the current supply in percent. */
export const TokenHolder = Type.Object({
  address: Type.String(),
  quantity: AmountText,
  /** US dollars; null when no price is known. */
  value: NullableNumber,
  /** uaxm; null when no price is known. */
  valueInAxm: NullableAmount,
  percentage: Type.Number(),
});
export type TokenHolder = Static<typeof TokenHolder>;

export const TokenHoldersPage = Type.Object({ holders: Type.Array(TokenHolder), nextCursor: NullableText });
export type TokenHoldersPage = Static<typeof TokenHoldersPage>;

/** GET /multichain/assets/balances/{address}: raw integer balances of the contracts asked for. */
export const AssetBalances = Type.Object({ data: Type.Object({ balances: Type.Array(Type.Object({ contract: Type.String(), balance: AmountText })) }) });
export type AssetBalances = Static<typeof AssetBalances>;

/** A contract's own answer to a smart query (cw20 token_info, marketing_info): whatever JSON it gives. */
export const ContractAnswer = Type.Unsafe<unknown>({ type: ["object", "array", "string", "number", "boolean", "null"], additionalProperties: true });

const LimitText = Type.String({ pattern: "^(100|[1-9][0-9]?)$" });

/** `?total=&limit=&offset=` of the limit/offset lists. */
export const ListQuery = Type.Object(
  { total: Type.Optional(StringEnum(["true", "false"])), limit: Type.Optional(LimitText), offset: Type.Optional(Type.String({ pattern: "^\\d{1,9}$" })) },
  { additionalProperties: false },
);

/** wasmd's REST paging: `pagination.key` is the previous page's next_key. */
export const NodePageQuery = Type.Object(
  { "pagination.limit": Type.Optional(LimitText), "pagination.key": Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);

export const CodeParams = Type.Object({ id: Type.String({ maxLength: 40 }) });

export const TokenListQuery = Type.Object(
  { cursor: Type.Optional(Type.String({ pattern: "^\\d{0,15}$" })), limit: Type.Optional(LimitText) },
  { additionalProperties: false },
);

export const HoldersQuery = Type.Object(
  { limit: Type.Optional(LimitText), cursor: Type.Optional(Type.String({ maxLength: 300 })) },
  { additionalProperties: false },
);

/** Most tokens one balances request may name. */
export const MAX_CONTRACTS_ASKED = 100;

export const AssetBalancesQuery = Type.Object(
  { contracts: Type.Optional(Type.String({ maxLength: MAX_CONTRACTS_ASKED * 80 })) },
  { additionalProperties: false },
);
