// Block production: BeginBlock rewards, mempool and workload transactions, EndBlock completions, block records.
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import { EventSink, type AbciEvent } from "./events.ts";
import { nodeOnline } from "./state.ts";
import { allocateTokens, allocateValidatorsPoints, type CommitVote } from "./distribution.ts";
import { completeMatured } from "./staking.ts";
import { performDowngrades } from "./referral-hooks.ts";
import { initReferralGenesis } from "./referral-genesis.ts";
import { initVoteGenesis } from "./vote-genesis.ts";
import { voteBeginBlock } from "./vote.ts";
import { Programme } from "./programme.ts";
import { ScriptedWorkload } from "./scripted-workload.ts";
import { bondedPowers, setMembers, updateValidatorSet } from "./validator-set.ts";
import { handleLastCommit, type Vote } from "./slashing.ts";
import { deliverTx, parseTx, anteCheck, checkMinimumFee, type ParsedTx, type TxResult, type ExecOptions } from "./txexec.ts";
import { Workload, type TxsPerBlock } from "./workload.ts";
import { Operators } from "./operators.ts";
import { Mempool } from "./mempool.ts";
import { BlockStore, type BlockRecord, sha256Hex, packResults } from "./blocks.ts";
import { proposerOf, updatePriorities } from "./proposer.ts";
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
  txsPerBlock?: TxsPerBlock;
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
  private readonly operators: Operators;
  private readonly scripted: ScriptedWorkload;
  /** The off-chain partnership programme (Premium, KPI, weekly leader bonus) watching the chain. */
  readonly programme: Programme;
  private readonly prng: Prng;
  private readonly priorities: number[];
  /** Voting powers after the last EndBlock, by validator index (x/staking's last validator powers). */
  private lastPowers: number[];
  /** The validator sets of the next heights: CometBFT applies an EndBlock's updates two heights later. */
  private readonly upcomingSets: number[][];
  private appHash = "";

  constructor(state: ChainState, info: GenesisInfo, opts: ChainOptions, workloadSigners: string[]) {
    this.state = state;
    this.info = info;
    this.opts = opts;
    this.exec = { chainId: opts.chainId, verifySignature: false };
    this.scripted = new ScriptedWorkload(state, info, opts.seed);
    const reserved = (height: number) => this.scripted.reserved(height);
    this.workload = new Workload(state, {
      seed: opts.seed,
      chainId: opts.chainId,
      referralRoot: info.referralRoot,
      signers: workloadSigners,
      exchanges: info.exchanges.map((e) => e.address),
      txsPerBlock: opts.txsPerBlock,
      reserved,
    });
    this.operators = new Operators(state, opts.seed, workloadSigners, reserved);
    this.programme = new Programme(info.leaderBonusWallet, info.leaderBonusWeekly);
    this.prng = new Prng(opts.seed, "consensus");
    this.lastPowers = bondedPowers(state);
    this.upcomingSets = [this.lastPowers, this.lastPowers];
    this.priorities = this.lastPowers.map(() => 0);
    this.appHash = sha256Hex("genesis", opts.seed);
  }

  /** InitChain's referral and vote InitGenesis, at the genesis time (known once the clock has set it); their events are not kept. */
  initChain(genesisMs: number): void {
    initReferralGenesis(this.state, this.info.referral, genesisMs);
    initVoteGenesis(this.state, this.info.vote, genesisMs);
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

  /**
   * The set of the height after the latest with each member's priority before that height's proposer is chosen:
   * CometBFT already keeps it (NextValidators) and serves it as that height's `validators`.
   */
  nextSet(): { powers: number[]; priorities: number[] } {
    const powers = this.upcomingSets[0];
    const priorities = [...this.priorities];
    updatePriorities(priorities, this.store.latest()?.powers ?? powers, powers);
    return { powers, priorities };
  }

  produceBlock(timeMs: number): BlockRecord {
    const state = this.state;
    const height = this.store.height + 1;
    const previous = this.store.latest();
    state.height = height;
    state.timeMs = timeMs;
    const powers = this.upcomingSets.shift()!;
    updatePriorities(this.priorities, previous?.powers ?? powers, powers);
    const { proposer, round } = proposerOf(this.priorities, powers, (i) => nodeOnline(state.validators[i].node, height));
    const priorities = [...this.priorities];

    const begin = new EventSink([["mode", "BeginBlock"]]);
    // Height 1 has no last commit: no allocation and no points, as on the chain.
    if (previous) this.beginBlock(begin, this.lastCommitVotes(previous), timeMs - previous.timeMs);

    const txs: ParsedTx[] = [];
    const results: TxResult[] = [];
    const include = (tx: ParsedTx) => {
      txs.push(tx);
      const result = deliverTx(state, tx, this.exec);
      results.push(result);
      if (result.code === 0) this.programme.observe(state, tx.messages);
    };
    for (const tx of this.mempool.drain()) include(tx);
    const planned = [
      ...this.programme.duePayouts(state).map((message) => ({ signer: this.programme.wallet, messages: [message] })),
      ...this.operators.due(height),
      ...this.scripted.due(height),
    ];
    for (const { signer, messages } of planned) include(this.workload.sign(signer, messages));
    // Governance transactions come on top of the workload's share and carry no memo: they take nothing of its random
    // stream, so the rest of a run is what it was without them.
    for (const { signer, messages } of this.scripted.governanceDue(height)) include(this.workload.sign(signer, messages, ""));
    // Planned transactions count towards the workload's share of the block.
    const workloadCount = Math.max(0, this.workload.txCount() - planned.length);
    for (let i = 0; i < workloadCount; i++) include(this.workload.next());
    txs.forEach((tx, index) => this.recordTx(tx, results[index], height, index));

    const end = new EventSink([["mode", "EndBlock"]]);
    updateValidatorSet(state, end);
    completeMatured(state, end);
    const newPowers = bondedPowers(state);
    const updates = this.validatorUpdates(this.lastPowers, newPowers);
    this.lastPowers = newPowers;
    this.upcomingSets.push(newPowers);

    const json = this.resultsJson(results, [...begin.events, ...end.events], updates);
    const record = this.record(height, timeMs, { proposer, round }, txs, json, powers, priorities, previous);
    this.store.add(
      record,
      txs.map((tx) => tx.hash),
    );
    return record;
  }

  /** BeginBlockers in app.yaml's order: distribution, slashing, staking (emission points), referral (due downgrades), vote (ends). */
  private beginBlock(sink: EventSink, votes: Vote[], elapsedMs: number): void {
    const commit: CommitVote[] = votes.map(({ validator, power }) => ({ validator, power }));
    allocateTokens(this.state, sink, commit);
    handleLastCommit(this.state, sink, votes);
    allocateValidatorsPoints(this.state, commit, elapsedMs);
    performDowngrades(this.state, sink);
    voteBeginBlock(this.state, sink);
  }

  /** The last commit as x/slashing reads it: every member of that height's set, whether it signed. */
  private lastCommitVotes(previous: BlockRecord): Vote[] {
    return setMembers(this.state.validators, previous.powers).map(({ validator, power }) => ({
      validator,
      power,
      signed: (previous.commitAbsent & (1 << validator.index)) === 0,
    }));
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

  /** Power changes since the last EndBlock become validator_updates (power 0 for a validator leaving the set). */
  private validatorUpdates(before: number[], powers: number[]): object[] | null {
    const changed = this.state.validators.filter((_, i) => powers[i] !== (before[i] ?? 0));
    if (changed.length === 0) return null;
    return changed.map((v) => ({
      pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Ed25519", value: { ed25519: Buffer.from(v.consensus.pubkey).toString("base64") } } },
      power: String(powers[v.index]),
    }));
  }

  /** Absent precommits of a height's set: offline nodes, and online ones now and then at their miss rate; the proposer always signs. */
  private commitAbsence(height: number, powers: number[], proposer: number): number {
    let absent = 0;
    this.state.validators.forEach((validator, i) => {
      if (!powers[i] || i === proposer) return;
      if (!nodeOnline(validator.node, height) || this.prng.chance(validator.node.missRate)) absent |= 1 << i;
    });
    return absent;
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
    { proposer, round }: { proposer: number; round: number },
    txs: ParsedTx[],
    resultsJson: string,
    powers: number[],
    priorities: number[],
    previous: BlockRecord | undefined,
  ): BlockRecord {
    const time = rfc3339Nanos(timeMs, this.prng.int(1_000_000));
    const dataHash = txs.length === 0 ? EMPTY_HASH : sha256Hex(...txs.map((tx) => tx.hash));
    const validatorsHash = this.setHash(powers);
    const lastResultsHash = previous ? sha256Hex(previous.results) : EMPTY_HASH;
    const lastCommitHash = previous ? sha256Hex("commit", previous.hash, String(previous.commitAbsent)) : EMPTY_HASH;
    const results = packResults(resultsJson);
    const headerAppHash = this.appHash;
    // Hashing the compressed results is as deterministic as hashing the JSON, and 8x less to hash.
    this.appHash = sha256Hex(headerAppHash, results);
    const hash = sha256Hex(
      this.opts.chainId,
      String(height),
      time,
      previous?.hash ?? "",
      dataHash,
      validatorsHash,
      headerAppHash,
      lastResultsHash,
      lastCommitHash,
      String(proposer),
    );
    const commitAbsent = this.commitAbsence(height, powers, proposer);
    return {
      height,
      time,
      timeMs,
      proposer,
      round,
      txs: txs.map((tx) => tx.bytes),
      hash,
      partsHash: sha256Hex("parts", hash),
      dataHash,
      validatorsHash,
      nextValidatorsHash: this.setHash(this.upcomingSets[0]),
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

  private setHash(powers: number[]): string {
    return sha256Hex(...setMembers(this.state.validators, powers).map(({ validator, power }) => `${validator.consensus.addressHex}:${power}`));
  }
}
