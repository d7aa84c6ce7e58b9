// Read-only views of the devnet's state, for integration tests that check an indexer against the chain.
import type { Chain, TxRecord } from "./chain.ts";
import { DEC, claimableByValidator, pendingRewards } from "./distribution.ts";
import type { Profile, Exchange } from "./profiles.ts";
import type { Status } from "../core/partnership-status.ts";
import type { ActiveAggregations } from "../core/partnership-chain.ts";
import { rfc3339Seconds } from "./staking.ts";
import type { BondStatus, NodeBehaviour, StakeMoveRequest, AuthzGrant } from "./state.ts";
import type { CurrentVote, HistoryRecord, PollHistoryRecord, StoredPoll, VoteParams } from "./vote-store.ts";
import { partnershipView } from "./view-partnership.ts";
import { MODULE } from "./module-accounts.ts";
import type { Permission } from "./wasm-state.ts";
import { CW20_BASE, balances as cw20Balances, marketingInfo, tokenInfo, type MarketingInfo, type TokenInfo } from "./cw20.ts";

export interface DelegationView {
  delegator: string;
  validator: string;
  amount: bigint;
}

export interface UnbondingView extends DelegationView {
  completionTime: string;
}

export interface ValidatorView {
  operatorAddress: string;
  consensusAddressHex: string;
  moniker: string;
  identity: string;
  /** The validator's own description. */
  details: string;
  tokens: bigint;
  status: BondStatus;
  jailed: boolean;
  /** Accumulated commission not yet withdrawn, whole uaxm (the global validator_commission_rate applies to all). */
  commission: bigint;
  /** Emission points (staking.proto field 14). */
  points: bigint;
  /** How the devnet runs the validator's node (miss rate, offline heights). */
  node: NodeBehaviour;
}

/** The chain's Info record of a registered account (x/referral Get), with the explorer's status beside the chain's enum. */
export interface PartnerRecordView {
  /** Explorer status 0..7. */
  status: Status;
  /** The chain's enum (1 NEW .. 8 MEGA). */
  chainStatus: number;
  /** undefined for the top-level account. */
  referrer: string | undefined;
  active: boolean;
  /** uaxm of its own delegations since it registered (the chain counts no genesis delegation). */
  selfDelegated: bigint;
  /** uaxm its team delegates at levels 1..14, as the chain keeps it. */
  teamDelegated: bigint;
  /** People in its team, every depth (counted from the tree; not on chain). */
  teamSize: number;
  /** 15 entries: [0] itself, [i] active members at level i. */
  activeRefCounts: number[];
  activeCount: ActiveAggregations;
  /** RFC 3339, set while a downgrade is scheduled. */
  statusDowngradeAt: string | undefined;
}

export interface CodeView {
  id: number;
  /** Lower-case hex SHA-256 of the wasm bytes. */
  checksum: string;
  creator: string;
  permission: Permission;
  /** The AnyOfAddresses list, empty otherwise. */
  addresses: string[];
  /** The program the code runs, as "cw2 name@version" ("crates.io:cw20-base@1.1.2"). */
  program: string;
}

export interface HistoryView {
  operation: "init" | "migrate" | "genesis";
  codeId: number;
  height: number;
  txIndex: number;
  /** The message, parsed from its JSON bytes. */
  msg: unknown;
}

export interface ContractView {
  address: string;
  codeId: number;
  creator: string;
  /** "" when the contract has no admin. */
  admin: string;
  label: string;
  createdHeight: number;
  createdTxIndex: number;
  history: HistoryView[];
  /** Successful MsgExecuteContract messages addressed to it. */
  executeMessages: number;
  /** `execute` events naming it: its own messages plus calls from other contracts (a CW-20 send's Receive). */
  executeEvents: number;
}

export interface Cw20TokenView {
  contract: string;
  /** token_info as stored (total_supply a string, mint null when the token has no minter). */
  tokenInfo: TokenInfo;
  /** marketing_info as stored, undefined when the token has none. */
  marketing: MarketingInfo | undefined;
}

