// The stretches of transaction sequence numbers that type_set_buckets counts in (migration 031, whose `seq >> 8` is
// the same): the indexer writes a type set's running counts at each stretch's end, the transaction lists read them.

/** A sequence number's bits below its stretch: a stretch holds 256 sequence numbers. */
export const STRETCH_BITS = 8;
export const STRETCH_SEQS = 1 << STRETCH_BITS;

/** The stretch a sequence number lies in (type_set_buckets.bucket). */
export function stretchOf(seq: number): number {
  return Math.floor(seq / STRETCH_SEQS);
}

/**
 * An address's list (address_txs, numbered n = 1, 2, … per address) is cut into stretches of 4,096 numbers
 * (address_mask_stretches.stretch = n >> 12, migration 037): the counts per stretch let a deep page of the address's
 * filtered list start its walk in the stretch it falls in.
 */
export const ADDRESS_STRETCH_BITS = 12;
export const ADDRESS_STRETCH_ROWS = 1 << ADDRESS_STRETCH_BITS;

/** The stretch of an address's list its transaction number `n` lies in; the first (0) is not counted. */
export function addressStretchOf(n: number): number {
  return Math.floor(n / ADDRESS_STRETCH_ROWS);
}
