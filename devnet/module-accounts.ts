// Module account addresses of axm-node (app/app.yaml; there is no x/mint), derived as the SDK does: address.Module(name) = sha256(name)[:20].
import { moduleAddress } from "../core/module-accounts.ts";

/**
 * The authority of every module (app.yaml `authority: vote`): the vote module's address, which only an accepted proposal
 * acts as. Not a module account the devnet creates: nothing sends it coins, and the chain creates it only when used.
 */
export const VOTE_AUTHORITY = moduleAddress("vote");

export const MODULE = {
  feeCollector: moduleAddress("fee_collector"),
  bondedPool: moduleAddress("bonded_tokens_pool"),
  notBondedPool: moduleAddress("not_bonded_tokens_pool"),
  distribution: moduleAddress("distribution"),
  referral: moduleAddress("referral"),
} as const;
