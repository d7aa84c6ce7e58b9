// The vote module's store as x/vote keeps it (types/key.go, keeper/keeper.go, keeper/government.go): government,
// params, the current proposal and its voters, history, and the poll keys, quirks included; changes can be undone.
import type { TxMessage } from "./handlers.ts";

/** params.proto Params: minutes, whatever the proto comments say (keeper.go multiplies them by time.Minute). */
export interface VoteParams {
  votePeriod: number;
  pollPeriod: number;
}

/** types.proto Proposal; its messages kept decoded (what executes) and encoded again for the queries. */
export interface StoredProposal {
  name: string;
  author: string;
  messages: TxMessage[];
  endTimeMs: number;
}

/** The current vote: KeyCurrentVote, KeyAgreedMembers, KeyDisagreedMembers and KeyStartBlock together. */
export interface CurrentVote {
  proposal: StoredProposal;
  agreed: string[];
  disagreed: string[];
  startBlock: number;
}

/** types.proto ProposalHistoryRecord (started and finished are heights). */
export interface HistoryRecord {
  proposal: StoredProposal;
  government: string[];
  agreed: string[];
  disagreed: string[];
  started: number;
  finished: number;
}

/** types.proto Poll; quorum is util.Fraction text, "" for none; minStatus the chain's status enum. */
export interface StoredPoll {
  name: string;
  author: string;
  question: string;
  startTimeMs?: number;
  endTimeMs?: number;
  quorum: string;
  canValidate: boolean;
  minStatus?: number;
}

/** types.proto Decision. */
export const DECISION = { UNSPECIFIED: 0, POSITIVE: 1, NEGATIVE: 2 } as const;

/** types.proto PollHistoryItem. */
export interface PollHistoryRecord {
  poll: StoredPoll;
  yes: bigint;
  no: bigint;
  decision: number;
}

type Undo = () => void;

export class VoteStore {
  params: VoteParams = { votePeriod: 1, pollPeriod: 1 };
  /** KeyGovernment: members in the order they were added. */
  government: string[] = [];
  current: CurrentVote | null = null;
  /** KeyHistoryPrefix + big-endian finishing height: two proposals finished at one height keep the later. */
  readonly history = new Map<number, HistoryRecord>();
  /** KeyPollPrefix + KeyPollCurrent (0x0A0B): the poll every reader looks at; only genesis (LoadPolls) puts one there. */
  poll: StoredPoll | null = null;
  /** KeyPollPrefix + KeyPollAnswers + account (0x0A0C…): one answer each. */
  readonly answers = new Map<string, boolean>();
  /** KeyPollCurrent alone (0x0B): where keeper.go StartPoll writes its poll, which nothing ever reads. */
  startedPoll: StoredPoll | null = null;
  /** KeyPollPrefix + KeyPollHistory + big-endian end time in seconds. */
  readonly pollHistory = new Map<number, PollHistoryRecord>();
  private readonly record: (undo: Undo) => void;

  constructor(record: (undo: Undo) => void) {
    this.record = record;
  }

  setParams(params: VoteParams): void {
    const before = this.params;
    this.params = params;
    this.record(() => (this.params = before));
  }

  setGovernment(members: string[]): void {
    const before = this.government;
    this.government = members;
    this.record(() => (this.government = before));
  }

  setCurrent(current: CurrentVote | null): void {
    const before = this.current;
    this.current = current;
    this.record(() => (this.current = before));
  }

  addHistory(entry: HistoryRecord): void {
    const before = this.history.get(entry.finished);
    this.history.set(entry.finished, entry);
    this.record(() => (before ? this.history.set(entry.finished, before) : this.history.delete(entry.finished)));
  }

  setPoll(poll: StoredPoll | null): void {
    const before = this.poll;
    this.poll = poll;
    this.record(() => (this.poll = before));
  }

  setAnswer(account: string, yes: boolean): void {
    this.answers.set(account, yes);
    this.record(() => this.answers.delete(account));
  }

  clearAnswers(): void {
    const before = [...this.answers];
    this.answers.clear();
    this.record(() => before.forEach(([account, yes]) => this.answers.set(account, yes)));
  }

  setStartedPoll(poll: StoredPoll): void {
    const before = this.startedPoll;
    this.startedPoll = poll;
    this.record(() => (this.startedPoll = before));
  }

  addPollHistory(endSeconds: number, item: PollHistoryRecord): void {
    const before = this.pollHistory.get(endSeconds);
    this.pollHistory.set(endSeconds, item);
    this.record(() => (before ? this.pollHistory.set(endSeconds, before) : this.pollHistory.delete(endSeconds)));
  }

  /** History records in their store order: finishing height. */
  historyInOrder(): HistoryRecord[] {
    return [...this.history.entries()].sort(([a], [b]) => a - b).map(([, record]) => record);
  }

  /** Poll history items in their store order: end time. */
  pollHistoryInOrder(): PollHistoryRecord[] {
    return [...this.pollHistory.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  }
}
