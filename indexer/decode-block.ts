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
import { utf8Texts } from "./utf8-texts.ts";

/** Which events name an address: `positions[i]` lists (comma-joined) the indexes of the events naming `addresses[i]`. */
export interface EventIndex {
  addresses: string[];
  /** "" for an address no event names (a transaction's signer or message party only). */
  positions: string[];
}

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
  /** Decoded messages and the result's events as JSON text, UTF-8 (`utf8Texts`): the writer stores them as they are. */
  messagesJson: Uint8Array;
  eventsJson: Uint8Array;
  signers: string[];
  /**
   * Every address the transaction involves (signers, message fields, event attributes), each with the events that name
   * it.
   */
  involved: EventIndex;
  /** Accounts active in it for the charts: its signers and, when it succeeded, the accounts its messages name (recipients, delegators). */
  parties: string[];
  /** The transaction's bytes as the block carries them (base64 text, UTF-8): the API decodes the whole transaction from them. */
  raw: Uint8Array;
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
  /** The block's own events as JSON text, UTF-8, in the same buffer as its transactions' texts. */
  eventsJson: Uint8Array;
  /** The addresses the block's own events name. */
  involved: EventIndex;
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

/** The texts of a transaction, still strings, before `decodeBlock` packs the block's texts into one buffer. */
type TextFields = "messagesJson" | "eventsJson" | "raw";
type DecodedTx = Omit<IndexedTx, TextFields> & Record<TextFields, string>;

export function decodeBlock(block: ChainBlock, results: ChainBlockResults): IndexedBlock {
  const txResults: KnownResult[] = block.txs.map((_, idx) => results.txsResults[idx] ?? UNKNOWN_RESULT);
  const staking: StakingTx[] = [];
  const accounts: AccountsTx[] = [];
  const decoded = block.txs.map((raw, idx) => decodeIndexedTx(raw, idx, txResults[idx], staking, accounts));
  const texts = utf8Texts([JSON.stringify(results.blockEvents), ...decoded.flatMap((t) => [t.messagesJson, t.eventsJson, t.raw])]);
  const txs = decoded.map((t, i) => ({ ...t, messagesJson: texts[1 + 3 * i], eventsJson: texts[2 + 3 * i], raw: texts[3 + 3 * i] }));
  const allEvents = results.blockEvents.concat(...txResults.map((r) => r.events));
  return {
    height: block.height,
    hash: block.hash,
    chainId: block.chainId,
    time: block.time,
    proposer: block.proposerAddress,
    emissionRate: emissionRate(results.blockEvents),
    eventsJson: texts[0],
    involved: eventIndex([], results.blockEvents),
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
function decodeIndexedTx(raw: Uint8Array, idx: number, result: KnownResult, staking: StakingTx[], accounts: AccountsTx[]): DecodedTx {
  const decoded = decodeTx(raw);
  const messages = decoded.messages.map((m) => ({ typeUrl: m.typeUrl, json: m.json }));
  staking.push({ code: result.code, events: result.events, messages });
  accounts.push({ code: result.code, events: result.events, messages });
  const named = decoded.signers.filter(isIndexedAddress).concat(...decoded.messages.map((m) => m.addresses));
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
    involved: eventIndex(named, result.events),
    parties: partiesOf(decoded.signers, result.code === 0 ? decoded.messages : []),
    raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("base64"),
    decodeError: decoded.ok ? null : (decoded.error ?? "not a transaction"),
  };
}

/** `named` (addresses outside the events) and every address the events name, each once, with the events naming it. */
function eventIndex(named: string[], events: ChainEvent[]): EventIndex {
  const positions = new Map<string, string>(named.map((a) => [a, ""]));
  events.forEach((event, position) => {
    for (const address of eventAddresses(event)) {
      const list = positions.get(address);
      positions.set(address, list ? `${list},${position}` : `${position}`);
    }
  });
  return { addresses: [...positions.keys()], positions: [...positions.values()] };
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
