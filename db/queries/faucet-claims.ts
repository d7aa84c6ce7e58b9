// Faucet payouts remembered for 24 hours per address and per client, claimed atomically so concurrent requests pay once.
import type { Database } from "../connection.ts";

export interface FaucetClaim {
  address: string;
  client: string;
}

class AlreadyClaimed extends Error {}

/**
 * Claims a payout for the address and the client together, or for neither when either had one in the last 24 hours.
 * A concurrent claim of the same row waits for this transaction, then sees its fresh time and claims nothing.
 */
export async function claimFaucet(db: Database, claim: FaucetClaim): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx.query(
        `insert into faucet_claims (kind, claimant, claimed_at) values ('address', $1, now()), ('client', $2, now())
         on conflict (kind, claimant) do update set claimed_at = excluded.claimed_at
         where faucet_claims.claimed_at <= now() - interval '24 hours'
         returning kind`,
        [claim.address, claim.client],
      );
      if (rows.length < 2) throw new AlreadyClaimed();
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyClaimed) return false;
    throw error;
  }
}

/** Forgets a claim whose payout failed, so the address and the client may ask again at once. */
export async function releaseFaucetClaim(db: Database, claim: FaucetClaim): Promise<void> {
  await db.query("delete from faucet_claims where (kind = 'address' and claimant = $1) or (kind = 'client' and claimant = $2)", [claim.address, claim.client]);
}
