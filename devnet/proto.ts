// Protobuf writing helpers for the answers the devnet encodes by hand with cosmjs-types' BinaryWriter.
import { BinaryWriter } from "cosmjs-types/binary";

/** A uint64 varint: BinaryWriter.uint64 writes 2^31..2^32 - 1 as 0 (a sign slip in its low word), uint32 writes those right. */
export function uint64(w: BinaryWriter, value: bigint | number): BinaryWriter {
  return BigInt(value) < 2n ** 32n ? w.uint32(Number(value)) : w.uint64(BigInt(value));
}

/** A field of a message: tag, then the message's bytes. */
export function messageField(w: BinaryWriter, field: number, bytes: Uint8Array): BinaryWriter {
  return w.uint32((field << 3) | 2).bytes(bytes);
}

/** google.protobuf.Timestamp of a time in ms. */
export function timestampBytes(ms: number): Uint8Array {
  const w = BinaryWriter.create();
  const seconds = Math.floor(ms / 1000);
  const nanos = (ms - seconds * 1000) * 1_000_000;
  if (seconds !== 0) w.uint32(8).int64(seconds);
  if (nanos !== 0) w.uint32(16).int32(nanos);
  return w.finish();
}
