// Block production: BeginBlock rewards, mempool and workload transactions, EndBlock completions, block records.
import { MICRO } from "../core/amount.ts";
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import { EventSink, type AbciEvent } from "./events.ts";
import { beginBlockRewards } from "./distribution.ts";
import { completeMatured } from "./staking.ts";
import { deliverTx, parseTx, anteCheck, checkMinimumFee, type ParsedTx, type TxResult, type ExecOptions } from "./txexec.ts";
import { Workload } from "./workload.ts";
import { Mempool } from "./mempool.ts";
import { BlockStore, type BlockRecord, sha256Hex, packResults } from "./blocks.ts";
import { nextProposer } from "./proposer.ts";
import { Prng } from "./prng.ts";
import { TxFailure } from "./errors.ts";

export interface TxRecord {
  hash: string;
  height: number;
  index: number;
  code: number;
  signer: string;
  fee: bigint;
  types: string[];
  /** Every bech32 address in the messages, the signer included. */
  addresses: string[];
}

export interface ChainOptions {
  seed: string;
  chainId: string;
  blockTimeMs: number;
  txsPerBlock?: number;
}

export interface CheckTxResult {
  code: number;
  codespace: string;
  log: string;
  hash: string;
}

/** Consensus params the SDK reports with every FinalizeBlock. */
const CONSENSUS_PARAMS = {
  block: { max_bytes: "22020096", max_gas: "100000000" },
  evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
  validator: { pub_key_types: ["ed25519"] },
  version: { app: "0" },
  abci: { vote_extensions_enable_height: "0" },
};

const EMPTY_HASH = sha256Hex("");

function addressesIn(value: unknown, into: Set<string>): void {
  if (typeof value === "string") {
    if (/^axm(valoper)?1[02-9ac-hj-np-z]{38,}$/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) addressesIn(item, into);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) addressesIn(item, into);
  }
}

function rfc3339Nanos(ms: number, subMillisecondNanos: number): string {
  return new Date(ms).toISOString().replace("Z", `${String(subMillisecondNanos).padStart(6, "0")}Z`);
}

export class Chain {
  readonly state: ChainState;
  readonly info: GenesisInfo;
  readonly store = new BlockStore();
  readonly mempool = new Mempool();
  readonly txs: TxRecord[] = [];
  readonly counts = { txs: 0, failed: 0, byType: {} as Record<string, number> };
  private readonly opts: ChainOptions;
  private readonly exec: ExecOptions;
  private readonly workload: Workload;
  private readonly prng: Prng;
  private readonly priorities: number[];
  private appHash = "";

  constructor(state: ChainState, info: GenesisInfo, opts: ChainOptions, workloadSigners: string[]) {
    this.state = state;
    this.info = info;
    this.opts = opts;
    this.exec = { chainId: opts.chainId, referralRoot: info.referralRoot, verifySignature: false };
    this.workload = new Workload(state, {
      seed: opts.seed,
      chainId: opts.chainId,
      referralRoot: info.referralRoot,
      signers: workloadSigners,
      txsPerBlock: opts.txsPerBlock,
    });
    this.prng = new Prng(opts.seed, "consensus");
    this.priorities = state.validators.map(() => 0);
    this.appHash = sha256Hex("genesis", opts.seed);
  }

  private powers(): number[] {
    return this.state.validators.map((v) => Number(v.tokens / MICRO));
  }

  /** CheckTx for broadcast_tx_sync: ante checks against committed state plus the mempool. */
  checkTx(bytes: Uint8Array): CheckTxResult {
    let hash = sha256Hex(bytes);
    try {
      const tx = parseTx(bytes);
      hash = tx.hash;
      if (this.mempool.has(hash) || this.store.findTx(hash)) throw new TxFailure("sdk", 19, "tx already exists in cache");
      const account = this.state.accounts.get(tx.signer);
      anteCheck(this.state, tx, { ...this.exec, verifySignature: true }, account ? account.sequence + this.mempool.pendingFor(tx.signer) : undefined);
      checkMinimumFee(tx);
      this.mempool.add(tx);
      return { code: 0, codespace: "", log: "", hash };
    } catch (error) {
      if (!(error instanceof TxFailure)) throw error;
      return { code: error.code, codespace: error.codespace, log: error.message, hash };
    }
  }

  /** Runs a transaction without keeping its effects: gas estimate and events for Simulate. */
  simulate(bytes: Uint8Array): TxResult {
    const parsed = parseTx(bytes);
    // Simulation runs with an unlimited gas meter, as the SDK's does.
    const tx = { ...parsed, gasLimit: Number.MAX_SAFE_INTEGER };
    return this.state.dryRun(() => {
      const account = this.state.accounts.get(tx.signer);
      const sequence = account?.sequence;
      const result = deliverTx(this.state, tx, this.exec);
      if (account && sequence !== undefined) account.sequence = sequence;
      return { ...result, gasWanted: parsed.gasLimit };
    });
  }

