// A replay node: serves a hand-made chain (test/fixtures/axm/, or another fixture folder beside it) over CometBFT 0.38
// JSON-RPC, as an axm-node (SDK 0.50) would answer the indexer.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { fromBase64, fromHex, toBase64, toHex } from "@cosmjs/encoding";
import { encodePubkey, makeAuthInfoBytes, makeSignDoc, DirectSecp256k1Wallet } from "@cosmjs/proto-signing";
import { encodeSecp256k1Pubkey } from "@cosmjs/amino";
import { BinaryWriter } from "cosmjs-types/binary";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { QueryBalanceResponse, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { QueryValidatorRequest } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { encodeMessage } from "../../chain/messages.ts";
import { RpcClient } from "../../chain/rpc.ts";
import type { Database } from "../../db/connection.ts";
import { Indexer } from "../../indexer/indexer.ts";
import { createTestDatabase } from "./databases.ts";
import { answerCalls } from "./json-rpc-batch.ts";

/** A fixture folder under test/fixtures/: axm (the partnership and staking chain) or axm-vote (the vote module's). */
export type Fixture = "axm" | "axm-vote";
const read = (fixture: Fixture, file: string) => JSON.parse(readFileSync(new URL(`../fixtures/${fixture}/${file}`, import.meta.url), "utf8"));
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

type Json = Record<string, any>;

/** A message of the fixture: type URL and its fields as cosmjs-types' fromPartial takes them; nested messages likewise. */
interface FixtureMessage {
  typeUrl: string;
  value: Json;
}

interface FixtureTx {
  signer: string;
  messages: FixtureMessage[];
  result: Json;
}

interface FixtureBlock {
  height: number;
  time: string;
  txs: FixtureTx[];
  finalize_block_events: Json[];
}

/** The chain as the replay node serves it: every answer prepared at load. */
export interface ReplayChain {
  chainId: string;
  /** Account name (accounts.json) → address. */
  accounts: Record<string, string>;
  genesis: Json;
  blocks: { block: Json; results: Json }[];
  /** Hex SHA-256 of each block's transactions, in block order (what the indexer must store). */
  txHashes: string[][];
  nodeState: Json;
}

/** The fixture's accounts: name → address. */
export function fixtureAccounts(fixture: Fixture = "axm"): Record<string, string> {
  return read(fixture, "accounts.json");
}

/** The fixture's key of a name: secp256k1 from SHA-256 of "axm-conformance/<name>". */
async function walletOf(name: string): Promise<DirectSecp256k1Wallet> {
  return DirectSecp256k1Wallet.fromKey(sha256(`axm-conformance/${name}`), "axm");
}

/** Fixture messages to Anys; a nested {typeUrl, value} (an authz MsgExec's msgs) becomes an Any of its own. */
function toAny(message: FixtureMessage): Any {
  const nested = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(nested);
    if (value === null || typeof value !== "object") return value;
    const record = value as Json;
    if (typeof record.typeUrl === "string" && typeof record.value === "object") return toAny(record as FixtureMessage);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, nested(v)]));
  };
  return encodeMessage(message.typeUrl, nested(message.value) as object);
}

/** A signed TxRaw (SIGN_MODE_DIRECT, no fee) of the signer's next sequence. */
async function signedTx(tx: FixtureTx, chain: { chainId: string; accounts: Record<string, string>; sequences: Map<string, number> }): Promise<Uint8Array> {
  const wallet = await walletOf(tx.signer);
  const [account] = await wallet.getAccounts();
  if (account.address !== chain.accounts[tx.signer]) throw new Error(`fixture signer ${tx.signer} is not ${chain.accounts[tx.signer]}`);
  const sequence = chain.sequences.get(tx.signer) ?? 0;
  chain.sequences.set(tx.signer, sequence + 1);
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: tx.messages.map(toAny), memo: "" })).finish();
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: encodePubkey(encodeSecp256k1Pubkey(account.pubkey)), sequence }], [], 200_000, undefined, undefined);
  const accountNumber = Object.keys(chain.accounts).indexOf(tx.signer);
  const { signature } = await wallet.signDirect(account.address, makeSignDoc(bodyBytes, authInfoBytes, chain.chainId, accountNumber));
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [fromBase64(signature.signature)] }).finish();
}

