// Per-version quirks of CometBFT answers (0.34 .. 1.x and forks), turned into the normalised chain types.
import { RpcFormatError } from "./errors.ts";
import { consensusAddressOfKey } from "./tx.ts";
import type {
  ChainBlock,
  ChainBlockResults,
  ChainEvent,
  ChainStatus,
  ChainValidatorPower,
  CommitSignature,
  EventAttribute,
  TxResult,
  ValidatorUpdate,
} from "./types.ts";

type Json = Record<string, unknown>;

// --- validation helpers ----------------------------------------------------------------------

function object(value: unknown, what: string): Json {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new RpcFormatError(`${what}: expected an object, got ${describe(value)}`);
  }
  return value as Json;
}

/** Arrays that old or empty nodes send as null or leave out become empty. */
function list(value: unknown, what: string): unknown[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new RpcFormatError(`${what}: expected an array, got ${describe(value)}`);
  return value;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw new RpcFormatError(`${what}: expected a string, got ${describe(value)}`);
  return value;
}

/** Text a node may leave out or send as null. */
function optionalText(value: unknown, what: string): string {
  return value === null || value === undefined ? "" : text(value, what);
}

/** CometBFT sends 64-bit integers as decimal strings; some forks send numbers. */
function integer(value: unknown, what: string): number {
  const digits = typeof value === "number" ? String(value) : value;
  if (typeof digits !== "string" || !/^\d+$/.test(digits) || !Number.isSafeInteger(Number(digits))) {
    throw new RpcFormatError(`${what}: expected a non-negative integer, got ${describe(value)}`);
  }
  return Number(digits);
}

/** An integer kept as a decimal string (gas, voting power can exceed 2^53). */
function integerText(value: unknown, what: string): string {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return value;
  throw new RpcFormatError(`${what}: expected an integer string, got ${describe(value)}`);
}

function hexText(value: unknown, what: string): string {
  const hex = text(value, what);
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new RpcFormatError(`${what}: expected hex, got ${describe(value)}`);
  return hex.toUpperCase();
}

/** What cosmjs's fromBase64 accepts (no stray characters, whole groups of four), decoded natively. */
function base64Bytes(value: unknown, what: string): Uint8Array {
  const encoded = text(value, what);
  if (!STRICT_BASE64.test(encoded)) throw new RpcFormatError(`${what}: invalid base64`);
  return new Uint8Array(Buffer.from(encoded, "base64"));
}

function describe(value: unknown): string {
  const shown = JSON.stringify(value);
  return shown === undefined ? String(value) : shown.slice(0, 80);
}