export interface DevnetStateView {
  /** uaxm balance. */
  balances(address: string): bigint;
  /** Every address holding uaxm now, module accounts included. */
  holders(): string[];
  /** uret balance (uret mode's partner fees). */
  uretBalance(address: string): bigint;
  account(address: string): { accountNumber: number; sequence: number } | undefined;
  delegations(delegator?: string): DelegationView[];
  unbondings(delegator?: string): UnbondingView[];
  redelegations(delegator?: string): (DelegationView & { destination: string; completionTime: string })[];
  /** Claimable now, whole uaxm: what withdrawing from every validator would pay (fee rewards and emission, each truncated). */
  rewards(delegator: string): bigint;
  /** The same per validator delegated to, one entry per delegation. */
  rewardsByValidator(delegator: string): { validator: string; amount: bigint }[];
  /** Every validator, in creation order (genesis first). */
  validators(): ValidatorView[];
  /** What the distribution module owes, LegacyDec atomics: pending fee rewards, commission, and the community pool's dust. */
  distributionPool(): { rewards: bigint; commission: bigint; communityPool: bigint };
  /** Stake moves awaiting the staking authority. */
  stakeMoves(): StakeMoveRequest[];
  /** x/authz grants. */
  grants(): AuthzGrant[];
  /** x/vote as its store holds it: the poll current (only genesis makes one), the last started one (never current), answers. */
  vote(): {
    government: string[];
    params: VoteParams;
    current: CurrentVote | null;
    history: HistoryRecord[];
    poll: StoredPoll | null;
    startedPoll: StoredPoll | null;
    answers: { respondent: string; yes: boolean }[];
    pollHistory: PollHistoryRecord[];
  };
  referrer(address: string): string | undefined;
  /** Every registered account but the top-level one, with its referrer. */
  referrals(): { address: string; referrer: string }[];
  /** Explorer status (0 No Status .. 7 Mega) of the chain's status. */
  status(address: string): Status;
  /** Every registered account's status (the root included). */
  statuses(): { address: string; status: Status }[];
  /** The chain's Info record: undefined for an unregistered account. */
  partnerRecord(address: string): PartnerRecordView | undefined;
  /** People in the team, every depth, the account itself not included (counted from the tree). */
  teamSize(address: string): number;
  /** uaxm the team delegates at levels 1..14, as the chain's Info keeps it (delegations since registration only). */
  teamDelegated(address: string): bigint;
  /** First-line referrals in the chain's order (address text). */
  children(address: string): string[];
  /** Premium expiry (RFC 3339) the programme gives for 50 AXM burns, undefined when never bought. */
  premiumExpiry(address: string): string | undefined;
  /** KPI since the programme's last leader-bonus payout (largest-branch rule), uaxm. */
  kpi(address: string): bigint;
  /** The programme's leader-bonus wallet and weekly amount (not chain state). */
  readonly leaderBonus: { wallet: string; weekly: bigint };
  profile(address: string): Profile | undefined;
  readonly exchanges: readonly Exchange[];
  readonly referralRoot: string;
  readonly txs: readonly TxRecord[];
  readonly counts: { txs: number; failed: number; byType: Record<string, number> };
  readonly supply: bigint;
  readonly minted: bigint;
  readonly burned: bigint;
  /** Tokens of bonded validators, what the bonded pool holds. */
  readonly bonded: bigint;
  readonly modules: typeof MODULE;
  /** Uploaded codes, by id. */
  codes(): CodeView[];
  /** Contracts in instantiation order. */
  contracts(): ContractView[];
  /** A contract's raw storage in key order: what AllContractState pages through. */
  contractState(address: string): { key: Uint8Array; value: Uint8Array }[];
  /** Contracts running cw20-base, with their token_info and marketing_info. */
  cw20Tokens(): Cw20TokenView[];
  /** Every balance a CW-20 contract stores (zero balances included, as cw20-base keeps them), by holder. */
  cw20Balances(contract: string): Map<string, bigint>;
  /** The token's total_supply. */
  cw20Supply(contract: string): bigint;
  /** Accounts that deploy and use the contracts. */
  readonly contractTeam: readonly string[];
}

