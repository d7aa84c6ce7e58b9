// Sign-in signatures: the ADR-036 sign doc of arbitrary data, as Keplr's and Leap's signArbitrary sign it, checked against the signer's key.
import { makeSignDoc, pubkeyToAddress, encodeSecp256k1Pubkey, serializeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { toBase64, toUtf8 } from "@cosmjs/encoding";
import { ACCOUNT_PREFIX } from "../core/address.ts";

/** The amino sign doc of ADR-036: no chain, account 0, sequence 0, no fee, one sign/MsgSignData carrying the data. */
export function adr036SignDoc(signer: string, data: string): StdSignDoc {
  const message = { type: "sign/MsgSignData", value: { signer, data: toBase64(toUtf8(data)) } };
  return makeSignDoc([message], { gas: "0", amount: [] }, "", "", 0, 0);
}

/** The account address of a 33-byte compressed secp256k1 public key, or null when the bytes are not one. */
export function addressOfPubkey(pubkey: Uint8Array): string | null {
  try {
    return pubkeyToAddress(encodeSecp256k1Pubkey(pubkey), ACCOUNT_PREFIX);
  } catch {
    return null;
  }
}

export interface SignedData {
  signer: string;
  data: string;
  /** 33-byte compressed secp256k1 public key. */
  pubkey: Uint8Array;
  /** 64-byte r‖s signature. */
  signature: Uint8Array;
}

/** True when the key is the signer's and the signature is over the ADR-036 sign doc of the data. */
export function verifyAdr036({ signer, data, pubkey, signature }: SignedData): boolean {
  if (signature.length !== 64 || addressOfPubkey(pubkey) !== signer) return false;
  try {
    const hash = sha256(serializeSignDoc(adr036SignDoc(signer, data)));
    return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), hash, pubkey);
  } catch {
    return false;
  }
}
