// Tests of TxRaw decoding: hash, messages, fee, signers from public keys, never throwing, and the whole transaction as JSON.
import { describe, expect, it } from "vitest";
import { Secp256k1, sha256 } from "@cosmjs/crypto";
import { encodeSecp256k1Pubkey, pubkeyToAddress } from "@cosmjs/amino";
import { toBase64, toBech32, toHex } from "@cosmjs/encoding";
import { TxRaw, TxBody, AuthInfo } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { encodeMessage } from "./messages.ts";
import { decodeTx, decodeTxJson, txHash } from "./tx.ts";

const A = toBech32("axm", new Uint8Array(20).fill(1));
const B = toBech32("axm", new Uint8Array(20).fill(2));
const coin = { denom: "uaxm", amount: "250" };

async function compressedPubkey(seed: number): Promise<Uint8Array> {
  const keypair = Secp256k1.makeKeypair(new Uint8Array(32).fill(seed));
  return Secp256k1.compressPubkey(keypair.pubkey);
}

function buildTx(messages: Any[], publicKeys: Any[], memo = ""): Uint8Array {
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages, memo })).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: publicKeys.map((publicKey) => ({ publicKey, modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: 3n })),
      fee: { amount: [coin], gasLimit: 200_000n },
    }),
  ).finish();
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: publicKeys.map(() => new Uint8Array(64)) }).finish();
}

const send = encodeMessage("/cosmos.bank.v1beta1.MsgSend", { fromAddress: A, toAddress: B, amount: [coin] });

describe("decodeTx", () => {
  it("decodes hash, memo, fee, gas and messages", async () => {
    const key = await compressedPubkey(1);
    const bytes = buildTx([send], [encodeMessage("/cosmos.crypto.secp256k1.PubKey", { key })], "hello");
    const tx = decodeTx(bytes);
    expect(tx.ok).toBe(true);
    expect(tx.hash).toBe(toHex(sha256(bytes)).toUpperCase());
    expect(tx.hash).toMatch(/^[0-9A-F]{64}$/);
    expect(tx.memo).toBe("hello");
    expect(tx.fee).toEqual([coin]);
    expect(tx.gasLimit).toBe("200000");
    expect(tx.messages.map((m) => [m.typeUrl, m.known])).toEqual([["/cosmos.bank.v1beta1.MsgSend", true]]);
  });

  it("derives each signer's address from its secp256k1 key, once per signer", async () => {
    const keys = [await compressedPubkey(1), await compressedPubkey(2)];
    const publicKeys = [...keys, keys[0]].map((key) => encodeMessage("/cosmos.crypto.secp256k1.PubKey", { key }));
    const expected = keys.map((key) => pubkeyToAddress(encodeSecp256k1Pubkey(key), "axm"));
    expect(decodeTx(buildTx([send], publicKeys)).signers).toEqual(expected);
  });

  it("falls back to the first message's sender when no key can be read", () => {
    const delegate = encodeMessage("/axiome.staking.v1beta1.MsgDelegate", {
      delegatorAddress: B,
      validatorAddress: toBech32("axmvaloper", new Uint8Array(20).fill(3)),
      amount: coin,
    });
    expect(decodeTx(buildTx([delegate], [])).signers).toEqual([B]);
    const ethKey = { typeUrl: "/ethermint.crypto.v1.ethsecp256k1.PubKey", value: new Uint8Array([10, 1, 2]) };
    expect(decodeTx(buildTx([send], [ethKey])).signers).toEqual([A]);
  });

  it("re-encodes another chain's sender with our prefix, as a stable id", () => {
    const cosmosSend = encodeMessage("/cosmos.bank.v1beta1.MsgSend", {
      fromAddress: toBech32("cosmos", new Uint8Array(20).fill(9)),
      toAddress: B,
      amount: [],
    });
    expect(decodeTx(buildTx([cosmosSend], [])).signers).toEqual([toBech32("axm", new Uint8Array(20).fill(9))]);
  });

  it("keeps unknown messages raw inside a decodable transaction", () => {
    const tx = decodeTx(buildTx([{ typeUrl: "/celestia.blob.v1.MsgPayForBlobs", value: new Uint8Array([1]) }], []));
    expect(tx.ok).toBe(true);
    expect(tx.messages[0]).toMatchObject({ known: false, json: { "@type": "/celestia.blob.v1.MsgPayForBlobs", value: "AQ==" } });
  });

  it("never throws on bytes that are not a transaction, and still gives the hash", () => {
    for (const bytes of [new Uint8Array([0xff, 0xff, 0xff]), new Uint8Array([10, 200]), new TextEncoder().encode("async-key=value")]) {
      const tx = decodeTx(bytes);
      expect(tx.hash).toBe(txHash(bytes));
      if (!tx.ok) expect(tx.error).toBeTruthy();
    }
    expect(decodeTx(new Uint8Array([0xff, 0xff, 0xff])).ok).toBe(false);
  });
});

describe("decodeTxJson", () => {
  it("gives the body, the auth info with signer infos and fee, and the signatures, in the node's REST JSON names", async () => {
    const key = await compressedPubkey(1);
    const json = decodeTxJson(buildTx([send], [encodeMessage("/cosmos.crypto.secp256k1.PubKey", { key })], "hello"));
    expect(json).toEqual({
      body: {
        messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: A, to_address: B, amount: [coin] }],
        memo: "hello",
        timeout_height: "0",
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [
          {
            public_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: toBase64(key) },
            mode_info: { single: { mode: "SIGN_MODE_DIRECT" } },
            sequence: "3",
          },
        ],
        fee: { amount: [coin], gas_limit: "200000", payer: "", granter: "" },
      },
      signatures: [toBase64(new Uint8Array(64))],
    });
  });

  it("throws on bytes that are not a transaction", () => {
    expect(() => decodeTxJson(new Uint8Array([0xff, 0xff, 0xff]))).toThrow();
  });
});