const consensusAddress = (pubkey: string) => toHex(sha256(fromBase64(pubkey)).subarray(0, 20)).toUpperCase();
const BONDED = 3;
/** The validators in the consensus set (bonded ones), as node-state.json lists them. */
const consensusSet = (state: Json): Json[] => state.validators.filter((v: Json) => v.status === BONDED);
const EMPTY_HASH = toHex(sha256(new Uint8Array())).toUpperCase();

/** /block and /block_results answers of one height, in CometBFT 0.38's JSON. */
function blockAnswers(b: FixtureBlock, txs: Uint8Array[], chainId: string, proposer: string, previous: { hash: string; time: string } | null) {
  const hash = toHex(sha256(`${chainId}/${b.height}/${b.time}/${txs.map((t) => toBase64(t)).join(",")}`)).toUpperCase();
  const blockId = (h: string) => ({ hash: h, parts: { total: 1, hash: h } });
  const header = {
    version: { block: "11", app: "0" },
    chain_id: chainId,
    height: String(b.height),
    time: b.time,
    last_block_id: blockId(previous?.hash ?? ""),
    last_commit_hash: EMPTY_HASH,
    data_hash: EMPTY_HASH,
    validators_hash: EMPTY_HASH,
    next_validators_hash: EMPTY_HASH,
    consensus_hash: EMPTY_HASH,
    app_hash: EMPTY_HASH,
    last_results_hash: EMPTY_HASH,
    evidence_hash: EMPTY_HASH,
    proposer_address: proposer,
  };
  const signatures = previous ? [{ block_id_flag: 2, validator_address: proposer, timestamp: previous.time, signature: toBase64(sha256(hash)) }] : [];
  const block = {
    block_id: blockId(hash),
    block: {
      header,
      data: { txs: txs.map((t) => toBase64(t)) },
      evidence: { evidence: [] },
      last_commit: { height: String(b.height - 1), round: 0, block_id: blockId(previous?.hash ?? ""), signatures },
    },
  };
  const results = {
    height: String(b.height),
    txs_results: b.txs.map((t) => ({ data: "", info: "", ...t.result })),
    finalize_block_events: b.finalize_block_events,
    validator_updates: [],
    consensus_param_updates: null,
    app_hash: "",
  };
  return { hash, block, results };
}

/** Loads the fixture and prepares every answer (transactions signed with the fixture's keys). */
export async function loadReplayChain(fixture: Fixture = "axm"): Promise<ReplayChain> {
  const accounts = fixtureAccounts(fixture);
  const genesis: Json = read(fixture, "genesis.json");
  const nodeState: Json = read(fixture, "node-state.json");
  const fixtureBlocks: FixtureBlock[] = read(fixture, "blocks.json");
  const chainId: string = genesis.genesis.chain_id;
  const sequences = new Map<string, number>();
  const proposer = consensusAddress(consensusSet(nodeState)[0].consensus_pubkey);
  const blocks: ReplayChain["blocks"] = [];
  const txHashes: string[][] = [];
  let previous: { hash: string; time: string } | null = null;
  for (const b of fixtureBlocks) {
    const txs: Uint8Array[] = [];
    for (const tx of b.txs) txs.push(await signedTx(tx, { chainId, accounts, sequences }));
    const answers = blockAnswers(b, txs, chainId, proposer, previous);
    blocks.push({ block: answers.block, results: answers.results });
    txHashes.push(txs.map((t) => toHex(sha256(t)).toUpperCase()));
    previous = { hash: answers.hash, time: b.time };
  }
  return { chainId, accounts, genesis, blocks, txHashes, nodeState };
}

/** A LegacyDec's atomics (value × 10^18) as protobuf carries it. */
function decAtomics(decimal: string): string {
  const [whole, fraction = ""] = decimal.split(".");
  return BigInt(`${whole}${fraction.padEnd(18, "0")}`).toString();
}

