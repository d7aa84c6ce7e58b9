// Deterministic pseudo-random numbers for the devnet: the same seed always builds the same chain.
import { createHash } from "node:crypto";

/** sfc32 seeded from SHA-256(seed/label): fast, and independent streams per label. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string, label = "") {
    const h = createHash("sha256").update(`${seed}/${label}`).digest();
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a |= 0;
    this.b |= 0;
    this.c |= 0;
    this.d |= 0;
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** An amount in [min, max] micro units, spread log-uniformly so small and large both occur. */
  amount(min: bigint, max: bigint): bigint {
    const lo = Math.log(Number(min));
    const hi = Math.log(Number(max));
    const value = BigInt(Math.round(Math.exp(lo + this.next() * (hi - lo))));
    return value < min ? min : value > max ? max : value;
  }
}
