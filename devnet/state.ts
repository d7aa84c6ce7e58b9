// The devnet's application state (accounts, balances, staking, rewards, referral tree) with undo for failed messages.
import type { AccountKey, ConsensusKey } from "./keys.ts";

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
  commissionRate: string;
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

type Undo = () => void;

export class ChainState {
  height = 0;
  timeMs = 0;
  readonly accounts = new Map<string, Account>();
  readonly balances = new Map<string, bigint>();
  readonly validators: Validator[] = [];
  readonly validatorByOperator = new Map<string, Validator>();
  /** validator → delegator → amount (shares equal tokens: nobody is ever slashed on the devnet). */
  readonly delegations = new Map<string, Map<string, bigint>>();
  /** delegator → total delegated, for statuses. */
  readonly delegatedBy = new Map<string, bigint>();
  /** validator → delegator → pending reward. */
  readonly rewards = new Map<string, Map<string, bigint>>();
  readonly commission = new Map<string, bigint>();
  readonly unbondings: UnbondingEntry[] = [];
  readonly redelegations: RedelegationEntry[] = [];
  readonly referrers = new Map<string, string>();
  /** Keys of accounts derived from the devnet mnemonic, by address. */
  readonly keys = new Map<string, AccountKey>();
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
    this.record(() => this.setDelegation(validator, delegator, before));
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

  addUnbonding(entry: UnbondingEntry): void {
    this.unbondings.push(entry);
    this.record(() => this.unbondings.pop());
  }

  addRedelegation(entry: RedelegationEntry): void {
    this.redelegations.push(entry);
    this.record(() => this.redelegations.pop());
  }

  setReferrer(address: string, referrer: string): void {
    this.referrers.set(address, referrer);
    this.record(() => this.referrers.delete(address));
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

  bondedTokens(): bigint {
    return this.validators.reduce((sum, v) => sum + v.tokens, 0n);
  }
}
