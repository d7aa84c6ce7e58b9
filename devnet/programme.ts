// The product's partnership programme, run off chain as its operator would (Premium from burns, KPI, the Saturday leader bonus as plain transfers): not chain state.
import type { ChainState } from "./state.ts";
import type { TxMessage } from "./handlers.ts";
import { nearestAncestors } from "./referral.ts";
import { explorerStatus } from "../core/partnership-status.ts";
import { LEADER } from "../core/partnership-status.ts";
import { kpiAmount, kpiLevel } from "../core/partnership-kpi.ts";
import { leaderBonusPayout } from "../core/partnership-bonus.ts";
import { nextPayoutMs } from "../core/partnership-countdown.ts";
import { isPremium, isPremiumPurchase, premiumExpiryAfterPurchase, PREMIUM } from "../core/partnership-premium.ts";
import { MICRO } from "../core/amount.ts";

/** The programme's depth: a delegation counts in the KPI of its 14 nearest ancestors. */
const KPI_LEVELS = 14;
/** Left in the wallet for the payouts' fees. */
const FEE_RESERVE = 10n * MICRO;
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const DELEGATE = "/axiome.staking.v1beta1.MsgDelegate";
const EXEC = "/cosmos.authz.v1beta1.MsgExec";

export class Programme {
  readonly wallet: string;
  readonly weekly: bigint;
  /** Premium expiry (ms) by account. */
  readonly premiumUntil = new Map<string, number>();
  /** leader → first-line branch → uaxm newly delegated in that branch since the last payout. */
  private readonly branches = new Map<string, Map<string, bigint>>();
  /** Chain time of the next payout (0 until the first block). */
  private nextPayout = 0;

  constructor(wallet: string, weekly: bigint) {
    this.wallet = wallet;
    this.weekly = weekly;
  }

  /** Reads a successful transaction's messages (and those a MsgExec ran) as the programme's indexer would. */
  observe(state: ChainState, messages: TxMessage[]): void {
    for (const { typeUrl, value } of messages) {
      if (typeUrl === EXEC) this.observe(state, value.msgs as TxMessage[]);
      else if (typeUrl === DELEGATE) this.countDelegation(state, value.delegatorAddress, BigInt(value.amount.amount));
      else if (typeUrl === PREMIUM.typeUrl) this.countBurn(state, value.fromAddress, value.amount as { denom: string; amount: string }[]);
    }
  }

  /** Each 14 nearest ancestor counts the delegation in the first-line branch it came through. */
  private countDelegation(state: ChainState, delegator: string, amount: bigint): void {
    const ancestors = nearestAncestors(state, delegator, KPI_LEVELS);
    ancestors.forEach((leader, i) => {
      const branch = i === 0 ? delegator : ancestors[i - 1];
      const byBranch = this.branches.get(leader) ?? new Map<string, bigint>();
      this.branches.set(leader, byBranch);
      byBranch.set(branch, (byBranch.get(branch) ?? 0n) + amount);
    });
  }

  private countBurn(state: ChainState, from: string, coins: { denom: string; amount: string }[]): void {
    const burned = coins.filter((c) => c.denom === "uaxm").reduce((sum, c) => sum + BigInt(c.amount), 0n);
    if (isPremiumPurchase(PREMIUM.typeUrl, burned)) this.premiumUntil.set(from, premiumExpiryAfterPurchase(this.premiumUntil.get(from), state.timeMs));
  }

  kpi(address: string): bigint {
    return kpiAmount([...(this.branches.get(address)?.values() ?? [])]);
  }

  /**
   * At the first block at or after Saturday 09:00 UTC of chain time: the week's pool (at most the wallet's balance) for
   * Premium leaders by the level their KPI completed (core leaderBonusPayout), as MsgSends from the wallet; then every
   * KPI starts over.
   */
  duePayouts(state: ChainState): TxMessage[] {
    // The genesis time is only known once the first block is made (real clock).
    if (this.nextPayout === 0) this.nextPayout = nextPayoutMs(state.timeMs - 1);
    if (state.timeMs < this.nextPayout) return [];
    const available = state.balance(this.wallet) - FEE_RESERVE;
    const pool = this.weekly < available ? this.weekly : available > 0n ? available : 0n;
    const payout = leaderBonusPayout(pool, this.candidates(state));
    this.branches.clear();
    this.nextPayout = nextPayoutMs(state.timeMs);
    return [...payout].map(([to, amount]) => ({
      typeUrl: SEND,
      value: { fromAddress: this.wallet, toAddress: to, amount: [{ denom: "uaxm", amount: amount.toString() }] },
    }));
  }

  private candidates(state: ChainState): { address: string; status: ReturnType<typeof kpiLevel>; kpi: bigint }[] {
    return state.referral
      .addresses()
      .map((address) => ({ address, status: explorerStatus(state.referral.get(address)!.status), kpi: this.kpi(address) }))
      .filter((c) => c.status >= LEADER && isPremium(this.premiumUntil.get(c.address), state.timeMs))
      .map((c) => ({ ...c, status: kpiLevel(c.status, c.kpi) }))
      .filter((c) => c.status >= LEADER);
  }
}
