// Faucet payouts remembered for 24 hours per address and per client, claimed atomically so concurrent requests pay once.
import type { Database } from "../connection.ts";

export interface FaucetClaim {
  address: string;
  client: string;
}

/** A claim made, or the limit that refused it: the address was paid, else the client was (for another address). */
export type ClaimOutcome = { claimed: true } | { claimed: false; limit: "address" | "client" };

class AlreadyClaimed extends Error {
  constructor(readonly limit: "address" | "client") {
    super(`faucet already claimed by this ${limit}`);
  }
}

/**
 * Claims a payout for the address and the client together, or for neither when either had one in the last 24 hours.
 * A concurrent claim of the same row waits for this transaction, then sees its fresh time and claims nothing.
 */
export async function claimFaucet(db: Database, claim: FaucetClaim): Promise<ClaimOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx.query<{ kind: string }>(
        `insert into faucet_claims (kind, claimant, claimed_at) values ('address', $1, now()), ('client', $2, now())
         on conflict (kind, claimant) do update set claimed_at = excluded.claimed_at
         where faucet_claims.claimed_at <= now() - interval '24 hours'
         returning kind`,
        [claim.address, claim.client],
      );
      // The address's own limit is named first: a client that paid this very address was refused for the address.
      if (!rows.some((row) => row.kind === "address")) throw new AlreadyClaimed("address");
      if (!rows.some((row) => row.kind === "client")) throw new AlreadyClaimed("client");
      return { claimed: true };
    });
  } catch (error) {
    if (error instanceof AlreadyClaimed) return { claimed: false, limit: error.limit };
    throw error;
  }
}

/** Forgets a claim whose payout failed, so the address and the client may ask again at once. */
export async function releaseFaucetClaim(db: Database, claim: FaucetClaim): Promise<void> {
  await db.query("delete from faucet_claims where (kind = 'address' and claimant = $1) or (kind = 'client' and claimant = $2)", [claim.address, claim.client]);
}
