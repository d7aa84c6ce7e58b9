// The stretches of transaction sequence numbers that type_set_buckets counts in (migration 031, whose `seq >> 8` is
// the same): the indexer writes a type set's running counts at each stretch's end, the transaction lists read them.

/** A sequence number's bits below its stretch: a stretch holds 256 sequence numbers. */
export const STRETCH_BITS = 8;
export const STRETCH_SEQS = 1 << STRETCH_BITS;

/** The stretch a sequence number lies in (type_set_buckets.bucket). */
export function stretchOf(seq: number): number {
  return Math.floor(seq / STRETCH_SEQS);
}
