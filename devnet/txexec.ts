// Transaction execution: decoding, the ante checks (account, sequence, signature, fee) and message delivery.
import { createHash } from "node:crypto";
import { TxRaw, TxBody, AuthInfo, SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { Secp256k1, Secp256k1Signature } from "@cosmjs/crypto";
import type { ChainState } from "./state.ts";
import { EventSink, type AbciEvent, coins } from "./events.ts";
import { TxFailure, sequenceMismatch, unauthorized, txDecodeError, atMessage } from "./errors.ts";
import { send } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { addressOfPubkey } from "./keys.ts";
import { type TxMessage, handlerFor, moduleOf } from "./handlers.ts";
import { decodeTxMessage } from "./tx-messages.ts";

export interface ParsedTx {
  bytes: Uint8Array;
  /** Upper-case hex SHA-256 of the bytes. */
  hash: string;
  signer: string;
  pubkey: Uint8Array;
  sequence: number;
  fee: bigint;
  gasLimit: number;
  memo: string;
  messages: TxMessage[];
  signature: Uint8Array;
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
}

export interface TxResult {
  code: number;
  codespace: string;
  log: string;
  gasWanted: number;
  gasUsed: number;
  events: AbciEvent[];
  /** base64 TxMsgData, "" on failure. */
  data: string;
}

export interface ExecOptions {
  chainId: string;
  /** The devnet's own workload is signed correctly by construction; checking it would dominate block time. */
  verifySignature: boolean;
}

/** Minimum gas price, 0.025 uaxm per unit (CheckTx only, as a validator's min-gas-prices). */
export const MIN_GAS_PRICE_MILLI = 25n;
const TX_SIZE_COST_PER_BYTE = 10;
const ANTE_GAS = 38_000;

export function txHashHex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").toUpperCase();
}

/** Decodes broadcast bytes; anything but a single-signer direct-mode secp256k1 tx is a parse error. */
export function parseTx(bytes: Uint8Array): ParsedTx {
  try {
    const raw = TxRaw.decode(bytes);
    const body = TxBody.decode(raw.bodyBytes);
    const authInfo = AuthInfo.decode(raw.authInfoBytes);
    const signerInfo = authInfo.signerInfos[0];
    if (!signerInfo?.publicKey || signerInfo.publicKey.typeUrl !== "/cosmos.crypto.secp256k1.PubKey" || raw.signatures.length !== 1) {
      throw new Error("expected one secp256k1 signer");
    }
    const pubkey = PubKey.decode(signerInfo.publicKey.value).key;
    const messages = body.messages.map((any) => ({
      typeUrl: any.typeUrl,
      value: decodeTxMessage(any.typeUrl, any.value),
    }));
    const fee = (authInfo.fee?.amount ?? []).filter((c) => c.denom === "uaxm").reduce((sum, c) => sum + BigInt(c.amount), 0n);
    return {
      bytes,
      hash: txHashHex(bytes),
      signer: addressOfPubkey(pubkey),
      pubkey,
      sequence: Number(signerInfo.sequence),
      fee,
      gasLimit: Number(authInfo.fee?.gasLimit ?? 0n),
      memo: body.memo,
      messages,
      signature: raw.signatures[0],
      bodyBytes: raw.bodyBytes,
      authInfoBytes: raw.authInfoBytes,
    };
  } catch (error) {
    throw txDecodeError(error instanceof Error ? error.message : String(error));
  }
}

/** Gas the transaction consumes; deterministic, with a little per-transaction variation. */
export function gasOf(tx: ParsedTx, jitter = true): number {
  let gas = ANTE_GAS + TX_SIZE_COST_PER_BYTE * tx.bytes.length;
  for (const message of tx.messages) gas += handlerFor(message.typeUrl).gas(message.value);
  return gas + (jitter ? parseInt(tx.hash.slice(0, 3), 16) : 0);
}

/** The ante checks every node runs, for CheckTx (expected = mempool-aware sequence) and DeliverTx. */
export function anteCheck(state: ChainState, tx: ParsedTx, opts: ExecOptions, expectedSequence?: number): void {
  const account = state.accounts.get(tx.signer);
  if (!account) throw new TxFailure("sdk", 9, `account ${tx.signer} not found: unknown address`);
  const expected = expectedSequence ?? account.sequence;
  if (tx.sequence !== expected) throw sequenceMismatch(expected, tx.sequence);
  for (const message of tx.messages) {
    if (handlerFor(message.typeUrl).signer(message.value) !== tx.signer) {
      throw unauthorized(`pubKey does not match signer address ${handlerFor(message.typeUrl).signer(message.value)} with signer index: 0`);
    }
  }
  if (opts.verifySignature && !verifies(tx, account.number, opts.chainId)) {
    throw unauthorized(
      `signature verification failed; please verify account number (${account.number}), sequence (${tx.sequence}) and chain-id (${opts.chainId})`,
    );
  }
  const balance = state.balance(tx.signer);
  if (balance < tx.fee) {
    throw new TxFailure("sdk", 5, `spendable balance ${balance}uaxm is smaller than ${tx.fee}uaxm: insufficient funds: insufficient funds`);
  }
}