/** ISO 8601 with milliseconds: JavaScript dates hold no more, and every row must sort the same. */
export function isoMillis(value: unknown, what: string): string {
  const time = text(value, what);
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(time);
  if (match) return `${match[1]}.${(match[2] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
  const parsed = new Date(time);
  if (Number.isNaN(parsed.getTime())) throw new RpcFormatError(`${what}: not a time: ${describe(value)}`);
  return parsed.toISOString();
}

// --- /status -------------------------------------------------------------------------------

export function normalizeStatus(result: unknown): ChainStatus {
  const status = object(result, "status");
  const nodeInfo = object(status.node_info, "status.node_info");
  const sync = object(status.sync_info, "status.sync_info");
  if (typeof sync.catching_up !== "boolean") throw new RpcFormatError("status.sync_info.catching_up: expected a boolean");
  return {
    chainId: text(nodeInfo.network, "status.node_info.network"),
    latestHeight: integer(sync.latest_block_height, "status.sync_info.latest_block_height"),
    latestTime: isoMillis(sync.latest_block_time, "status.sync_info.latest_block_time"),
    earliestHeight: integer(sync.earliest_block_height, "status.sync_info.earliest_block_height"),
    catchingUp: sync.catching_up,
  };
}

// --- /block --------------------------------------------------------------------------------

export function normalizeBlock(result: unknown): ChainBlock {
  const root = object(result, "block result");
  const block = object(root.block, "block");
  const header = object(block.header, "block.header");
  const data = object(block.data, "block.data");
  return {
    height: integer(header.height, "block.header.height"),
    hash: hexText(object(root.block_id, "block_id").hash, "block_id.hash"),
    chainId: text(header.chain_id, "block.header.chain_id"),
    time: isoMillis(header.time, "block.header.time"),
    proposerAddress: hexText(header.proposer_address, "block.header.proposer_address"),
    txs: list(data.txs, "block.data.txs").map((tx, i) => base64Bytes(tx, `block.data.txs[${i}]`)),
    lastCommit: normalizeLastCommit(block.last_commit),
  };
}

function normalizeLastCommit(value: unknown): ChainBlock["lastCommit"] {
  if (value === null || value === undefined) return null;
  const commit = object(value, "block.last_commit");
  const height = integer(commit.height, "block.last_commit.height");
  if (height === 0) return null;
  const signatures = list(commit.signatures, "block.last_commit.signatures").map((sig, i) =>
    normalizeCommitSignature(sig, `block.last_commit.signatures[${i}]`),
  );
  return { height, signatures };
}

const BLOCK_ID_FLAGS: Record<string, number> = {
  BLOCK_ID_FLAG_ABSENT: 1,
  BLOCK_ID_FLAG_COMMIT: 2,
  BLOCK_ID_FLAG_NIL: 3,
};

function normalizeCommitSignature(value: unknown, what: string): CommitSignature {
  const sig = object(value, what);
  const named = typeof sig.block_id_flag === "string" ? BLOCK_ID_FLAGS[sig.block_id_flag] : undefined;
  const flag = named ?? integer(sig.block_id_flag, `${what}.block_id_flag`);
  if (flag < 1 || flag > 3) throw new RpcFormatError(`${what}.block_id_flag: unknown flag ${flag}`);
  // An absent validator's address is "" (0.38) or null (older JSON); both mean "no signature".
  return { validatorAddress: hexText(sig.validator_address ?? "", `${what}.validator_address`), flag };
}

// --- /block_results -------------------------------------------------------------------------

interface RawAttribute {
  key: string;
  value: string | null;
}

interface RawEvent {
  type: string;
  attributes: RawAttribute[];
}

export function normalizeBlockResults(result: unknown): ChainBlockResults {
  const root = object(result, "block_results");
  const txs = list(root.txs_results, "block_results.txs_results").map((tx, i) => readTxResult(tx, `block_results.txs_results[${i}]`));
  const blockEvents = [
    ...readEvents(root.begin_block_events, "block_results.begin_block_events"),
    ...readEvents(root.end_block_events, "block_results.end_block_events"),
    ...readEvents(root.finalize_block_events, "block_results.finalize_block_events"),
  ];
  const base64 = looksBase64(blockEvents.concat(...txs.map((tx) => tx.events)));
  return {
    height: integer(root.height, "block_results.height"),
    txsResults: txs.map((tx) => ({ ...tx, events: decodeEvents(tx.events, base64) })),
    blockEvents: decodeEvents(blockEvents, base64),
    validatorUpdates: list(root.validator_updates, "block_results.validator_updates").flatMap((u, i) =>
      readValidatorUpdate(u, `block_results.validator_updates[${i}]`),
    ),
  };
}

/**
 * 0.38 sends `pub_key: { Sum: { type, value: { ed25519 } } }`, 0.34/0.37 `pub_key: { type: "ed25519", data }`,
 * 1.x `pub_key_type` and `pub_key_bytes`. Keys of other types (not used by this chain's validators) are left out.
 */
function readValidatorUpdate(value: unknown, what: string): ValidatorUpdate[] {
  const update = object(value, what);
  const ed25519 = ed25519Key(update, what);
  if (ed25519 === undefined) return [];
  const pubkey = base64Bytes(ed25519, `${what}.pub_key`);
  return [{ address: consensusAddressOfKey(pubkey), power: integerText(update.power ?? "0", `${what}.power`) }];
}

function ed25519Key(update: Json, what: string): unknown {
  if (update.pub_key_bytes !== undefined) return update.pub_key_type === "ed25519" ? update.pub_key_bytes : undefined;
  const key = object(update.pub_key, `${what}.pub_key`);
  if (key.Sum !== undefined) return object(object(key.Sum, `${what}.pub_key.Sum`).value, `${what}.pub_key.Sum.value`).ed25519;
  return key.type === "ed25519" || key.type === "tendermint/PubKeyEd25519" ? (key.data ?? key.value) : undefined;
}

/** Results of transactions fetched apart from their block (`tx`, `tx_search`), encoding judged over all. */
export function normalizeTxResults(results: unknown[]): TxResult[] {
  const txs = results.map((tx, i) => readTxResult(tx, `tx_result[${i}]`));
  const base64 = looksBase64(txs.flatMap((tx) => tx.events));
  return txs.map((tx) => ({ ...tx, events: decodeEvents(tx.events, base64) }));
}

type RawTxResult = Omit<TxResult, "events"> & { events: RawEvent[] };

function readTxResult(value: unknown, what: string): RawTxResult {
  const tx = object(value, what);
  return {
    code: tx.code === undefined || tx.code === null ? 0 : integer(tx.code, `${what}.code`),
    codespace: optionalText(tx.codespace, `${what}.codespace`),
    log: optionalText(tx.log, `${what}.log`),
    gasWanted: tx.gas_wanted === undefined || tx.gas_wanted === null ? "0" : integerText(tx.gas_wanted, `${what}.gas_wanted`),
    gasUsed: tx.gas_used === undefined || tx.gas_used === null ? "0" : integerText(tx.gas_used, `${what}.gas_used`),
    events: readEvents(tx.events, `${what}.events`),
  };
}

function readEvents(value: unknown, what: string): RawEvent[] {
  return list(value, what).map((item, i) => {
    const event = object(item, `${what}[${i}]`);
    const attributes = list(event.attributes, `${what}[${i}].attributes`).map((attr, j) =>
      isTextAttribute(attr) ? { key: attr.key, value: attr.value } : readAttribute(attr, `${what}[${i}].attributes[${j}]`),
    );
    return { type: optionalText(event.type, `${what}[${i}].type`), attributes };
  });
}

/** The usual attribute, key and value both text: read without naming its place, which only an error needs. */
function isTextAttribute(attr: unknown): attr is { key: string; value: string } {
  return typeof attr === "object" && attr !== null && typeof (attr as Json).key === "string" && typeof (attr as Json).value === "string";
}

function readAttribute(attr: unknown, where: string): RawAttribute {
  const pair = object(attr, where);
  const key = optionalText(pair.key, `${where}.key`);
  const value = pair.value === null || pair.value === undefined ? null : text(pair.value, `${where}.value`);
  return { key, value };
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * Tendermint 0.34 base64-encodes attribute keys and values; 0.37+ sends text. A plain key can
 * happen to be valid base64 ("mode", "receiver"), so the whole set must agree: every key is
 * non-empty base64 of printable ASCII and every value is base64 or null.
 */
function looksBase64(events: RawEvent[]): boolean {
  // Loops rather than a flattened copy: plain-text answers fail on the first key, and this runs for every block.
  let seen = false;
  for (const event of events) {
    for (const { key, value } of event.attributes) {
      const base64 =
        key !== "" &&
        STRICT_BASE64.test(key) &&
        PRINTABLE_ASCII.test(Buffer.from(key, "base64").toString("latin1")) &&
        (value === null || STRICT_BASE64.test(value));
      if (!base64) return false;
      seen = true;
    }
  }
  return seen;
}

function decodeEvents(events: RawEvent[], base64: boolean): ChainEvent[] {
  // Text answers (0.37+) are already in shape: readEvents made the objects, so only null values need new ones.
  if (!base64 && events.every((event) => event.attributes.every((a) => a.value !== null))) return events as ChainEvent[];
  const decode = (text: string | null): string => (text === null ? "" : base64 ? Buffer.from(text, "base64").toString("utf8") : text);
  return events.map((event) => ({
    type: event.type,
    attributes: event.attributes.map(({ key, value }): EventAttribute => ({ key: decode(key), value: decode(value) })),
  }));
}

// --- /validators ---------------------------------------------------------------------------

export interface ValidatorsPage {
  blockHeight: number;
  validators: ChainValidatorPower[];
  /** Entries in this page. */
  count: number;
  /** Entries in the whole set. */
  total: number;
}

/** Very old nodes send neither `count` nor pagination: then the page is the whole set. */
export function normalizeValidatorsPage(result: unknown): ValidatorsPage {
  const root = object(result, "validators");
  const validators = list(root.validators, "validators.validators").map((item, i) => {
    const what = `validators.validators[${i}]`;
    const validator = object(item, what);
    return {
      address: hexText(validator.address, `${what}.address`),
      pubKey: text(object(validator.pub_key, `${what}.pub_key`).value, `${what}.pub_key.value`),
      votingPower: integerText(validator.voting_power, `${what}.voting_power`),
    };
  });
  const count = root.count === undefined ? validators.length : integer(root.count, "validators.count");
  return {
    blockHeight: integer(root.block_height, "validators.block_height"),
    validators,
    count,
    total: root.total === undefined ? count : integer(root.total, "validators.total"),
  };
}

// --- small answers ---------------------------------------------------------------------------

export interface AbciQueryResponse {
  code: number;
  value: Uint8Array;
  log: string;
  height: number;
}

/** The app_state of a `genesis` answer (its shape is the application's; the reader checks what it uses). */
export function normalizeGenesis(result: unknown): unknown {
  return object(object(result, "genesis").genesis, "genesis.genesis").app_state ?? {};
}

export function normalizeGenesisChunk(result: unknown): { total: number; data: string } {
  const root = object(result, "genesis_chunked");
  return { total: integer(root.total, "genesis_chunked.total"), data: text(root.data, "genesis_chunked.data") };
}

export function normalizeAbciQuery(result: unknown): AbciQueryResponse {
  const response = object(object(result, "abci_query").response, "abci_query.response");
  return {
    code: response.code === undefined ? 0 : integer(response.code, "abci_query.response.code"),
    value: response.value === null || response.value === undefined ? new Uint8Array() : base64Bytes(response.value, "abci_query.response.value"),
    log: optionalText(response.log, "abci_query.response.log"),
    height: response.height === undefined ? 0 : integer(response.height, "abci_query.response.height"),
  };
}

export interface BroadcastResponse {
  code: number;
  log: string;
  hash: string;
}

export function normalizeBroadcast(result: unknown): BroadcastResponse {
  const root = object(result, "broadcast_tx_sync");
  return {
    code: root.code === undefined ? 0 : integer(root.code, "broadcast_tx_sync.code"),
    log: optionalText(root.log, "broadcast_tx_sync.log"),
    hash: hexText(root.hash, "broadcast_tx_sync.hash"),
  };
}

/** `total` counts the whole mempool; `n_txs` only the transactions listed in this answer. */
export function normalizeUnconfirmedCount(result: unknown): number {
  const root = object(result, "num_unconfirmed_txs");
  return integer(root.total ?? root.n_txs, "num_unconfirmed_txs.total");
}
