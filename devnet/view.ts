// Read-only views of the devnet's state, for integration tests that check an indexer against the chain.
import type { Chain, TxRecord } from "./chain.ts";
import { pendingRewards } from "./distribution.ts";
import { kpiOf, statusOf } from "./referral.ts";
import type { Profile, Exchange } from "./profiles.ts";
import type { Status } from "../core/partnership-status.ts";
import { DEC_ONE, rfc3339Seconds } from "./staking.ts";
import { ratio } from "./events.ts";
import type { BondStatus, NodeBehaviour } from "./state.ts";
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
  tokens: bigint;
  status: BondStatus;
  jailed: boolean;
  /** Delegation fee and tx fee as LegacyDec text ("0.050000000000000000"). */
  delegationFee: string;
  txFee: string;
  /** Accumulated commission not yet withdrawn, in uaxm. */
  commission: bigint;
  /** How the devnet runs the validator's node (miss rate, offline heights). */
  node: NodeBehaviour;
}

export interface PartnerRecordView {
  status: Status;
  referrer: string | undefined;
  selfDelegated: bigint;
  teamDelegated: bigint;
  teamSize: number;
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
  /** uaxm balance (the devnet's only denom). */
  balances(address: string): bigint;
  account(address: string): { accountNumber: number; sequence: number } | undefined;
  delegations(delegator?: string): DelegationView[];
  unbondings(delegator?: string): UnbondingView[];
  redelegations(delegator?: string): (DelegationView & { destination: string; completionTime: string })[];
  /** Pending (claimable) rewards of a delegator over all validators. */
  rewards(delegator: string): bigint;
  /** Every validator, in creation order (genesis first). */
  validators(): ValidatorView[];
  referrer(address: string): string | undefined;
  /** Every registered account with its referrer. */
  referrals(): { address: string; referrer: string }[];
  /** Explorer status (0 No Status .. 7 Mega). */
  status(address: string): Status;
  /** Every registered account's status (the root included). */
  statuses(): { address: string; status: Status }[];
  /** The referral record beyond the tree: undefined for an unregistered account. */
  partnerRecord(address: string): PartnerRecordView | undefined;
  /** People in the team, every depth, the account itself not included. */
  teamSize(address: string): number;
  /** uaxm the team delegates, every depth, the account's own delegation not included. */
  teamDelegated(address: string): bigint;
  /** First-line referrals in registration order. */
  children(address: string): string[];
  /** Premium expiry (RFC 3339), undefined when never bought. */
  premiumExpiry(address: string): string | undefined;
  /** KPI since the last leader-bonus payout (largest-branch rule), uaxm. */
  kpi(address: string): bigint;
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
  const root = state.referralParams.root;
  const mine = (delegator?: string) => (entry: { delegator: string }) => delegator === undefined || entry.delegator === delegator;
  return {
    balances: (address) => state.balance(address),
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
    validators: () =>
      state.validators.map((v) => ({
        operatorAddress: v.operatorAddress,
        consensusAddressHex: v.consensus.addressHex,
        moniker: v.moniker,
        identity: v.identity,
        tokens: v.tokens,
        status: v.status,
        jailed: v.jailed,
        delegationFee: ratio(v.commissionRate, DEC_ONE),
        txFee: ratio(v.txFeeRate, DEC_ONE),
        commission: state.commission.get(v.operatorAddress) ?? 0n,
        node: v.node,
      })),
    referrer: (address) => state.referrers.get(address),
    referrals: () => [...state.referrers].map(([address, referrer]) => ({ address, referrer })),
    status: (address) => statusOf(state, address),
    statuses: () => [root, ...state.referrers.keys()].map((address) => ({ address, status: statusOf(state, address) })),
    partnerRecord: (address) => {
      if (address !== root && !state.referrers.has(address)) return undefined;
      const downgradeAtMs = state.partnerRecords.get(address)?.downgradeAtMs;
      return {
        status: statusOf(state, address),
        referrer: state.referrers.get(address),
        selfDelegated: state.delegatedBy.get(address) ?? 0n,
        teamDelegated: state.teamDelegated.get(address) ?? 0n,
        teamSize: state.teamSize.get(address) ?? 0,
        statusDowngradeAt: downgradeAtMs === undefined ? undefined : rfc3339Seconds(downgradeAtMs),
      };
    },
    teamSize: (address) => state.teamSize.get(address) ?? 0,
    teamDelegated: (address) => state.teamDelegated.get(address) ?? 0n,
    children: (address) => [...(state.children.get(address) ?? [])],
    premiumExpiry: (address) => {
      const ms = state.premiumUntil.get(address);
      return ms === undefined ? undefined : rfc3339Seconds(ms);
    },
    kpi: (address) => kpiOf(state, address),
    profile: (address) => chain.info.profiles.find((p) => p.address === address),
    exchanges: chain.info.exchanges,
    referralRoot: root,
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
