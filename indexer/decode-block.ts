// Turns a node's block and block results into the rows the indexer writes: decoded once, here.
import { decodeTx } from "../chain/tx.ts";
import { addressKind, eventAddresses, isIndexedAddress } from "../core/address.ts";
import { parseCoins } from "../core/amount.ts";
import type { ChainBlock, ChainBlockResults, ChainEvent, Coin, TxResult } from "../chain/types.ts";
import { stakingChanges, type StakingChanges, type StakingTx } from "./decode-staking.ts";
import { accountChanges, type AccountChanges, type AccountsTx } from "./decode-accounts.ts";
import { blockOperations, type DecodedOperation } from "./decode-operations.ts";
import { wasmChanges, type WasmOp } from "./decode-wasm.ts";
import { governanceChanges, type GovernanceOp } from "./decode-governance.ts";
import { uaxm } from "./events.ts";

export interface IndexedTx {
  hash: string;
  idx: number;
  /** Null when block_results lists no result for the transaction: neither success nor failure is known. */
  code: number | null;
  codespace: string;
  log: string;
  gasUsed: string;
  gasWanted: string;
  fee: Coin[];
  memo: string;
  types: string[];
  /** Decoded messages and the result's events as JSON text: the writer stores them as they are. */
  messagesJson: string;
  eventsJson: string;
  signers: string[];
  /** Every address the transaction involves: signers, message fields, event attributes. */
  addresses: string[];
  /** For each event (by index) the addresses it names. */
  eventAddresses: string[][];
  /** Accounts active in it for the charts: its signers and, when it succeeded, the accounts its messages name (recipients, delegators). */
  parties: string[];
  /** The transaction's bytes as the block carries them (base64): the API decodes the whole transaction from them. */
  raw: string;
  /** Why the bytes are not a Cosmos transaction (a vote extension, another chain's payload); null for a transaction. */
  decodeError: string | null;
}

export interface IndexedBlock {
  height: number;
  hash: string;
  chainId: string;
  time: string;
  proposer: string;
  emissionRate: number | null;
  eventsJson: string;
  eventAddresses: string[][];
  txs: IndexedTx[];
  /** How many of the block's transactions block_results gave no result for (stored with an unknown result). */
  missingResults: number;
  eventCount: number;
  burned: bigint;
  minted: bigint;
  /** Consensus addresses (hex) that signed the previous block, from this block's commit. */
  previousSigners: { height: number; signers: string[] } | null;
  staking: StakingChanges;
  accounts: AccountChanges;
  /** The operations ledger's entries of the block, in chain order. */
  operations: DecodedOperation[];
  /** CosmWasm codes, contracts and CW-20 changes of the block, in chain order. */
  wasm: WasmOp[];
  /** The vote module's proposals, votes, polls and answers of the block, in chain order. */
  governance: GovernanceOp[];
}

const COMMIT_FLAG = 2;

/** A transaction's result as far as the block's results tell it; `code` null when they list none for it. */
type KnownResult = Omit<TxResult, "code"> & { code: number | null };

const UNKNOWN_RESULT: KnownResult = { code: null, codespace: "", log: "", gasWanted: "0", gasUsed: "0", events: [] };

