// The devnet's application state (accounts, balances, staking, rewards, referral tree, wasm) with undo for failed messages.
import type { AccountKey, ConsensusKey } from "./keys.ts";
import type { Status } from "../core/partnership-status.ts";
import type { PremiumConfig } from "../core/partnership-premium.ts";
import { WasmState } from "./wasm-state.ts";

export type BondStatus = "BOND_STATUS_BONDED" | "BOND_STATUS_UNBONDING" | "BOND_STATUS_UNBONDED";

/** How a validator's node behaves: the devnet's simulation of a machine, not chain state. */
export interface NodeBehaviour {
  /** Chance of missing any one precommit while online. */
  missRate: number;
  /** Heights [from, until) the node is offline; without `until` it never comes back. */
  offline?: { from: number; until?: number };
}

export function nodeOnline(node: NodeBehaviour, height: number): boolean {
  const { offline } = node;
  return !offline || height < offline.from || (offline.until !== undefined && height >= offline.until);
}

export interface Account {
  address: string;
  number: number;
  sequence: number;
  /** Known once the account has signed (or from genesis, for devnet keys). */
  pubkey?: Uint8Array;
}

export interface Validator {
  index: number;
  operatorAddress: string;
  /** The operator's own account (same bytes, axm prefix). */
  accountAddress: string;
  moniker: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
  consensus: ConsensusKey;
  tokens: bigint;
  status: BondStatus;
  jailed: boolean;
  unbondingHeight: number;
  /** 0 until the validator first starts unbonding (the SDK's time.Unix(0, 0)). */
  unbondingTimeMs: number;
  /** Delegation fee: commission on the minted part of rewards, LegacyDec atomics (10^18 = 100%). */
  commissionRate: bigint;
  /** Tx fee: commission on the transaction-fee part of rewards, same scale. */
  txFeeRate: bigint;
  commissionUpdateMs: number;
  node: NodeBehaviour;
}

/** x/slashing's record of a validator's recent signatures. */
export interface SigningInfo {
  startHeight: number;
  indexOffset: number;
  /** 1 where the window's block at that index was missed. */
  missed: Uint8Array;
  missedBlocksCounter: number;
  /** 0 when never jailed (the SDK's time.Unix(0, 0)). */
  jailedUntilMs: number;
}

export interface UnbondingEntry {
  delegator: string;
  validator: string;
  amount: bigint;
  creationHeight: number;
  completionMs: number;
}

export interface RedelegationEntry {
  delegator: string;
  source: string;
  destination: string;
  amount: bigint;
  creationHeight: number;
  completionMs: number;
}

/** The referral module's per-account record beyond the tree itself. */
export interface PartnerRecord {
  status: Status;
  /** Set while the account's conditions are not met; the status drops when it is reached. */
  downgradeAtMs?: number;
}

/** The referral module's params (x/referral), fixed at genesis. */
export interface ReferralParams {
  root: string;
  /** How long a status whose conditions stopped being met is kept (the chain's status_downgrade_period). */
  statusDowngradePeriodMs: number;
  /** Pays the partner rewards and burns the shares of locked levels. */
  rewardPool: string;
  leaderBonusWallet: string;
  /** uaxm the wallet pays out each week, at most its balance. */
  leaderBonusWeekly: bigint;
  premium: PremiumConfig;
}

type Undo = () => void;

