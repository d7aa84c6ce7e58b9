// The devnet's keys: one published mnemonic for every account, and seed-derived validator consensus keys.
import { createHmac, pbkdf2Sync, createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { Secp256k1, ripemd160 } from "@cosmjs/crypto";
import { bytesToAccount } from "../core/address.ts";

/**
 * Public on purpose: anyone (tests, the faucet, a wallet) can sign for any devnet account with it.
 * Accounts are m/44'/118'/0'/0/i: 0 faucet, 1 referral root, then validator operators, then users.
 */
export const DEVNET_MNEMONIC =
  "coin master mouse hour help capital airport exhibit prepare talent arrow twist lunch march shock always shadow submit maximum athlete junior artwork capital candy";

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export interface AccountKey {
  index: number;
  address: string;
  privkey: Uint8Array;
  /** 33-byte compressed secp256k1 public key. */
  pubkey: Uint8Array;
  /** The private key as a number, kept for the fast signer. */
  secret: bigint;
}

interface ExtendedKey {
  key: bigint;
  chainCode: Buffer;
}

function toBytes32(value: bigint): Buffer {
  return Buffer.from(value.toString(16).padStart(64, "0"), "hex");
}

function compressedPubkey(secret: bigint): Uint8Array {
  return Secp256k1.compressPubkey(Secp256k1.makeKeypair(toBytes32(secret)).pubkey);
}

function childKey(parent: ExtendedKey, index: number, hardened: boolean, parentPubkey?: Uint8Array): ExtendedKey {
  const data = Buffer.alloc(37);
  if (hardened) toBytes32(parent.key).copy(data, 1);
  else Buffer.from(parentPubkey ?? compressedPubkey(parent.key)).copy(data, 0);
  data.writeUInt32BE(hardened ? index + 0x80000000 : index, 33);
  const digest = createHmac("sha512", parent.chainCode).update(data).digest();
  const key = (BigInt("0x" + digest.subarray(0, 32).toString("hex")) + parent.key) % CURVE_ORDER;
  return { key, chainCode: digest.subarray(32) };
}

/** The BIP32 node m/44'/118'/0'/0, from which every account is one cheap child step. */
function accountParent(mnemonic: string): ExtendedKey {
  // Node's PBKDF2 is native; the JS one takes most of a second for 2048 rounds.
  const seed = pbkdf2Sync(mnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
  const master = createHmac("sha512", "Bitcoin seed").update(seed).digest();
  let node: ExtendedKey = { key: BigInt("0x" + master.subarray(0, 32).toString("hex")), chainCode: master.subarray(32) };
  for (const index of [44, 118, 0]) node = childKey(node, index, true);
  return childKey(node, 0, false);
}

export function addressOfPubkey(pubkey: Uint8Array): string {
  return bytesToAccount(ripemd160(createHash("sha256").update(pubkey).digest()));
}

/** Derives accounts 0..count-1 (standard BIP32, so cosmjs wallets on the same mnemonic agree). */
export function deriveAccounts(count: number, mnemonic = DEVNET_MNEMONIC): AccountKey[] {
  const parent = accountParent(mnemonic);
  const parentPubkey = compressedPubkey(parent.key);
  const keys: AccountKey[] = [];
  for (let index = 0; index < count; index++) {
    const { key } = childKey(parent, index, false, parentPubkey);
    const pubkey = compressedPubkey(key);
    keys.push({ index, address: addressOfPubkey(pubkey), privkey: toBytes32(key), pubkey, secret: key });
  }
  return keys;
}

export interface ConsensusKey {
  /** 32-byte ed25519 public key. */
  pubkey: Uint8Array;
  /** Upper-case hex of sha256(pubkey)[:20], as CometBFT names validators. */
  addressHex: string;
  /** Node key object for signing votes (native ed25519 is fast and deterministic); absent when the devnet runs no node for the key. */
  signingKey?: KeyObject;
}

const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** Ed25519 key from sha256(seed + i), as Ed25519.makeKeypair would derive it, but synchronously. */
export function consensusKey(seed: string, index: number): ConsensusKey {
  const privkey = createHash("sha256").update(`${seed}${index}`).digest();
  const signingKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, privkey]), format: "der", type: "pkcs8" });
  const jwk = createPublicKey(signingKey).export({ format: "jwk" });
  return { ...publicConsensusKey(Buffer.from(jwk.x as string, "base64url")), signingKey };
}

/** A consensus key known only by its public half, addressed as sha256(pubkey)[:20]. */
export function publicConsensusKey(pubkey: Uint8Array): ConsensusKey {
  const addressHex = createHash("sha256").update(pubkey).digest().subarray(0, 20).toString("hex").toUpperCase();
  return { pubkey, addressHex };
}
