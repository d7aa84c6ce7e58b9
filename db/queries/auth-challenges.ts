// Sign-in challenges: saved with their address and expiry, and deleted by the one verification that uses them.
import type { Database } from "../connection.ts";

export type ChallengeState = "fresh" | "expired" | "unknown";

/** Saves a new challenge; expired ones of anyone are swept in the same statement. */
export async function saveChallenge(db: Database, challenge: string, address: string, expiresAt: Date): Promise<void> {
  await db.query(
    `with swept as (delete from auth_challenges where expires_at < now())
     insert into auth_challenges (challenge, address, expires_at) values ($1, $2, $3)`,
    [challenge, address, expiresAt],
  );
}

/** Uses up the challenge issued to the address: fresh once; expired when its time passed; unknown when never issued or used already. */
export async function consumeChallenge(db: Database, challenge: string, address: string): Promise<ChallengeState> {
  const rows = await db.query<{ fresh: boolean }>("delete from auth_challenges where challenge = $1 and address = $2 returning expires_at > now() as fresh", [
    challenge,
    address,
  ]);
  if (rows.length === 0) return "unknown";
  return rows[0].fresh ? "fresh" : "expired";
}