export class ChainState {
  height = 0;
  timeMs = 0;
  readonly accounts = new Map<string, Account>();
  readonly balances = new Map<string, bigint>();
  readonly validators: Validator[] = [];
  readonly validatorByOperator = new Map<string, Validator>();
  /** By consensus address (upper-case hex); created when a validator is first bonded. */
  readonly signingInfos = new Map<string, SigningInfo>();
  /** Consensus keys of the nodes the devnet runs, by address hex (not chain state). */
  readonly consensusKeys = new Map<string, ConsensusKey>();
  /** validator → delegator → amount (shares equal tokens: downtime slashes nothing, README). */
  readonly delegations = new Map<string, Map<string, bigint>>();
  /** delegator → total delegated, for statuses. */
  readonly delegatedBy = new Map<string, bigint>();
  /** validator → delegator → pending reward. */
  readonly rewards = new Map<string, Map<string, bigint>>();
  readonly commission = new Map<string, bigint>();
  readonly unbondings: UnbondingEntry[] = [];
  readonly redelegations: RedelegationEntry[] = [];
  readonly referrers = new Map<string, string>();
  /** referrer → first-line referrals, in registration order. */
  readonly children = new Map<string, string[]>();
  /** People in an account's team (every depth), itself not included. */
  readonly teamSize = new Map<string, number>();
  /** uaxm its team delegates (every depth), its own delegation not included. */
  readonly teamDelegated = new Map<string, bigint>();
  readonly partnerRecords = new Map<string, PartnerRecord>();
  /** Premium expiry (ms) by account. */
  readonly premiumUntil = new Map<string, number>();
  /** leader → first-line branch → uaxm newly delegated in that branch since the last leader-bonus payout. */
  readonly kpiBranches = new Map<string, Map<string, bigint>>();
  /** Accounts whose status may have changed since the last EndBlock (a hint, so not undone with a failed message). */
  readonly partnersTouched = new Set<string>();
  referralParams!: ReferralParams;
  /** Chain time of the next leader-bonus payout (0 until genesis sets it). */
  nextLeaderBonusMs = 0;
  /** Keys of accounts derived from the devnet mnemonic, by address. */
  readonly keys = new Map<string, AccountKey>();
  /** Codes, contracts and contract storage (x/wasm). */
  readonly wasm = new WasmState((undo) => this.record(undo));
  supply = 0n;
  minted = 0n;
  burned = 0n;
  private nextAccountNumber = 0;
  private journal: Undo[] | null = null;

  /** Runs fn; if it throws, every change it made is undone and the error rethrown. */
  atomically<T>(fn: () => T): T {
    const outer = this.journal;
    const journal: Undo[] = [];
    this.journal = journal;
    try {
      const result = fn();
      if (outer) outer.push(...journal);
      return result;
    } catch (error) {
      for (let i = journal.length - 1; i >= 0; i--) journal[i]();
      throw error;
    } finally {
      this.journal = outer;
    }
  }

  /** Runs fn and undoes all its changes whatever happens (simulation). */
  dryRun<T>(fn: () => T): T {
    const marker = new Error("dry run");
    let result: T | undefined;
    try {
      this.atomically(() => {
        result = fn();
        throw marker;
      });
    } catch (error) {
      if (error !== marker) throw error;
    }
    return result as T;
  }

  private record(undo: Undo): void {
    this.journal?.push(undo);
  }

  ensureAccount(address: string): Account {
    let account = this.accounts.get(address);
    if (!account) {
      account = { address, number: this.nextAccountNumber++, sequence: 0 };
      this.accounts.set(address, account);
      this.record(() => {
        this.accounts.delete(address);
        this.nextAccountNumber--;
      });
    }
    return account;
  }

  balance(address: string): bigint {
    return this.balances.get(address) ?? 0n;
  }

  setBalance(address: string, amount: bigint): void {
    const before = this.balances.get(address);
    this.balances.set(address, amount);
    this.record(() => (before === undefined ? this.balances.delete(address) : this.balances.set(address, before)));
  }

  delegation(validator: string, delegator: string): bigint {
    return this.delegations.get(validator)?.get(delegator) ?? 0n;
  }

  setDelegation(validator: string, delegator: string, amount: bigint): void {
    const before = this.delegation(validator, delegator);
    const byDelegator = this.delegations.get(validator) ?? new Map<string, bigint>();
    this.delegations.set(validator, byDelegator);
    if (amount === 0n) byDelegator.delete(delegator);
    else byDelegator.set(delegator, amount);
    const total = (this.delegatedBy.get(delegator) ?? 0n) + amount - before;
    if (total === 0n) this.delegatedBy.delete(delegator);
    else this.delegatedBy.set(delegator, total);
    this.addToTeams(delegator, amount - before, 0);
    this.record(() => this.setDelegation(validator, delegator, before));
  }

  /** Every ancestor, from the referrer up to the root. */
  ancestors(address: string): string[] {
    const chain: string[] = [];
    for (let current = this.referrers.get(address); current; current = this.referrers.get(current)) chain.push(current);
    return chain;
  }

  /** Team totals of every ancestor follow a member's delegation and arrival; their statuses are looked at again. */
  private addToTeams(member: string, delegated: bigint, people: number): void {
    this.partnersTouched.add(member);
    for (const ancestor of this.ancestors(member)) {
      if (delegated !== 0n) this.teamDelegated.set(ancestor, (this.teamDelegated.get(ancestor) ?? 0n) + delegated);
      if (people !== 0) this.teamSize.set(ancestor, (this.teamSize.get(ancestor) ?? 0) + people);
      this.partnersTouched.add(ancestor);
    }
  }

