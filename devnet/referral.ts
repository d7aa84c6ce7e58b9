// Referral (partnership) programme: registration, statuses and partner rewards paid up the tree.
import type { ChainState } from "./state.ts";
import { type EventSink, coins, quoted } from "./events.ts";
import { send, burn } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { referralAlreadyRegistered, referrerNotRegistered, referralNeedsDelegation } from "./errors.ts";

// Plain data (CHAIN.md, SPEC.md §6/§9) so it can move to core/ unchanged.

/** Partner reward per level 1..14, in basis points of the reward: 5%, 1%, 2%, ... 0.1% (15% in all). */
export const LEVEL_SHARES_BP: readonly number[] = [500, 100, 200, 100, 100, 100, 100, 100, 70, 50, 30, 20, 20, 10];

/** Deepest level each explorer status (0 none .. 7 Mega) unlocks. */
export const LEVELS_UNLOCKED_BY_STATUS: readonly number[] = [0, 2, 4, 6, 8, 10, 12, 14];

export const STARTER_SELF_DELEGATION = 100_000_000n;
export const REGISTRATION_MIN_DELEGATION = 1_000_000n;
export const MAX_LEVELS = LEVEL_SHARES_BP.length;

export const REFERRAL_REGISTERED_EVENT = "axiome.referral.v1beta1.EventReferralRegistered";

export function isRegistered(state: ChainState, address: string, root: string): boolean {
  return address === root || state.referrers.has(address);
}

/** Explorer status number; the devnet only knows Starter so far (self-delegation >= 100 AXM). */
export function statusOf(state: ChainState, address: string): number {
  return (state.delegatedBy.get(address) ?? 0n) >= STARTER_SELF_DELEGATION ? 1 : 0;
}

/** Ancestors from level 1 (the referrer) up to `max` levels. */
export function ancestorsOf(state: ChainState, address: string, max = MAX_LEVELS): string[] {
  const chain: string[] = [];
  let current = state.referrers.get(address);
  while (current && chain.length < max) {
    chain.push(current);
    current = state.referrers.get(current);
  }
  return chain;
}

export function register(state: ChainState, sink: EventSink, root: string, referral: string, referrer: string): void {
  if (isRegistered(state, referral, root)) throw referralAlreadyRegistered(referral);
  if (!isRegistered(state, referrer, root) || referrer === referral) throw referrerNotRegistered(referrer);
  if ((state.delegatedBy.get(referral) ?? 0n) < REGISTRATION_MIN_DELEGATION) throw referralNeedsDelegation(referral);
  state.setReferrer(referral, referrer);
  sink.emit(REFERRAL_REGISTERED_EVENT, { referral: quoted(referral), referrer: quoted(referrer) });
}

export interface PartnerShare {
  ancestor: string;
  amount: bigint;
  /** False when the ancestor's status does not unlock the level: the share is burned. */
  unlocked: boolean;
}

/** Each ancestor's share of a withdrawn reward (zero shares left out). */
export function partnerShares(state: ChainState, delegator: string, reward: bigint): PartnerShare[] {
  const shares: PartnerShare[] = [];
  ancestorsOf(state, delegator).forEach((ancestor, i) => {
    const amount = (reward * BigInt(LEVEL_SHARES_BP[i])) / 10_000n;
    if (amount > 0n) shares.push({ ancestor, amount, unlocked: i + 1 <= LEVELS_UNLOCKED_BY_STATUS[statusOf(state, ancestor)] });
  });
  return shares;
}

/** Pays unlocked shares from the distribution module with a ref_fee event each; burns the rest. */
export function payPartnerShares(state: ChainState, sink: EventSink, delegator: string, shares: PartnerShare[]): void {
  let burned = 0n;
  for (const { ancestor, amount, unlocked } of shares) {
    if (!unlocked) {
      burned += amount;
      continue;
    }
    send(state, sink, MODULE.distribution, ancestor, amount);
    sink.emit("ref_fee", { amount: coins(amount), from: delegator, to: ancestor });
  }
  burn(state, sink, MODULE.distribution, burned);
}
