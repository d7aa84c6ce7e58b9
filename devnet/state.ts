// The devnet's application state (accounts, balances, staking, rewards, referral tree, wasm) with undo for failed messages.
import type { AccountKey, ConsensusKey } from "./keys.ts";
import { WasmState } from "./wasm-state.ts";
import { ReferralStore } from "./referral-store.ts";
import { VoteStore } from "./vote-store.ts";

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
  /** Emission points (staking.proto field 14): grow while the validator is in the last commit. */
  points: bigint;
  /** The validator's own share of emission, LegacyDec atomics (field 15). */
  emission: bigint;
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

/** A stake move waiting for the staking authority (x/staking keeper: the voting flag of a delegator and validator). */
export interface StakeMoveRequest {
  delegator: string;
  validator: string;
  dstDelegator: string;
}

/** An x/authz grant (GenericAuthorization only). */
export interface AuthzGrant {
  granter: string;
  grantee: string;
  msgTypeUrl: string;
  /** undefined: no expiration. */
  expirationMs?: number;
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
  /** validator → delegator → pending fee reward, LegacyDec atomics (10^18 = 1 uaxm). */
  readonly rewards = new Map<string, Map<string, bigint>>();
  /** Accumulated commission by validator, LegacyDec atomics. */
  readonly commission = new Map<string, bigint>();
  /** The distribution module's dust (allocation and withdrawal remainders), LegacyDec atomics. */
  communityPool = 0n;
  /** validator → delegator → the validator's points when the delegation last changed or was paid emission. */
  readonly delegationPoints = new Map<string, Map<string, bigint>>();
  readonly unbondings: UnbondingEntry[] = [];
  readonly redelegations: RedelegationEntry[] = [];
  /** x/referral: Info records, children, params. */
  readonly referral = new ReferralStore((undo) => this.record(undo));
  /** x/vote: government, params, the current proposal, polls and their history. */
  readonly vote = new VoteStore((undo) => this.record(undo));
  /** Pending stake moves by "delegator/validator". */
  readonly stakeMoves = new Map<string, StakeMoveRequest>();
  /** x/authz grants by "granter/grantee/msgTypeUrl". */
  readonly grants = new Map<string, AuthzGrant>();
  /** uret balances (the referral reward denom of uret mode), by address. */
  readonly uretBalances = new Map<string, bigint>();
  uretSupply = 0n;
  /** The account that confirms and cancels stake moves (the staking module's authority). */
  stakingAuthority = "";
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

  /** The validator's points a delegation last took (0 when it has none). */
  delegationPointsOf(validator: string, delegator: string): bigint {
    return this.delegationPoints.get(validator)?.get(delegator) ?? 0n;
  }

  setDelegationPoints(validator: string, delegator: string, points: bigint | undefined): void {
    const before = this.delegationPoints.get(validator)?.get(delegator);
    const byDelegator = this.delegationPoints.get(validator) ?? new Map<string, bigint>();
    this.delegationPoints.set(validator, byDelegator);
    if (points === undefined) byDelegator.delete(delegator);
    else byDelegator.set(delegator, points);
    this.record(() => this.setDelegationPoints(validator, delegator, before));
  }

  addToCommunityPool(atomics: bigint): void {
    this.communityPool += atomics;
    this.record(() => (this.communityPool -= atomics));
  }

  setStakeMove(key: string, request: StakeMoveRequest | undefined): void {
    const before = this.stakeMoves.get(key);
    if (request) this.stakeMoves.set(key, request);
    else this.stakeMoves.delete(key);
    this.record(() => this.setStakeMove(key, before));
  }

  setGrant(key: string, grant: AuthzGrant | undefined): void {
    const before = this.grants.get(key);
    if (grant) this.grants.set(key, grant);
    else this.grants.delete(key);
    this.record(() => this.setGrant(key, before));
  }

  uretBalance(address: string): bigint {
    return this.uretBalances.get(address) ?? 0n;
  }

  setUretBalance(address: string, amount: bigint): void {
    const before = this.uretBalances.get(address);
    this.uretBalances.set(address, amount);
    this.record(() => (before === undefined ? this.uretBalances.delete(address) : this.uretBalances.set(address, before)));
  }

  changeUretSupply(delta: bigint): void {
    this.uretSupply += delta;
    this.record(() => (this.uretSupply -= delta));
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
