// Shapes of the rich list in API.md's "Statistics over time and exports": accounts by total balance, cursor-paged.
import Type, { type Static } from "typebox";
import { MODULE_NAMES, type ModuleName } from "../core/module-accounts.ts";
import { AmountText, Nullable } from "./common.ts";

/** Accounts a request may ask for, and how many when it names none. */
export const RICH_LIMIT_MAX = 100;
export const RICH_LIMIT_DEFAULT = 25;

/** `?limit=` (1..100) and `?cursor=` (a nextCursor this API gave). */
export const RichListQuery = Type.Object(
  {
    limit: Type.Optional(Type.String({ pattern: "^(100|[1-9][0-9]?)$" })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type RichListQuery = Static<typeof RichListQuery>;

/** The wallets the explorer's settings name, which the list labels. */
export const RICH_SERVICES = ["faucet", "leader_bonus"] as const;
export type RichService = (typeof RICH_SERVICES)[number];

/** One account of the rich list; amounts in uaxm. */
export const RichAccount = Type.Object({
  address: Type.String(),
  /** The profile's nickname, or the exchange's name; null for none. */
  name: Nullable(Type.String()),
  /** available + delegated + unbonding. */
  total: AmountText,
  available: AmountText,
  delegated: AmountText,
  /** Undelegating, until the unbonding completes (an addition to API.md). */
  unbonding: AmountText,
  /** Percent of the chain's total uaxm supply (0..100); null while the supply is not known. */
  share: Nullable(Type.Number()),
  /** One of the exchanges of SPEC.md §2 (an addition to API.md). */
  exchange: Type.Boolean(),
  /** The module account it is (its name in app.yaml), or null (an addition to API.md). */
  module: Type.Unsafe<ModuleName | null>({ type: ["string", "null"], enum: [...MODULE_NAMES, null] }),
  /** The explorer's own service wallet it is: the faucet or the leader-bonus wallet of the settings; null for none (an addition to API.md). */
  service: Type.Unsafe<RichService | null>({ type: ["string", "null"], enum: [...RICH_SERVICES, null] }),
  /** Avatar or exchange logo; null for none (an addition to API.md). */
  img: Nullable(Type.String()),
});
export type RichAccount = Static<typeof RichAccount>;

/** Biggest total first; `nextCursor` asks for the accounts after the last one, null after the last page. */
export const RichList = Type.Object({ accounts: Type.Array(RichAccount), nextCursor: Nullable(Type.String()) });
export type RichList = Static<typeof RichList>;