  produceBlock(timeMs: number): BlockRecord {
    const state = this.state;
    const height = this.store.height + 1;
    const previous = this.store.latest();
    state.height = height;
    state.timeMs = timeMs;
    const powers = this.powers();
    const proposer = nextProposer(this.priorities, powers);
    const priorities = [...this.priorities];

    const begin = new EventSink([["mode", "BeginBlock"]]);
    beginBlockRewards(state, begin, this.opts.blockTimeMs);

    const txs: ParsedTx[] = this.mempool.drain();
    const results: TxResult[] = txs.map((tx) => deliverTx(state, tx, this.exec));
    const workloadCount = this.workload.txCount();
    for (let i = 0; i < workloadCount; i++) {
      const tx = this.workload.next();
      txs.push(tx);
      results.push(deliverTx(state, tx, this.exec));
    }
    txs.forEach((tx, index) => this.recordTx(tx, results[index], height, index));

    const end = new EventSink([["mode", "EndBlock"]]);
    completeMatured(state, end);

    const json = this.resultsJson(results, [...begin.events, ...end.events], this.validatorUpdates(powers));
    const record = this.record(height, timeMs, proposer, txs, json, powers, priorities, previous);
    this.store.add(record, txs.map((tx) => tx.hash));
    return record;
  }

  private recordTx(tx: ParsedTx, result: TxResult, height: number, index: number): void {
    const addresses = new Set<string>([tx.signer]);
    for (const message of tx.messages) addressesIn(message.value, addresses);
    const types = tx.messages.map((m) => m.typeUrl);
    this.txs.push({ hash: tx.hash, height, index, code: result.code, signer: tx.signer, fee: tx.fee, types, addresses: [...addresses] });
    this.counts.txs++;
    if (result.code !== 0) this.counts.failed++;
    for (const type of types) this.counts.byType[type] = (this.counts.byType[type] ?? 0) + 1;
  }

  /** Power changes become validator_updates, as x/staking's EndBlock reports them. */
  private validatorUpdates(before: number[]): object[] | null {
    const after = this.powers();
    const changed = this.state.validators.filter((_, i) => after[i] !== before[i]);
    if (changed.length === 0) return null;
    return changed.map((v) => ({
        pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Ed25519", value: { ed25519: Buffer.from(v.consensus.pubkey).toString("base64") } } },
        power: String(after[v.index]),
      }));
  }

  private resultsJson(results: TxResult[], blockEvents: AbciEvent[], updates: object[] | null): string {
    return JSON.stringify({
      txs_results:
        results.length === 0
          ? null
          : results.map((r) => ({
              code: r.code,
              data: r.data || null,
              log: r.log,
              info: "",
              gas_wanted: String(r.gasWanted),
              gas_used: String(r.gasUsed),
              events: r.events,
              codespace: r.codespace,
            })),
      finalize_block_events: blockEvents,
      validator_updates: updates,
      consensus_param_updates: CONSENSUS_PARAMS,
    });
  }

  private record(
    height: number,
    timeMs: number,
    proposer: number,
    txs: ParsedTx[],
    resultsJson: string,
    powers: number[],
    priorities: number[],
    previous: BlockRecord | undefined,
  ): BlockRecord {
    const time = rfc3339Nanos(timeMs, this.prng.int(1_000_000));
    const dataHash = txs.length === 0 ? EMPTY_HASH : sha256Hex(...txs.map((tx) => tx.hash));
    const validatorsHash = sha256Hex(...this.state.validators.map((v, i) => `${v.consensus.addressHex}:${powers[i]}`));
    const lastResultsHash = previous ? sha256Hex(previous.results) : EMPTY_HASH;
    const lastCommitHash = previous ? sha256Hex("commit", previous.hash, String(previous.commitAbsent)) : EMPTY_HASH;
    const results = packResults(resultsJson);
    const headerAppHash = this.appHash;
    // Hashing the compressed results is as deterministic as hashing the JSON, and 8x less to hash.
    this.appHash = sha256Hex(headerAppHash, results);
    const hash = sha256Hex(this.opts.chainId, String(height), time, previous?.hash ?? "", dataHash, validatorsHash, headerAppHash, lastResultsHash, lastCommitHash, String(proposer));
    let commitAbsent = 0;
    for (let i = 0; i < powers.length; i++) if (i !== proposer && this.prng.chance(0.03)) commitAbsent |= 1 << i;
    return {
      height,
      time,
      timeMs,
      proposer,
      txs: txs.map((tx) => tx.bytes),
      hash,
      partsHash: sha256Hex("parts", hash),
      dataHash,
      validatorsHash,
      appHash: headerAppHash,
      resultAppHash: this.appHash,
      lastResultsHash,
      lastCommitHash,
      commitAbsent,
      powers,
      priorities,
      results,
      txCount: txs.length,
    };
  }
}