/** A validator's min-gas-prices check, applied to broadcast transactions only. */
export function checkMinimumFee(tx: ParsedTx): void {
  const required = (BigInt(tx.gasLimit) * MIN_GAS_PRICE_MILLI + 999n) / 1000n;
  if (tx.fee < required) throw new TxFailure("sdk", 13, `insufficient fees; got: ${coins(tx.fee)} required: ${required}uaxm: insufficient fee`);
}

function verifies(tx: ParsedTx, accountNumber: number, chainId: string): boolean {
  const signDoc = SignDoc.encode({
    bodyBytes: tx.bodyBytes,
    authInfoBytes: tx.authInfoBytes,
    chainId,
    accountNumber: BigInt(accountNumber),
  }).finish();
  if (tx.signature.length !== 64) return false;
  const hash = createHash("sha256").update(signDoc).digest();
  return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(tx.signature), hash, tx.pubkey);
}

function failure(error: unknown, gasWanted: number, gasUsed: number, events: AbciEvent[]): TxResult {
  if (!(error instanceof TxFailure)) throw error;
  return { code: error.code, codespace: error.codespace, log: error.message, gasWanted, gasUsed, events, data: "" };
}

/** DeliverTx: ante (fee, sequence) persists even when a message fails; messages are all-or-nothing. */
export function deliverTx(state: ChainState, tx: ParsedTx, opts: ExecOptions): TxResult {
  try {
    anteCheck(state, tx, opts);
  } catch (error) {
    return failure(error, tx.gasLimit, Math.min(tx.gasLimit, 24_000 + TX_SIZE_COST_PER_BYTE * tx.bytes.length), []);
  }
  const sink = new EventSink();
  const account = state.accounts.get(tx.signer)!;
  account.pubkey ??= tx.pubkey;
  if (tx.fee > 0n) send(state, sink, tx.signer, MODULE.feeCollector, tx.fee);
  sink.emit("tx", { fee: coins(tx.fee), fee_payer: tx.signer });
  sink.emit("tx", { acc_seq: `${tx.signer}/${tx.sequence}` });
  sink.emit("tx", { signature: Buffer.from(tx.signature).toString("base64") });
  account.sequence++;
  state.wasm.nextTxIndex(state.height);
  const anteEvents = sink.events.length;
  let gasUsed: number;
  try {
    gasUsed = gasOf(tx);
  } catch (error) {
    return failure(error, tx.gasLimit, ANTE_GAS, sink.events);
  }
  if (gasUsed > tx.gasLimit) {
    const log = `out of gas in location: ${tx.messages.length > 0 ? moduleOf(tx.messages[0].typeUrl) : "ante"}; gasWanted: ${tx.gasLimit}, gasUsed: ${gasUsed}: out of gas`;
    return failure(new TxFailure("sdk", 11, log), tx.gasLimit, tx.gasLimit, sink.events);
  }
  let responses: Uint8Array[];
  try {
    responses = state.atomically(() => runMessages(state, sink, tx));
  } catch (error) {
    return failure(error, tx.gasLimit, gasUsed, sink.events.slice(0, anteEvents));
  }
  const data = TxMsgData.encode({
    data: [],
    msgResponses: tx.messages.map((m, i) => ({ typeUrl: `${m.typeUrl}Response`, value: responses[i] })),
  }).finish();
  return { code: 0, codespace: "", log: "", gasWanted: tx.gasLimit, gasUsed, events: sink.events, data: Buffer.from(data).toString("base64") };
}

/**
 * Runs every message; their responses, empty for messages whose response has no fields. Each message's events open
 * with baseapp's `message` event, which names the module only when none of the message's own events has a `module`
 * attribute (baseapp createEvents): the vote module's util.TagTx gives its own.
 */
function runMessages(state: ChainState, sink: EventSink, tx: ParsedTx): Uint8Array[] {
  return tx.messages.map((message, index) => {
    const msgSink = sink.withSuffix([["msg_index", String(index)]]);
    const handler = handlerFor(message.typeUrl);
    const own = msgSink.detached();
    let response: Uint8Array;
    try {
      response = handler.run({ state, sink: own }, message.value) ?? new Uint8Array();
    } catch (error) {
      throw error instanceof TxFailure ? atMessage(index, error) : error;
    }
    const named = own.events.some((event) => event.attributes.some((a) => a.key === "module"));
    const attributes: Record<string, string> = { action: message.typeUrl, sender: handler.signer(message.value) };
    msgSink.emit("message", named ? attributes : { ...attributes, module: moduleOf(message.typeUrl) });
    sink.events.push(...own.events);
    return response;
  });
}