/** axm-node's Validator (proto/axiome/staking/v1beta1/staking.proto): fields 1-9 and 11-15, no commission. */
function axmValidator(v: Json): Uint8Array {
  const pubkey = { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: PubKey.encode({ key: fromBase64(v.consensus_pubkey) }).finish() };
  const w = BinaryWriter.create();
  w.uint32(10).string(v.operator_address);
  w.uint32(18).fork().uint32(10).string(pubkey.typeUrl).uint32(18).bytes(pubkey.value).ldelim();
  w.uint32(24).bool(v.jailed);
  w.uint32(32).int32(v.status);
  w.uint32(42).string(v.tokens);
  w.uint32(50).string(decAtomics(v.delegator_shares));
  w.uint32(58).bytes(Description.encode(Description.fromPartial({ moniker: v.moniker })).finish());
  w.uint32(90).string(v.min_self_delegation);
  w.uint32(112).uint64(BigInt(v.points));
  w.uint32(122).string(decAtomics(v.emission));
  return w.finish();
}

/** QueryParamsResponse {1 params: Params {1 community_tax, 5 burn_rate, 6 validator_commission_rate}} (distribution.proto). */
function distributionParams(state: Json): Uint8Array {
  const p = state.distribution_params;
  const params = BinaryWriter.create()
    .uint32(10)
    .string(decAtomics(p.community_tax))
    .uint32(42)
    .string(decAtomics(p.burn_rate))
    .uint32(50)
    .string(decAtomics(p.validator_commission_rate))
    .finish();
  return BinaryWriter.create().uint32(10).bytes(params).finish();
}

/** Answers of the gRPC paths the indexer asks; anything else is an unknown path, as baseapp answers it (sdk code 6). */
function abciAnswer(chain: ReplayChain, path: string, data: Uint8Array): { code: number; codespace?: string; log?: string; value?: Uint8Array } {
  const state = chain.nodeState;
  switch (path) {
    case "/axiome.distribution.v1beta1.Query/Params":
      return { code: 0, value: distributionParams(state) };
    case "/axiome.staking.v1beta1.Query/Validators": {
      const page = BinaryWriter.create();
      for (const v of state.validators) page.uint32(10).bytes(axmValidator(v));
      return { code: 0, value: page.finish() };
    }
    case "/axiome.staking.v1beta1.Query/Validator": {
      const wanted = QueryValidatorRequest.decode(data).validatorAddr;
      const v = state.validators.find((x: Json) => x.operator_address === wanted);
      return v
        ? { code: 0, value: BinaryWriter.create().uint32(10).bytes(axmValidator(v)).finish() }
        : { code: 5, codespace: "staking", log: "validator does not exist" };
    }
    case "/cosmos.bank.v1beta1.Query/SupplyOf":
      return { code: 0, value: QuerySupplyOfResponse.encode({ amount: { denom: "uaxm", amount: state.supply } }).finish() };
    case "/cosmos.bank.v1beta1.Query/Balance": {
      // The only balance the indexer reads is the bonded pool's: the bonded validators' tokens.
      const bonded = consensusSet(state).reduce((sum, v) => sum + BigInt(v.tokens), 0n);
      return { code: 0, value: QueryBalanceResponse.encode({ balance: { denom: "uaxm", amount: bonded.toString() } }).finish() };
    }
    default:
      return { code: 6, codespace: "sdk", log: `unknown query path ${path}: unknown request` };
  }
}

class RpcFailure extends Error {}

function heightOf(chain: ReplayChain, params: URLSearchParams): number {
  const height = Number(params.get("height") ?? chain.blocks.length);
  if (!Number.isInteger(height) || height < 1 || height > chain.blocks.length) {
    throw new RpcFailure(`height ${params.get("height")} must be less than or equal to the current blockchain height ${chain.blocks.length}`);
  }
  return height;
}

function validatorsAnswer(chain: ReplayChain, params: URLSearchParams) {
  const entries = consensusSet(chain.nodeState).map((v) => ({
    address: consensusAddress(v.consensus_pubkey),
    pub_key: { type: "tendermint/PubKeyEd25519", value: v.consensus_pubkey },
    voting_power: v.voting_power,
    proposer_priority: "0",
  }));
  return { block_height: String(heightOf(chain, params)), validators: entries, count: String(entries.length), total: String(entries.length) };
}

