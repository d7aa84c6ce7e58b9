// Fast secp256k1 signing for the devnet's own workload transactions.
import { createHash } from "node:crypto";
import { Secp256k1 } from "@cosmjs/crypto";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = N >> 1n;

/**
 * Valid ECDSA needs r = (kG).x and s = k⁻¹(z + r·d); computing kG is what costs ~1 ms in pure JS.
 * Drawing k from a small fixed pool makes signing a few bigint multiplications. Reusing nonces
 * would leak the private keys of a real chain; the devnet's keys are public anyway (DEVNET_MNEMONIC),
 * and every signature still verifies with any standard verifier.
 */
interface Nonce {
  r: bigint;
  kInverse: bigint;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

function bigintOf(bytes: Uint8Array): bigint {
  return BigInt("0x" + Buffer.from(bytes).toString("hex"));
}

function makeNonces(count: number): Nonce[] {
  const nonces: Nonce[] = [];
  for (let i = 0; i < count; i++) {
    const k = (bigintOf(createHash("sha256").update(`devnet-nonce-${i}`).digest()) % (N - 1n)) + 1n;
    const point = Secp256k1.makeKeypair(Buffer.from(k.toString(16).padStart(64, "0"), "hex")).pubkey;
    nonces.push({ r: bigintOf(point.subarray(1, 33)) % N, kInverse: modPow(k, N - 2n, N) });
  }
  return nonces;
}

let pool: Nonce[] | undefined;

/** A 64-byte (r‖s, low-S) signature of a 32-byte hash, as Cosmos SIGN_MODE_DIRECT expects. */
export function signHash(hash: Uint8Array, secret: bigint): Uint8Array {
  pool ??= makeNonces(16);
  const z = bigintOf(hash);
  for (let attempt = 0; attempt < pool.length; attempt++) {
    const { r, kInverse } = pool[(hash[0] + attempt) % pool.length];
    let s = (kInverse * ((z + r * secret) % N)) % N;
    if (s === 0n) continue;
    if (s > HALF_N) s = N - s;
    return Buffer.from(r.toString(16).padStart(64, "0") + s.toString(16).padStart(64, "0"), "hex");
  }
  throw new Error("no usable nonce");
}
