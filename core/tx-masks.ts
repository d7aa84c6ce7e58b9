// The mask each row of an address's transaction list carries (migration 028): a bit per message type and a bit per
// result, so a list filtered by type or status is walked in its index alone. Migration 028's tx_mask() is the same in SQL.

/** How many message types get a bit of their own (tx_types.bit 0–59), in the order the chain first carries them. */
export const TYPE_BITS = 60;
/** The transaction succeeded (code 0). */
export const SUCCEEDED = 1n << 60n;
/** The transaction failed (a code other than 0); a transaction without a result has neither bit. */
export const FAILED = 1n << 61n;
/** One of its types has no bit of its own. */
export const OTHER_TYPE = 1n << 62n;

/** A transaction's mask from its types (each type's bit, null for one without) and its result code. */
export function txMask(types: string[], code: number | null, bitOf: (type: string) => number | null): bigint {
  let mask = code === 0 ? SUCCEEDED : code === null ? 0n : FAILED;
  for (const type of types) {
    const bit = bitOf(type);
    mask |= bit === null ? OTHER_TYPE : 1n << BigInt(bit);
  }
  return mask;
}

/** The bit a status filter (0 success, 1 failed, 2 all) asks for, or null for all. */
export function statusBit(status: 0 | 1 | 2): bigint | null {
  return status === 0 ? SUCCEEDED : status === 1 ? FAILED : null;
}
