// Module account addresses, derived the way the Cosmos SDK does: address.Module(name) = sha256(name)[:20].
import { createHash } from "node:crypto";
import { bytesToAccount } from "../core/address.ts";

export function moduleAddress(name: string): string {
  return bytesToAccount(createHash("sha256").update(name).digest().subarray(0, 20));
}

export const MODULE = {
  feeCollector: moduleAddress("fee_collector"),
  bondedPool: moduleAddress("bonded_tokens_pool"),
  notBondedPool: moduleAddress("not_bonded_tokens_pool"),
  distribution: moduleAddress("distribution"),
  mint: moduleAddress("mint"),
  referral: moduleAddress("referral"),
} as const;

export const MODULE_ADDRESSES: ReadonlySet<string> = new Set(Object.values(MODULE));