export function decodeBlock(block: ChainBlock, results: ChainBlockResults): IndexedBlock {
  const txResults: KnownResult[] = block.txs.map((_, idx) => results.txsResults[idx] ?? UNKNOWN_RESULT);
  const staking: StakingTx[] = [];
  const accounts: AccountsTx[] = [];
  const txs = block.txs.map((raw, idx) => decodeIndexedTx(raw, idx, txResults[idx], staking, accounts));
  const allEvents = results.blockEvents.concat(...txResults.map((r) => r.events));
  return {
    height: block.height,
    hash: block.hash,
    chainId: block.chainId,
    time: block.time,
    proposer: block.proposerAddress,
    emissionRate: emissionRate(results.blockEvents),
    eventsJson: JSON.stringify(results.blockEvents),
    eventAddresses: results.blockEvents.map(eventAddresses),
    txs,
    missingResults: Math.max(0, block.txs.length - results.txsResults.length),
    eventCount: allEvents.length,
    burned: sumAttribute(allEvents, "burn", "amount"),
    // Bank's MintCoins emits coinbase{minter, amount}: on AXM the emission minted at each reward withdrawal
    // (x/distribution/keeper/delegation.go); uret minted for partner rewards is not uaxm.
    minted: sumAttribute(allEvents, "coinbase", "amount"),
    previousSigners: block.lastCommit
      ? {
          height: block.lastCommit.height,
          signers: block.lastCommit.signatures.filter((s) => s.flag === COMMIT_FLAG && s.validatorAddress).map((s) => s.validatorAddress),
        }
      : null,
    staking: stakingChanges(staking, results.blockEvents, results.validatorUpdates),
    accounts: accountChanges(accounts, results.blockEvents),
    operations: blockOperations(
      accounts.map((a, i) => ({ ...a, hash: txs[i].hash, codespace: txs[i].codespace, log: txs[i].log, memo: txs[i].memo })),
      results.blockEvents,
    ),
    wasm: wasmChanges(accounts),
    governance: governanceChanges(
      accounts.map((a, i) => ({ ...a, hash: txs[i].hash })),
      results.blockEvents,
    ),
  };
}

/** Decodes one transaction, adding what staking and accounts need of it to `staking` and `accounts`. */
function decodeIndexedTx(raw: Uint8Array, idx: number, result: KnownResult, staking: StakingTx[], accounts: AccountsTx[]): IndexedTx {
  const decoded = decodeTx(raw);
  const messages = decoded.messages.map((m) => ({ typeUrl: m.typeUrl, json: m.json }));
  staking.push({ code: result.code, events: result.events, messages });
  accounts.push({ code: result.code, events: result.events, messages });
  const perEvent = result.events.map(eventAddresses);
  const addresses = new Set<string>(decoded.signers.filter(isIndexedAddress));
  for (const message of decoded.messages) message.addresses.forEach((a) => addresses.add(a));
  for (const list of perEvent) list.forEach((a) => addresses.add(a));
  return {
    hash: decoded.hash,
    idx,
    code: result.code,
    codespace: result.codespace,
    log: result.log,
    gasUsed: result.gasUsed,
    gasWanted: result.gasWanted,
    fee: decoded.ok ? decoded.fee : feeFromEvents(result.events),
    memo: decoded.memo,
    types: decoded.messages.map((m) => m.typeUrl),
    messagesJson: JSON.stringify(decoded.messages.map((m) => m.json)),
    eventsJson: JSON.stringify(result.events),
    signers: decoded.signers,
    addresses: [...addresses],
    eventAddresses: perEvent,
    parties: partiesOf(decoded.signers, result.code === 0 ? decoded.messages : []),
    raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("base64"),
    decodeError: decoded.ok ? null : (decoded.error ?? "not a transaction"),
  };
}

/** Signers and message parties that are accounts (not validators or contracts), each once. */
function partiesOf(signers: string[], messages: { addresses: string[] }[]): string[] {
  const parties = new Set(signers.filter((a) => addressKind(a) === "account"));
  for (const message of messages) for (const a of message.addresses) if (addressKind(a) === "account") parties.add(a);
  return [...parties];
}

function feeFromEvents(events: ChainEvent[]): Coin[] {
  const fee = events.find((e) => e.type === "tx")?.attributes.find((a) => a.key === "fee");
  return fee ? parseCoins(fee.value) : [];
}

/** Sums the uaxm of an amount attribute (a coins string, "5uaxm") over events of a type. */
function sumAttribute(events: ChainEvent[], type: string, key: string): bigint {
  let total = 0n;
  for (const event of events) {
    if (event.type !== type) continue;
    for (const { key: k, value } of event.attributes) if (k === key) total += uaxm(value);
  }
  return total;
}

/** The block's emission rate is the mint module's inflation figure; absent on chains without one. */
function emissionRate(events: ChainEvent[]): number | null {
  const value = events.find((e) => e.type === "mint")?.attributes.find((a) => a.key === "inflation")?.value;
  const rate = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(rate) ? rate : null;
}
