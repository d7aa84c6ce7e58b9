// The address lists as the migrations before 045 read them, keyed by the address itself: so that a backfill of such a
// migration runs again on today's schema and is compared with what the indexer wrote.
import type { Database } from "../../db/connection.ts";

/** Runs `statements` in one transaction that sees address_txs as before migration 045 (a temporary view over it). */
export async function runWithListsByAddress(db: Database, statements: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ schema }] = await tx.query<{ schema: string }>("select current_schema() as schema");
    await tx.exec(
      `create temporary view address_txs as
       select c.address, l.n, l.seq, l.mask from "${schema}".address_txs l join "${schema}".accounts c on c.id = l.account`,
    );
    for (const statement of statements) await tx.exec(statement);
    await tx.exec("drop view pg_temp.address_txs");
  });
}