function statusAnswer(chain: ReplayChain) {
  const first = chain.blocks[0].block;
  const last = chain.blocks[chain.blocks.length - 1].block;
  return {
    node_info: {
      protocol_version: { p2p: "8", block: "11", app: "0" },
      id: "replay",
      listen_addr: "tcp://127.0.0.1:26656",
      network: chain.chainId,
      version: "0.38.12",
      channels: "40202122233038606100",
      moniker: "replay",
      other: { tx_index: "on", rpc_address: "tcp://127.0.0.1:26657" },
    },
    sync_info: {
      latest_block_hash: last.block_id.hash,
      latest_app_hash: "",
      latest_block_height: last.block.header.height,
      latest_block_time: last.block.header.time,
      earliest_block_hash: first.block_id.hash,
      earliest_app_hash: "",
      earliest_block_height: "1",
      earliest_block_time: first.block.header.time,
      catching_up: false,
    },
    validator_info: { address: "", pub_key: null, voting_power: "0" },
  };
}

function answer(chain: ReplayChain, method: string, params: URLSearchParams): unknown {
  switch (method) {
    case "status":
      return statusAnswer(chain);
    case "genesis":
      return chain.genesis;
    case "block":
      return chain.blocks[heightOf(chain, params) - 1].block;
    case "block_results":
      return chain.blocks[heightOf(chain, params) - 1].results;
    case "commit": {
      const { block } = chain.blocks[heightOf(chain, params) - 1];
      return {
        signed_header: { header: block.block.header, commit: { height: block.block.header.height, round: 0, block_id: block.block_id, signatures: [] } },
        canonical: true,
      };
    }
    case "validators":
      return validatorsAnswer(chain, params);
    case "num_unconfirmed_txs":
      return { n_txs: "0", total: "0", total_bytes: "0", txs: null };
    case "abci_query": {
      const path = (params.get("path") ?? "").replace(/^"|"$/g, "");
      const { value, ...rest } = abciAnswer(chain, path, fromHex((params.get("data") ?? "").replace(/^0x/, "")));
      return {
        response: {
          log: "",
          info: "",
          index: "0",
          key: null,
          value: value ? toBase64(value) : null,
          proof_ops: null,
          height: String(chain.blocks.length),
          codespace: "",
          ...rest,
        },
      };
    }
    default:
      throw new RpcFailure(`method ${method} not found`);
  }
}

export interface ReplayNode {
  url: string;
  /** Methods asked, in order ("abci_query" with its path). */
  asked: string[];
  close(): Promise<void>;
}

/** Serves the chain on 127.0.0.1 at a free port. */
export async function serveReplayNode(chain: ReplayChain): Promise<ReplayNode> {
  const asked: string[] = [];
  /** One call's status and JSON-RPC body, as its GET gets them. */
  const reply = (path: string): { status: number; body: string } => {
    const url = new URL(path, "http://127.0.0.1");
    const method = url.pathname.slice(1);
    asked.push(method === "abci_query" ? `abci_query ${url.searchParams.get("path")}` : method);
    try {
      return { status: 200, body: JSON.stringify({ jsonrpc: "2.0", id: -1, result: answer(chain, method, url.searchParams) }) };
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error;
      return { status: 500, body: JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: "Internal error", data: error.message } }) };
    }
  };
  const server: Server = createServer((request, response) => answerCalls(request, response, reply));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface IndexedReplay {
  chain: ReplayChain;
  node: ReplayNode;
  db: Database;
  close(): Promise<void>;
}

/** The fixture chain served and indexed by the real Indexer into a new test database, `batchBlocks` blocks a batch. */
export async function indexReplay(
  engine: "pglite" | "postgres",
  batchBlocks: number,
  { fixture, ...options }: { leaderBonusWallet?: string; fixture?: Fixture } = {},
): Promise<IndexedReplay> {
  const chain = await loadReplayChain(fixture);
  const node = await serveReplayNode(chain);
  const t = await createTestDatabase(engine);
  const indexer = new Indexer({ db: t.db, rpc: new RpcClient(node.url, { timeoutMs: 5000 }), batchBlocks, pollMs: 100, log: () => undefined, ...options });
  const height = await indexer.catchUp();
  if (height !== chain.blocks.length) throw new Error(`indexed up to ${height} of ${chain.blocks.length}`);
  return {
    chain,
    node,
    db: t.db,
    close: async () => {
      await node.close();
      await t.drop();
    },
  };
}