  reward(validator: string, delegator: string): bigint {
    return this.rewards.get(validator)?.get(delegator) ?? 0n;
  }

  setReward(validator: string, delegator: string, amount: bigint): void {
    const before = this.reward(validator, delegator);
    const byDelegator = this.rewards.get(validator) ?? new Map<string, bigint>();
    this.rewards.set(validator, byDelegator);
    if (amount === 0n) byDelegator.delete(delegator);
    else byDelegator.set(delegator, amount);
    this.record(() => this.setReward(validator, delegator, before));
  }

  setCommission(validator: string, amount: bigint): void {
    const before = this.commission.get(validator) ?? 0n;
    this.commission.set(validator, amount);
    this.record(() => this.commission.set(validator, before));
  }

  setTokens(validator: Validator, tokens: bigint): void {
    const before = validator.tokens;
    validator.tokens = tokens;
    this.record(() => (validator.tokens = before));
  }

  updateValidator(validator: Validator, changes: Partial<Validator>): void {
    const before: Partial<Validator> = {};
    for (const key of Object.keys(changes) as (keyof Validator)[]) Object.assign(before, { [key]: validator[key] });
    Object.assign(validator, changes);
    this.record(() => Object.assign(validator, before));
  }

  addValidator(validator: Validator): void {
    this.validators.push(validator);
    this.validatorByOperator.set(validator.operatorAddress, validator);
    this.record(() => {
      this.validators.pop();
      this.validatorByOperator.delete(validator.operatorAddress);
    });
  }

  addUnbonding(entry: UnbondingEntry): void {
    this.unbondings.push(entry);
    this.record(() => this.unbondings.pop());
  }

  addRedelegation(entry: RedelegationEntry): void {
    this.redelegations.push(entry);
    this.record(() => this.redelegations.pop());
  }

  /** Registers an account (which has no team yet) under a referrer. */
  setReferrer(address: string, referrer: string): void {
    this.referrers.set(address, referrer);
    const siblings = this.children.get(referrer) ?? [];
    this.children.set(referrer, [...siblings, address]);
    const delegated = this.delegatedBy.get(address) ?? 0n;
    this.addToTeams(address, delegated, 1);
    this.record(() => {
      this.addToTeams(address, -delegated, -1);
      this.children.set(referrer, siblings);
      this.referrers.delete(address);
    });
  }

  setPartnerRecord(address: string, record: PartnerRecord): void {
    const before = this.partnerRecords.get(address);
    this.partnerRecords.set(address, record);
    this.record(() => (before ? this.partnerRecords.set(address, before) : this.partnerRecords.delete(address)));
  }

  setPremiumUntil(address: string, ms: number): void {
    const before = this.premiumUntil.get(address);
    this.premiumUntil.set(address, ms);
    this.record(() => (before === undefined ? this.premiumUntil.delete(address) : this.premiumUntil.set(address, before)));
  }

  addKpi(leader: string, branch: string, amount: bigint): void {
    const branches = this.kpiBranches.get(leader) ?? new Map<string, bigint>();
    this.kpiBranches.set(leader, branches);
    branches.set(branch, (branches.get(branch) ?? 0n) + amount);
    this.record(() => branches.set(branch, (branches.get(branch) ?? 0n) - amount));
  }

  resetKpi(): void {
    const before = new Map(this.kpiBranches);
    this.kpiBranches.clear();
    this.record(() => before.forEach((branches, leader) => this.kpiBranches.set(leader, branches)));
  }

  changeSupply(mintedDelta: bigint, burnedDelta: bigint): void {
    this.minted += mintedDelta;
    this.burned += burnedDelta;
    this.supply += mintedDelta - burnedDelta;
    this.record(() => {
      this.minted -= mintedDelta;
      this.burned -= burnedDelta;
      this.supply -= mintedDelta - burnedDelta;
    });
  }

  /** Tokens of bonded validators: what the bonded pool holds. */
  bondedTokens(): bigint {
    return this.validators.reduce((sum, v) => (v.status === "BOND_STATUS_BONDED" ? sum + v.tokens : sum), 0n);
  }
}
