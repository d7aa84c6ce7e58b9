// Builds real SIGN_MODE_DIRECT signed TxRaw bytes for devnet accounts.
import { createHash } from "node:crypto";
import { TxBody, AuthInfo, TxRaw, SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { encodeTxMessage } from "./tx-messages.ts";
import type { AccountKey } from "./keys.ts";
import type { TxMessage } from "./handlers.ts";
import { signHash } from "./signer.ts";

export interface UnsignedTx {
  messages: TxMessage[];
  memo: string;
  fee: bigint;
  gasLimit: number;
}

export interface SignedTx {
  bytes: Uint8Array;
  signature: Uint8Array;
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
}

export function pubkeyAny(pubkey: Uint8Array): { typeUrl: string; value: Uint8Array } {
  return { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: pubkey }).finish() };
}

export function signTx(key: AccountKey, accountNumber: number, sequence: number, chainId: string, tx: UnsignedTx): SignedTx {
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: tx.messages.map(encodeTxMessage), memo: tx.memo })).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [{ publicKey: pubkeyAny(key.pubkey), modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: BigInt(sequence) }],
      fee: { amount: [{ denom: "uaxm", amount: tx.fee.toString() }], gasLimit: BigInt(tx.gasLimit) },
    }),
  ).finish();
  const signDoc = SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber: BigInt(accountNumber) }).finish();
  const signature = signHash(createHash("sha256").update(signDoc).digest(), key.secret);
  // The writer hands out views of shared 8 KiB slabs; a copy keeps a stored tx from pinning a whole slab.
  const bytes = TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] })
    .finish()
    .slice();
  return { bytes, signature, bodyBytes, authInfoBytes };
}
