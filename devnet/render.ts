// CometBFT 0.38 JSON for the RPC results, rendered from compact block records on request.
import type { Chain } from "./chain.ts";
import { type BlockRecord, unpackResults, sha256Hex } from "./blocks.ts";
import { signVote } from "./votes.ts";
import type { Validator } from "./state.ts";
import { setMembers } from "./validator-set.ts";

export const NODE_VERSION = "0.38.17";
const ZERO_TIME = "0001-01-01T00:00:00Z";
const EMPTY_BLOCK_ID = { hash: "", parts: { total: 0, hash: "" } };

function blockId(record: BlockRecord) {
  return { hash: record.hash, parts: { total: 1, hash: record.partsHash } };
}

function pubKeyJson(validator: Validator) {
  return { type: "tendermint/PubKeyEd25519", value: Buffer.from(validator.consensus.pubkey).toString("base64") };
}

export function renderHeader(chain: Chain, record: BlockRecord) {
  const previous = chain.store.get(record.height - 1);
  return {
    version: { block: "11", app: "0" },
    chain_id: chain.info.chainId,
    height: String(record.height),
    time: record.time,
    last_block_id: previous ? blockId(previous) : EMPTY_BLOCK_ID,
    last_commit_hash: record.lastCommitHash,
    data_hash: record.dataHash,
    validators_hash: record.validatorsHash,
    next_validators_hash: record.nextValidatorsHash,
    consensus_hash: "048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F",
    app_hash: record.appHash,
    last_results_hash: record.lastResultsHash,
    evidence_hash: "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
    proposer_address: chain.state.validators[record.proposer].consensus.addressHex,
  };
}

export interface SetMember {
  validator: Validator;
  power: number;
  priority: number;
}

/** The validator set of a height in CometBFT's order, with each member's proposer priority. */
export function validatorSet(chain: Chain, record: BlockRecord): SetMember[] {
  return setMembers(chain.state.validators, record.powers).map((member) => ({ ...member, priority: record.priorities[member.validator.index] }));
}

/** The commit for `record`'s block: every member of its set signed except the ones marked absent. */
export function renderCommit(chain: Chain, record: BlockRecord) {
  const signatures = validatorSet(chain, record).map(({ validator }, order) => {
    if (record.commitAbsent & (1 << validator.index)) {
      return { block_id_flag: 1, validator_address: "", timestamp: ZERO_TIME, signature: null };
    }
    const timeMs = record.timeMs + 1000 + 37 * order;
    const nanos = (record.height * 7919 + order * 104729) % 1_000_000;
    const timestamp = new Date(timeMs).toISOString().replace("Z", `${String(nanos).padStart(6, "0")}Z`);
    const signature = signVote(validator.consensus, {
      chainId: chain.info.chainId,
      height: record.height,
      round: record.round,
      blockHash: record.hash,
      partsHash: record.partsHash,
      timeMs,
      nanos,
    });
    return { block_id_flag: 2, validator_address: validator.consensus.addressHex, timestamp, signature };
  });
  return { height: String(record.height), round: record.round, block_id: blockId(record), signatures };
}

export function renderBlock(chain: Chain, record: BlockRecord) {
  const previous = chain.store.get(record.height - 1);
  return {
    block_id: blockId(record),
    block: {
      header: renderHeader(chain, record),
      data: { txs: record.txs.map((tx) => Buffer.from(tx).toString("base64")) },
      evidence: { evidence: [] },
      last_commit: previous ? renderCommit(chain, previous) : { height: "0", round: 0, block_id: EMPTY_BLOCK_ID, signatures: [] },
    },
  };
}

/** block_results as a JSON string: the stored results are spliced in without a parse. */
export function renderBlockResults(record: BlockRecord): string {
  const stored = unpackResults(record);
  const appHash = Buffer.from(record.resultAppHash, "hex").toString("base64");
  return `{"height":"${record.height}",${stored.slice(1, -1)},"app_hash":"${appHash}"}`;
}

export function renderBlockMeta(chain: Chain, record: BlockRecord) {
  const size = record.txs.reduce((sum, tx) => sum + tx.length, 0) + 600;
  return { block_id: blockId(record), block_size: String(size), header: renderHeader(chain, record), num_txs: String(record.txCount) };
}

export function renderValidators(record: BlockRecord, all: SetMember[], page: number, perPage: number) {
  const slice = all.slice((page - 1) * perPage, page * perPage);
  return {
    block_height: String(record.height),
    validators: slice.map(({ validator, power, priority }) => ({
      address: validator.consensus.addressHex,
      pub_key: pubKeyJson(validator),
      voting_power: String(power),
      proposer_priority: String(priority),
    })),
    count: String(slice.length),
    total: String(all.length),
  };
}

export function renderStatus(chain: Chain, genesisTime: string) {
  const latest = chain.store.latest();
  const first = chain.store.get(1);
  const node = chain.state.validators[0];
  return {
    node_info: {
      protocol_version: { p2p: "8", block: "11", app: "0" },
      id: node.consensus.addressHex.toLowerCase(),
      listen_addr: "tcp://0.0.0.0:26656",
      network: chain.info.chainId,
      version: NODE_VERSION,
      channels: "40202122233038606100",
      moniker: "axm-devnet-node",
      other: { tx_index: "on", rpc_address: "tcp://0.0.0.0:26657" },
    },
    sync_info: {
      latest_block_hash: latest?.hash ?? "",
      latest_app_hash: latest?.resultAppHash ?? "",
      latest_block_height: String(latest?.height ?? 0),
      latest_block_time: latest?.time ?? genesisTime,
      earliest_block_hash: first?.hash ?? "",
      earliest_app_hash: first?.appHash ?? "",
      earliest_block_height: first ? "1" : "0",
      earliest_block_time: first?.time ?? genesisTime,
      catching_up: false,
    },
    validator_info: { address: node.consensus.addressHex, pub_key: pubKeyJson(node), voting_power: String(latest?.powers[0] ?? 0) },
  };
}

/** One tx_result as the `tx` method and tx_search give it, from the block's stored results. */
export function renderTx(chain: Chain, height: number, index: number) {
  const record = chain.store.get(height)!;
  const tx = record.txs[index];
  return {
    hash: sha256Hex(tx),
    height: String(height),
    index,
    tx_result: JSON.parse(unpackResults(record)).txs_results[index],
    tx: Buffer.from(tx).toString("base64"),
  };
}
