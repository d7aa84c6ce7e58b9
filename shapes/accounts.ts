// Shapes of API.md's "Accounts and the partnership programme": account info, the team, status progress, KPI and the leader bonus.
import Type, { type Static, type TSchema } from "typebox";
import { PAGE_SIZES } from "../core/page-sizes.ts";
import { AmountText, Coin, Nullable, NullableAmountText, PageParams, StringEnum } from "./common.ts";

const NullableText = Nullable(Type.String());

/** An account's partnership record (SPEC.md §3); an unregistered account has status 0 and no referrer. */
export const Referral = Type.Object({
  _id: Type.String(),
  name: NullableText,
  /** Avatar or exchange logo; null for none. */
  img: NullableText,
  /** The messenger handle: only a signed-in Premium visitor receives it, null otherwise. */
  telegram: NullableText,
  /** 0 No Status .. 7 Mega. */
  status: Type.Integer(),
  referrer: NullableText,
  teamSize: Type.Integer(),
  teamSizeDaily: Type.Integer(),
  /** uaxm, as are the other team and reward figures. */
  teamBalance: AmountText,
  teamDelegated: AmountText,
  teamUndelegating: AmountText,
  totalRewards: AmountText,
  /** Partner rewards received in uret (RET). */
  totalRewardsRet: AmountText,
  confirmed_account: Type.Boolean(),
  premium: Type.Boolean(),
  premiumExp: NullableText,
});
export type Referral = Static<typeof Referral>;

export const RefInfo = Type.Object({ self_delegated: AmountText, team_delegated: AmountText, status_downgrade_at: NullableText });
export type RefInfo = Static<typeof RefInfo>;

export const UnbondingEntry = Type.Object({ balance: AmountText, completion_time: Type.String() });
export type UnbondingEntry = Static<typeof UnbondingEntry>;

/** GET /accounts/info/{address}: only the fields asked for are present, so none is required. */
export const AccountInfo = Type.Object({
  /** uaxm available, uaxmd delegated. */
  balance: Type.Optional(Type.Array(Coin)),
  claimable: Type.Optional(Type.Object({ total: Type.Array(Coin) })),
  unbounding: Type.Optional(Type.Array(UnbondingEntry)),
  /** Staking rewards withdrawn so far, uaxm. */
  claimedTotal: Type.Optional(AmountText),
  /** Partner rewards received so far, uaxm. */
  referralClaimedTotal: Type.Optional(AmountText),
  refInfo: Type.Optional(RefInfo),
  referral: Type.Optional(Referral),
});
export type AccountInfo = Static<typeof AccountInfo>;

/** One validator an account delegates to: how much, and what claiming that delegation's rewards pays now. */
export const AccountDelegation = Type.Object({
  /** The operator address (axmvaloper1…), the moniker and the logo; name and logo empty when the index does not know the validator. */
  validator: Type.Object({ address: Type.String(), name: Type.String(), logoUrl: NullableText }),
  /** uaxm delegated, from the index; null for a delegation the node holds and the index has not reached yet. */
  amount: NullableAmountText,
  /** Whole micro units per denom, from the node; null when the node does not answer. */
  rewards: Nullable(Type.Array(Coin)),
});
export type AccountDelegation = Static<typeof AccountDelegation>;

/** GET /accounts/delegations/{address}: biggest delegation first; `rewardsTotal` is the per-validator rewards summed. */
export const AccountDelegations = Type.Object({
  delegations: Type.Array(AccountDelegation),
  /** The same figure as the account info's `claimable.total`; null when the node does not answer. */
  rewardsTotal: Nullable(Type.Array(Coin)),
});
export type AccountDelegations = Static<typeof AccountDelegations>;

/** The parts of an account's info `?fields=` can ask for. */
export const INFO_FIELDS = ["balance", "claimable", "unbounding", "referral", "ref_info", "claimed_total"] as const;
export type AccountInfoField = (typeof INFO_FIELDS)[number];

export const AccountInfoQuery = Type.Object(
  { fields: Type.Optional(Type.String({ maxLength: 200, pattern: `^(${INFO_FIELDS.join("|")})(,(${INFO_FIELDS.join("|")})){0,${INFO_FIELDS.length - 1}}$` })) },
  { additionalProperties: false },
);

