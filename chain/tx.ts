// Decoding of a block's raw transactions (TxRaw bytes) into hash, messages, fee and signers, and into the whole transaction as JSON.
import { TxRaw, TxBody, AuthInfo } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { SignerInfo } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { createHash } from "node:crypto";
import { toBase64, toHex, toUtf8 } from "@cosmjs/encoding";
import { bytesToAccount, decodeBech32 } from "../core/address.ts";
import { SIGNER_FIELDS } from "../core/message-fields.ts";
import { decodeMessage, toRestJson } from "./messages.ts";
import type { DecodedMessage, DecodedTx, TxJson } from "./types.ts";

/** Upper-case hex SHA-256 of the bytes, as CometBFT names a transaction. */
export function txHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").toUpperCase();
}

/** Decodes a TxRaw; never throws, so one odd transaction cannot stop a block from being indexed. */
export function decodeTx(bytes: Uint8Array): DecodedTx {
  const hash = txHash(bytes);
  try {
    const raw = unwrapBlobTx(TxRaw.decode(bytes));
    const body = TxBody.decode(raw.bodyBytes);
    const authInfo = AuthInfo.decode(raw.authInfoBytes);
    const messages = body.messages.map((any) => decodeMessage(any.typeUrl, any.value));
    return {
      hash,
      ok: true,
      memo: body.memo,
      messages,
      fee: (authInfo.fee?.amount ?? []).map(({ denom, amount }) => ({ denom, amount })),
      gasLimit: (authInfo.fee?.gasLimit ?? 0n).toString(),
      signers: signersOf(authInfo.signerInfos, messages),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { hash, ok: false, memo: "", messages: [], fee: [], gasLimit: "0", signers: [], error: reason };
  }
}

/**
 * The whole transaction as the node's REST API writes it (cosmos.tx.v1beta1.Tx in proto JSON names): the body with its
 * messages decoded as on the Message tab, the auth info with its signer infos (public keys unpacked) and fee, and the
 * signatures in base64. Throws on bytes that are not a transaction.
 */
export function decodeTxJson(bytes: Uint8Array): TxJson {
  const raw = unwrapBlobTx(TxRaw.decode(bytes));
  const body = TxBody.decode(raw.bodyBytes);
  const anyJson = (any: { typeUrl: string; value: Uint8Array }) => decodeMessage(any.typeUrl, any.value).json;
  return {
    body: {
      messages: body.messages.map(anyJson),
      memo: body.memo,
      timeout_height: body.timeoutHeight.toString(),
      extension_options: body.extensionOptions.map(anyJson),
      non_critical_extension_options: body.nonCriticalExtensionOptions.map(anyJson),
    },
    auth_info: toRestJson(AuthInfo.toJSON(AuthInfo.decode(raw.authInfoBytes))) as TxJson["auth_info"],
    signatures: raw.signatures.map(toBase64),
  };
}

const BLOB_TYPE_ID = toHex(toUtf8("BLOB"));

/**
 * Celestia wraps pay-for-blob transactions in a BlobTx {1 tx, 2 blobs, 3 type_id "BLOB"}, which
 * parses as a TxRaw whose only "signature" is "BLOB" and whose "body" is the real TxRaw.
 */
function unwrapBlobTx(raw: TxRaw): TxRaw {
  // The length first: a real signature (64 bytes) is never turned into hex just to be told apart from "BLOB".
  const isBlobTx = raw.signatures.length === 1 && raw.signatures[0].length === 4 && toHex(raw.signatures[0]) === BLOB_TYPE_ID;
  return isBlobTx ? TxRaw.decode(raw.bodyBytes) : raw;
}

function signersOf(signerInfos: SignerInfo[], messages: DecodedMessage[]): string[] {
  const fromKeys = signerInfos.map((info) => addressOfPublicKey(info.publicKey?.typeUrl, info.publicKey?.value));
  const signers = fromKeys.filter((address): address is string => address !== null);
  if (signers.length === 0) {
    const fallback = messageSigner(messages[0]?.json);
    if (fallback) signers.push(fallback);
  }
  return [...new Set(signers)];
}

// Node's native hashing: the indexer hashes every transaction and key, and the pure-JS hashes dominated decoding.
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();
const ripemd160 = (bytes: Uint8Array) => createHash("ripemd160").update(bytes).digest();

// The same few thousand keys sign again and again: remember what each one's address is.
const addressByKey = new Map<string, string | null>();
const KEY_CACHE_LIMIT = 100_000;

/** The account address a public key stands for, re-encoded with our prefix; null if not derivable here. */
function addressOfPublicKey(typeUrl: string | undefined, value: Uint8Array | undefined): string | null {
  if (!value) return null;
  const key = `${typeUrl}:${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64")}`;
  let address = addressByKey.get(key);
  if (address === undefined) {
    address = deriveAddress(typeUrl, value);
    if (addressByKey.size >= KEY_CACHE_LIMIT) addressByKey.clear();
    addressByKey.set(key, address);
  }
  return address;
}

/** A validator's consensus address as CometBFT writes it (upper-case hex): the first 20 bytes of its ed25519 key's SHA-256. */
export function consensusAddressOfKey(ed25519Key: Uint8Array): string {
  return sha256(ed25519Key).subarray(0, 20).toString("hex").toUpperCase();
}

function deriveAddress(typeUrl: string | undefined, value: Uint8Array): string | null {
  if (typeUrl === "/cosmos.crypto.secp256k1.PubKey") return bytesToAccount(ripemd160(sha256(Secp256k1PubKey.decode(value).key)));
  if (typeUrl === "/cosmos.crypto.ed25519.PubKey") return bytesToAccount(sha256(Ed25519PubKey.decode(value).key).subarray(0, 20));
  return null;
}

/** The message's signer as an account address (any bech32 prefix re-encoded with ours). */
function messageSigner(json: Record<string, unknown> | undefined): string | null {
  if (!json) return null;
  for (const field of SIGNER_FIELDS) {
    const value = json[field];
    const decoded = typeof value === "string" ? decodeBech32(value) : null;
    if (decoded) return bytesToAccount(decoded.data);
  }
  return null;
}
