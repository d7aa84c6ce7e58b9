// Premium (SPEC.md §1/§9, CHAIN.md): which burn buys it, and the expiry a purchase gives.
import { MICRO } from "./amount.ts";

export interface PremiumConfig {
  /** The message whose burn counts as a purchase. */
  typeUrl: string;
  /** uaxm a purchase burns at least. */
  price: bigint;
  durationMs: number;
}

export const PREMIUM: PremiumConfig = {
  typeUrl: "/axiome.referral.v1beta1.MsgBurnPartnerFee",
  price: 50n * MICRO,
  durationMs: 365 * 24 * 3600 * 1000,
};

export function isPremiumPurchase(typeUrl: string, burned: bigint, config: PremiumConfig = PREMIUM): boolean {
  return typeUrl === config.typeUrl && burned >= config.price;
}

/** A purchase gives a year from now, or extends an unexpired Premium by a year. */
export function premiumExpiryAfterPurchase(currentExpiryMs: number | undefined, nowMs: number, config: PremiumConfig = PREMIUM): number {
  const from = currentExpiryMs !== undefined && currentExpiryMs > nowMs ? currentExpiryMs : nowMs;
  return from + config.durationMs;
}

export function isPremium(expiryMs: number | undefined, nowMs: number): boolean {
  return expiryMs !== undefined && expiryMs > nowMs;
}