export function stateView(chain: Chain): DevnetStateView {
  const state = chain.state;
  const mine = (delegator?: string) => (entry: { delegator: string }) => delegator === undefined || entry.delegator === delegator;
  return {
    balances: (address) => state.balance(address),
    holders: () => [...state.balances].filter(([, amount]) => amount > 0n).map(([address]) => address),
    uretBalance: (address) => state.uretBalance(address),
    account: (address) => {
      const account = state.accounts.get(address);
      return account && { accountNumber: account.number, sequence: account.sequence };
    },
    delegations: (delegator) => {
      const list: DelegationView[] = [];
      for (const [validator, byDelegator] of state.delegations) {
        for (const [address, amount] of byDelegator) {
          if (delegator === undefined || address === delegator) list.push({ delegator: address, validator, amount });
        }
      }
      return list;
    },
    unbondings: (delegator) =>
      state.unbondings.filter(mine(delegator)).map((u) => ({
        delegator: u.delegator,
        validator: u.validator,
        amount: u.amount,
        completionTime: rfc3339Seconds(u.completionMs),
      })),
    redelegations: (delegator) =>
      state.redelegations.filter(mine(delegator)).map((r) => ({
        delegator: r.delegator,
        validator: r.source,
        destination: r.destination,
        amount: r.amount,
        completionTime: rfc3339Seconds(r.completionMs),
      })),
    rewards: (delegator) => pendingRewards(state, delegator),
    rewardsByValidator: (delegator) => claimableByValidator(state, delegator),
    validators: () =>
      state.validators.map((v) => ({
        operatorAddress: v.operatorAddress,
        consensusAddressHex: v.consensus.addressHex,
        moniker: v.moniker,
        identity: v.identity,
        details: v.details,
        tokens: v.tokens,
        status: v.status,
        jailed: v.jailed,
        commission: (state.commission.get(v.operatorAddress) ?? 0n) / DEC,
        points: v.points,
        node: v.node,
      })),
    distributionPool: () => ({
      rewards: [...state.rewards.values()].reduce((sum, byDelegator) => sum + [...byDelegator.values()].reduce((a, b) => a + b, 0n), 0n),
      commission: [...state.commission.values()].reduce((a, b) => a + b, 0n),
      communityPool: state.communityPool,
    }),
    stakeMoves: () => [...state.stakeMoves.values()],
    grants: () => [...state.grants.values()],
    vote: () => ({
      government: [...state.vote.government],
      params: state.vote.params,
      current: state.vote.current,
      history: state.vote.historyInOrder(),
      poll: state.vote.poll,
      startedPoll: state.vote.startedPoll,
      answers: [...state.vote.answers].map(([respondent, yes]) => ({ respondent, yes })),
      pollHistory: state.vote.pollHistoryInOrder(),
    }),
    ...partnershipView(chain),
    profile: (address) => chain.info.profiles.find((p) => p.address === address),
    exchanges: chain.info.exchanges,
    referralRoot: chain.info.referralRoot,
    txs: chain.txs,
    counts: chain.counts,
    get supply() {
      return state.supply;
    },
    get minted() {
      return state.minted;
    },
    get burned() {
      return state.burned;
    },
    get bonded() {
      return state.bondedTokens();
    },
    modules: MODULE,
    codes: () =>
      state.wasm.codeList().map((code) => ({
        id: code.id,
        checksum: Buffer.from(code.checksum).toString("hex"),
        creator: code.creator,
        permission: code.instantiatePermission.permission,
        addresses: [...code.instantiatePermission.addresses],
        program: `${code.program.contract}@${code.program.version}`,
      })),
    contracts: () =>
      state.wasm.contractList().map((c) => ({
        address: c.address,
        codeId: c.codeId,
        creator: c.creator,
        admin: c.admin,
        label: c.label,
        createdHeight: c.created.height,
        createdTxIndex: c.created.txIndex,
        history: c.history.map((h) => ({
          operation: h.operation,
          codeId: h.codeId,
          height: h.updated.height,
          txIndex: h.updated.txIndex,
          msg: JSON.parse(Buffer.from(h.msg).toString("utf8")),
        })),
        executeMessages: c.executeMessages,
        executeEvents: c.executeEvents,
      })),
    contractState: (address) => (state.wasm.contract(address) ? state.wasm.storage(address).range(new Uint8Array()) : []),
    cw20Tokens: () =>
      state.wasm
        .contractList()
        .filter((c) => state.wasm.code(c.codeId)?.program === CW20_BASE)
        .map((c) => {
          const storage = state.wasm.storage(c.address);
          return { contract: c.address, tokenInfo: tokenInfo(storage)!, marketing: marketingInfo(storage) };
        }),
    cw20Balances: (contract) => cw20Balances(state.wasm.storage(contract)),
    cw20Supply: (contract) => BigInt(tokenInfo(state.wasm.storage(contract))?.total_supply ?? "0"),
    contractTeam: chain.info.contractTeam,
  };
}
