// Sign-in by memo transaction: the one-time codes handed out, and the successful self-transfer that carries one.
import { SIGN_IN_MEMO_PREFIX } from "../../core/sign-in.ts";
import type { Database, Queryable } from "../connection.ts";

export interface MemoChallenge {
  memo: string;
  address: string;
  expiresAt: Date;
  expired: boolean;
}

/** Saves a new code for the address; expired codes of anyone are swept in the same statement. */
export async function saveMemoChallenge(db: Database, memo: string, secretHash: string, address: string, expiresAt: Date): Promise<void> {
  await db.query(
    `with swept as (delete from auth_memo_challenges where expires_at < now())
     insert into auth_memo_challenges (memo, secret_hash, address, expires_at) values ($1, $2, $3, $4)`,
    [memo, secretHash, address, expiresAt],
  );
}

/** The code the secret's holder was given, whether or not its time is up; null when unknown or used already. */
export async function memoChallengeOf(db: Database, secretHash: string): Promise<MemoChallenge | null> {
  const rows = await db.query<MemoChallenge>(
    `select memo, address, expires_at as "expiresAt", expires_at <= now() as expired from auth_memo_challenges where secret_hash = $1`,
    [secretHash],
  );
  return rows[0] ?? null;
}

/** Uses the code up: true for the one caller that deleted it (two polls at once cannot both get a token). */
export async function consumeMemoChallenge(db: Database, memo: string): Promise<boolean> {
  const rows = await db.query<{ memo: string }>("delete from auth_memo_challenges where memo = $1 and expires_at > now() returning memo", [memo]);
  return rows.length > 0;
}

/** Forgets a code whose time is up. */
export async function dropMemoChallenge(db: Database, memo: string): Promise<void> {
  await db.query("delete from auth_memo_challenges where memo = $1", [memo]);
}

export type MemoTransfer = "none" | "from-address" | "from-another";

/**
 * Whether a successful transaction carries the memo, and if so whether it is a transfer from the address to itself
 * (every message a MsgSend from the address to the address, the address its only signer) or something else.
 * Found through the partial index: the prefix test in the query lets the planner use it.
 */
export async function memoTransfer(db: Queryable, memo: string, address: string): Promise<MemoTransfer> {
  const rows = await db.query<{ own: boolean }>(
    `select signers = array[$2::text] and types <@ array['/cosmos.bank.v1beta1.MsgSend']::text[]
            and not exists (select 1 from json_array_elements(messages) m
                            where m->>'from_address' is distinct from $2 or m->>'to_address' is distinct from $2) as own
     from transactions where memo = $1 and memo like '${SIGN_IN_MEMO_PREFIX}%' and code = 0`,
    [memo, address],
  );
  if (rows.length === 0) return "none";
  return rows.some((r) => r.own) ? "from-address" : "from-another";
}
