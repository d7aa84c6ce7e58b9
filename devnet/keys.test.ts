// Keys, signing and module addresses agree with cosmjs and the Cosmos SDK.
import { describe, it, expect } from "vitest";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { makeCosmoshubPath } from "@cosmjs/amino";
import { Ed25519, Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { deriveAccounts, consensusKey, DEVNET_MNEMONIC } from "./keys.ts";
import { signHash } from "./signer.ts";
import { MODULE } from "./module-accounts.ts";

describe("devnet keys", () => {
  it("derives the same accounts as a cosmjs HD wallet on the devnet mnemonic", async () => {
    const indexes = [0, 1, 7, 338];
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEVNET_MNEMONIC, { prefix: "axm", hdPaths: indexes.map((i) => makeCosmoshubPath(i)) });
    const expected = (await wallet.getAccounts()).map((a) => ({ address: a.address, pubkey: Buffer.from(a.pubkey).toString("hex") }));
    const keys = deriveAccounts(339);
    expect(indexes.map((i) => ({ address: keys[i].address, pubkey: Buffer.from(keys[i].pubkey).toString("hex") }))).toEqual(expected);
  });

  it("derives 400 accounts in under 3 seconds", () => {
    const started = Date.now();
    expect(new Set(deriveAccounts(400).map((k) => k.address)).size).toBe(400);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("makes consensus keys like Ed25519.makeKeypair(sha256(seed + i)) and addresses of sha256(pubkey)[:20]", async () => {
    const key = consensusKey("seed", 3);
    const keypair = await Ed25519.makeKeypair(sha256(new TextEncoder().encode("seed3")));
    expect(Buffer.from(key.pubkey).toString("hex")).toBe(Buffer.from(keypair.pubkey).toString("hex"));
    expect(key.addressHex).toBe(Buffer.from(sha256(keypair.pubkey).subarray(0, 20)).toString("hex").toUpperCase());
  });

  it("signs hashes with low-S signatures that a standard verifier accepts", () => {
    const [key] = deriveAccounts(1);
    for (let i = 0; i < 20; i++) {
      const hash = sha256(new Uint8Array([i, 1, 2]));
      const signature = signHash(hash, key.secret);
      expect(signature.length).toBe(64);
      expect(Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), hash, key.pubkey)).toBe(true);
      expect(Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), sha256(hash), key.pubkey)).toBe(false);
    }
  });

  it("derives module accounts as sha256(name)[:20], as the SDK does", () => {
    // The SDK's fee collector; its bytes are the same on every chain (compare inj17xpfvakm2amg962yls6f84z3kell8c5l6s5ye9).
    expect(MODULE.feeCollector).toBe("axm17xpfvakm2amg962yls6f84z3kell8c5ly3he46");
    expect(MODULE.bondedPool.startsWith("axm1fl48vsnmsdzcv85q5d2q4z5ajdha8yu3")).toBe(true);
    expect(MODULE.distribution.startsWith("axm1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8")).toBe(true);
  });
});
