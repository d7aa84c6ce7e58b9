// The operations part of a batch: every block's ledger rows, numbered in chain order, keyed by the account's number
// (migration 046), loaded with one COPY.
import { operationSign } from "../core/operations.ts";
import type { Transaction } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import { payoutType, type PayingAccounts } from "./decode-operations.ts";
import { Columns, copyRows } from "./sql-rows.ts";

/** The faucet and the leader-bonus wallet whose payouts the ledger names; absent ones are not configured. */
export type OperationOptions = PayingAccounts;

/** Rows a block may number: seq = height × BLOCK_SPAN + position, so it grows with the chain. */
const BLOCK_SPAN = 1_000_000n;

/**
 * `accountOf` gives the number of each account the batch lists; an entry for an address it does not list, one that is
 * not an AXM address (a failed transaction's malformed recipient), has no page to show on and is left out.
 */
export async function writeOperations(
  tx: Transaction,
  blocks: IndexedBlock[],
  accountOf: (address: string) => number | undefined,
  options: OperationOptions = {},
): Promise<void> {
  const rows = new Columns(11);
  for (const block of blocks) {
    if (BigInt(block.operations.length) > BLOCK_SPAN)
      throw new Error(`block ${block.height} has ${block.operations.length} operations, more than its ${BLOCK_SPAN} sequence numbers`);
    const first = BigInt(block.height) * BLOCK_SPAN;
    block.operations.forEach((op, i) => {
      const account = accountOf(op.address);
      if (account === undefined) return;
      const type = payoutType(op, options);
      rows.push(
        account,
        block.time,
        block.height,
        (first + BigInt(i)).toString(),
        type,
        op.amount,
        op.denom,
        operationSign(type),
        op.txHash,
        op.error,
        JSON.stringify(op.fields),
      );
    });
  }
  await copyRows(tx, "operations (account, time, height, seq, type, amount, denom, s, tx_hash, error, fields)", rows);
}