/** A member of an account's team (API.md TeamMember); `level` counts from the viewed address, 1 the first line. */
export const TeamMember = Type.Object({
  _id: Type.String(),
  name: NullableText,
  img: NullableText,
  /** -1 may come from older records: it means no status (SPEC.md §3). */
  status: Type.Integer(),
  level: Type.Integer(),
  delegated: AmountText,
  unbonding: AmountText,
  teamSize: Type.Integer(),
  teamSizeDaily: Type.Integer(),
  activeTeam: Type.Integer(),
  referrer: NullableText,
  premium: Type.Boolean(),
  telegram: NullableText,
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamPage = Type.Object({
  data: Type.Array(TeamMember),
  /** Nicknames of the referrers on the page, by address. */
  names: Type.Unsafe<Record<string, string>>({ type: "object", additionalProperties: Type.String() }),
});
export type TeamPage = Static<typeof TeamPage>;

export const TeamCount = Type.Object({ total_records: Type.Integer() });
export type TeamCount = Static<typeof TeamCount>;

export const TEAM_ORDERS = ["status", "level", "delegated", "unbonding", "teamSize"] as const;
export type TeamOrder = (typeof TEAM_ORDERS)[number];

/** Team filters; an empty value (the web app sends `q=&level=`) is no filter. */
const teamFilterFields = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  level: Type.Optional(Type.String({ pattern: "^([1-9]|1[0-4])?$" })),
  status: Type.Optional(Type.String({ pattern: "^[0-7]?$" })),
};

export const TeamFilterQuery = Type.Object(teamFilterFields, { additionalProperties: false });

export const TeamPageQuery = Type.Object(
  { ...teamFilterFields, order: Type.Optional(StringEnum(["", ...TEAM_ORDERS])), direction: Type.Optional(StringEnum(["", "asc", "desc"])) },
  { additionalProperties: false },
);

export const TEAM_PAGE_SIZES = PAGE_SIZES;

export const TeamPageParams = PageParams(TEAM_PAGE_SIZES, { address: Type.String({ minLength: 1, maxLength: 200 }) });

/** The status rules GET /accounts/status-progress-full names (CHAIN.md). */
export const StatusRuleName = StringEnum([
  "RULE_SELF_STAKE",
  "RULE_N_COINS_IN_STRUCTURE",
  "RULE_N_REFERRALS_WITH_X_REFERRALS_EACH",
  "RULE_N_TEAMS_OF_X_PEOPLE_EACH",
]);
export type StatusRuleName = Static<typeof StatusRuleName>;

/** One condition of a status: self stake in uaxm, team coins in whole AXM, people as counts; actual capped at the target. */
export const StatusCriterion = Type.Object({
  rule: StatusRuleName,
  actual_value: AmountText,
  target_value: AmountText,
  /** X of "N referrals with X referrals each" and "N teams of X people each"; 0 for the others. */
  parameter_x: Type.Integer(),
});
export type StatusCriterion = Static<typeof StatusCriterion>;

/** An object with exactly these keys, each holding `value`. */
const byKeys = <T extends TSchema>(keys: string[], value: T) =>
  Type.Unsafe<Record<string, Static<T>>>(Type.Object(Object.fromEntries(keys.map((k) => [k, value])), { additionalProperties: false }));

/** GET /accounts/status-progress-full/{address}: each status "1" .. "7" with its criteria. */
export const StatusProgress = byKeys(["1", "2", "3", "4", "5", "6", "7"], Type.Array(StatusCriterion));
export type StatusProgress = Static<typeof StatusProgress>;

/** One account of the top-influence rating: its new delegations this week (uaxm) under the largest-branch rule. */
export const KpiRatingEntry = Type.Object({
  _id: Type.String(),
  name: NullableText,
  img: NullableText,
  premium: Type.Boolean(),
  status: Type.Integer(),
  lbDelegated: AmountText,
});
export type KpiRatingEntry = Static<typeof KpiRatingEntry>;

/** GET /accounts/status-kpi-full/{address}. */
export const StatusKpi = Type.Object({
  /** New delegations (uaxm) each status "2" .. "7" needs this week. */
  kpi: byKeys(["2", "3", "4", "5", "6", "7"], AmountText),
  /** The account's new delegations (uaxm) and the highest status whose KPI they complete (0 none). */
  completed: Type.Object({ amount: AmountText, cards: Type.Integer() }),
  rating: Type.Array(KpiRatingEntry),
  nextPayoutAt: Type.String(),
});
export type StatusKpi = Static<typeof StatusKpi>;

/** One status's line of the leader bonus table. */
export const LeaderBonus = Type.Object({
  status: Type.Integer(),
  /** Percent of the weekly pool. */
  share: Type.Number(),
  usersCount: Type.Integer(),
  /** uaxm one leader of this level gets, its shares of the levels below included; null while the pool is unknown. */
  amountForOneWithOtherLevels: NullableAmountText,
});
export type LeaderBonus = Static<typeof LeaderBonus>;

/** GET /promo/leader_bonus/v2. */
export const LeaderBonusTable = Type.Object({
  bonuses: Type.Array(LeaderBonus),
  /** uaxm paid out this week; null when the explorer is not told the programme's weekly amount (the chain pays none). */
  pool: NullableAmountText,
  nextPayoutAt: Type.String(),
});
export type LeaderBonusTable = Static<typeof LeaderBonusTable>;
