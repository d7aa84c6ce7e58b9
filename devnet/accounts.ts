// Who is who among the devnet mnemonic's accounts (m/44'/118'/0'/0/index), and the off-chain leader-bonus programme's defaults.
import { MICRO } from "../core/amount.ts";
import { deriveAccounts } from "./keys.ts";

export const USER_COUNT = 330;
const FIRST_VALIDATORS = 7;
const LATER_VALIDATORS = 2;

/** Indexes are appended, never moved: every account keeps the index it had in earlier devnet versions. */
export const ACCOUNT_INDEX = {
  faucet: 0,
  /** The referral tree's top-level account. */
  root: 1,
  firstOperator: 2,
  firstUser: 2 + FIRST_VALIDATORS,
  laterOperator: 2 + FIRST_VALIDATORS + USER_COUNT,
  leaderBonusWallet: 2 + FIRST_VALIDATORS + USER_COUNT + LATER_VALIDATORS,
  firstExchange: 3 + FIRST_VALIDATORS + USER_COUNT + LATER_VALIDATORS,
  firstContractTeam: 6 + FIRST_VALIDATORS + USER_COUNT + LATER_VALIDATORS,
  /** The authz grantee that burns for Premium buyers who granted it (index 357). */
  premiumApp: 18 + FIRST_VALIDATORS + USER_COUNT + LATER_VALIDATORS,
  /** Confirms and cancels stake moves (index 358). */
  stakingAuthority: 19 + FIRST_VALIDATORS + USER_COUNT + LATER_VALIDATORS,
} as const;

/** The programme's weekly leader bonus unless DevnetOptions say otherwise: 100,000 AXM. */
export const DEFAULT_LEADER_BONUS_WEEKLY = 100_000n * MICRO;

/** The leader-bonus wallet (index 341) and the weekly amount, without building a devnet: what an explorer is configured with. */
export function devnetLeaderBonus(weekly = DEFAULT_LEADER_BONUS_WEEKLY): { wallet: string; weekly: bigint } {
  return { wallet: deriveAccounts(ACCOUNT_INDEX.leaderBonusWallet + 1)[ACCOUNT_INDEX.leaderBonusWallet].address, weekly };
}
