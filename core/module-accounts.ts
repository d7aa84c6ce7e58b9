// The module accounts of axm-node (app/app.yaml's module_account_permissions), whose addresses are derived as the SDK's
// address.Module(name) = sha256(name)[:20]: the explorer names them wherever it lists accounts.
import { sha256 } from "@cosmjs/crypto";
import { bytesToAccount } from "./address.ts";

export function moduleAddress(name: string): string {
  return bytesToAccount(sha256(new TextEncoder().encode(name)).subarray(0, 20));
}

/** The module names of app.yaml, in its order. */
export const MODULE_NAMES = ["fee_collector", "distribution", "bonded_tokens_pool", "not_bonded_tokens_pool", "referral", "vote"] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

const BY_ADDRESS = new Map<string, ModuleName>(MODULE_NAMES.map((name) => [moduleAddress(name), name]));

/** The module an address belongs to, or null for an address of a key or a contract. */
export function moduleOf(address: string): ModuleName | null {
  return BY_ADDRESS.get(address) ?? null;
}
