// The devnet's genesis, derived from its seed: accounts, validators and their self-delegations, and the referral tree.
import { createHash } from "node:crypto";
import { accountToValoper } from "../core/address.ts";
import { MICRO } from "../core/amount.ts";
import { CHAIN_STATUS } from "../core/partnership-chain.ts";
import { ChainState, type Validator } from "./state.ts";
import { deriveAccounts, consensusKey, DEVNET_MNEMONIC } from "./keys.ts";
import { Prng } from "./prng.ts";
import { MODULE } from "./module-accounts.ts";
import { EventSink } from "./events.ts";
import type { ValidatorDescription } from "./staking.ts";
import { updateValidatorSet } from "./validator-set.ts";
import { buildExchanges, buildProfiles, type Exchange, type Profile } from "./profiles.ts";
import { buildReferralTree } from "./genesis-tree.ts";
import { treeGenesis, type ReferralGenesis } from "./referral-genesis.ts";
import { PREMIUM_LEADERS, showcaseFunding } from "./showcase.ts";
import { ACCOUNT_INDEX, DEFAULT_LEADER_BONUS_WEEKLY } from "./accounts.ts";
import type { VoteGenesis } from "./vote-genesis.ts";

/** The last users are never signed for by the workload, so tests and tools can use them without sequence races. */
export const QUIET_USER_COUNT = 10;

interface ValidatorProfile {
  moniker: string;
  /** Chance the node misses a block's precommit. */
  missRate: number;
}

const PROFILES: readonly ValidatorProfile[] = [
  { moniker: "Aurora Stake", missRate: 0.002 },
  { moniker: "Borealis Node", missRate: 0.005 },
  { moniker: "Cobalt Validator", missRate: 0.01 },
  { moniker: "Dune Capital", missRate: 0.02 },
  { moniker: "Ember Labs", missRate: 0.03 },
  { moniker: "Fjord Staking", missRate: 0.05 },
  { moniker: "Granite Hub", missRate: 0.005 },
  { moniker: "Harbor Point", missRate: 0.01 },
  { moniker: "Ironwood Nodes", missRate: 0.002 },
];
const FIRST_VALIDATORS = 7;
const CONTRACT_TEAM_COUNT = 12;
const CONTRACT_TEAM_FUNDS_AXM = 25_000;
/** The premium app (authz grantee) and the staking authority pay fees only. */
const SERVICE_FUNDS_AXM = 1_000;
const FAUCET_AXM = 50_000_000;
/** The chain's status_downgrade_period is 7 days; the devnet's 10 minutes let a run see downgrades (README). */
export const STATUS_DOWNGRADE_PERIOD_SECONDS = 600;
/** The root is GURU in genesis with nothing delegated: its genesis downgrade falls due 5 minutes in, then one level a period. */
const ROOT_STATUS = CHAIN_STATUS.GURU;
const ROOT_DOWNGRADE_AFTER_MS = 5 * 60 * 1000;
/** One user in eight bought Premium before genesis: the workload has them burn for it in the first blocks. */
const PREMIUM_SHARE = 0.125;

/**
 * The government: the operators of the first three validators and two users. Periods in minutes (the chain's unit,
 * whatever params.proto says), short enough for a run to see proposals and the genesis poll end.
 */
const GOVERNING_OPERATORS = 3;
export const GOVERNING_USERS = [100, 200];
export const VOTE_PERIOD_MINUTES = 2;
const POLL_PERIOD_MINUTES = 3;
/** The poll current at genesis: started 10 minutes before, over 4 minutes after; Starter and above may answer. */
const GENESIS_POLL = { startAfterGenesisMs: -10 * 60_000, endAfterGenesisMs: 4 * 60_000, quorum: "1/2", minStatus: CHAIN_STATUS.STARTER };

/** The most powerful genesis validator's node is offline for this stretch, is jailed, and its operator unjails it. */
const RETURNING_OFFLINE = { from: 150, until: 230 };
/** The least powerful bonded genesis validator's node goes down at this height for good. */
const HIBERNATING_FROM = 20;

export interface GenesisValidator {
  operatorAddress: string;
  accountAddress: string;
  consensusAddressHex: string;
  /** base64 ed25519 consensus public key. */
  consensusPubkey: string;
  moniker: string;
  identity: string;
  website: string;
  securityContact: string;
}

export interface GenesisInfo {
  chainId: string;
  validators: GenesisValidator[];
  accounts: { address: string; mnemonicIndex: number }[];
  /** The referral tree's top-level account. */
  referralRoot: string;
  faucetAddress: string;
  mnemonic: string;
  /** Users whose sequence only moves when someone outside the devnet signs for them. */
  quietAccounts: string[];
  /** Accounts the workload signs for. */
  workloadAccounts: string[];
  /** Every user, in mnemonic order (the showcase and scripts name users by their position here). */
  users: string[];
  /** Sum of all balances at genesis (bonded pool included), in uaxm. */
  supply: bigint;
  /** The off-chain programme's leader-bonus wallet (not chain state): pays the weekly bonus with ordinary transfers. */
  leaderBonusWallet: string;
  /** uaxm the programme pays out each week, at most the wallet's balance. */
  leaderBonusWeekly: bigint;
  /** Users who bought Premium before genesis: they burn 50 AXM in the first blocks (the product's rule, not chain state). */
  premiumBuyers: string[];
  /** The authz grantee that burns for some of them (MsgExec). */
  premiumApp: string;
  /** Confirms and cancels stake moves (the staking module's authority on the devnet). */
  stakingAuthority: string;
  /** Deploy and use the contracts; never signed for by the rest of the workload. */
  contractTeam: string[];
  profiles: Profile[];
  exchanges: Exchange[];
  /** app_state.referral, with downgrade times relative to genesis. */
  referral: ReferralGenesis;
  /** app_state.vote, with the current poll's times relative to genesis. */
  vote: VoteGenesis;
}

const axm = (n: number | bigint): bigint => BigInt(n) * MICRO;

function identityOf(seed: string, moniker: string): string {
  return createHash("sha256").update(`${seed}/${moniker}`).digest("hex").slice(0, 16).toUpperCase();
}

/** A devnet validator's description: its moniker, a keybase-like identity (its logo's name) and example.org links. */
export function validatorDescription(seed: string, moniker: string): ValidatorDescription {
  const slug = moniker.toLowerCase().replace(/\s+/g, "-");
  return {
    moniker,
    identity: identityOf(seed, moniker),
    website: `https://${slug}.example.org`,
    securityContact: `security@${slug}.example.org`,
    details: `${moniker} runs an AXM devnet validator.`,
  };
}

function makeValidators(state: ChainState, seed: string, operators: string[]): void {
  operators.forEach((account, index) => {
    const profile = PROFILES[index];
    state.addValidator({
      index,
      operatorAddress: accountToValoper(account),
      accountAddress: account,
      ...validatorDescription(seed, profile.moniker),
      consensus: consensusKey(seed, index),
      tokens: 0n,
      status: "BOND_STATUS_UNBONDED",
      jailed: false,
      unbondingHeight: 0,
      unbondingTimeMs: 0,
      points: 0n,
      emission: 0n,
      node: { missRate: profile.missRate },
    });
  });
}

function fund(state: ChainState, address: string, amount: bigint): void {
  state.ensureAccount(address);
  state.setBalance(address, state.balance(address) + amount);
}

/** Genesis self-delegations (staking InitGenesis, no hooks): funded on top of the operator's balance; the pools are filled afterwards. */
function selfDelegateAtGenesis(state: ChainState, validator: Validator, amount: bigint): void {
  state.setDelegation(validator.operatorAddress, validator.accountAddress, amount);
  validator.tokens += amount;
}

/** InitChain: every validator's coins start in the not-bonded pool and the set update bonds the most powerful. */
function bondGenesisSet(state: ChainState): void {
  fund(
    state,
    MODULE.notBondedPool,
    state.validators.reduce((sum, v) => sum + v.tokens, 0n),
  );
  updateValidatorSet(state, new EventSink());
}

/** The most powerful bonded validator's node will be offline for a stretch; the least powerful one's will hibernate. */
function assignOfflineNodes(state: ChainState): void {
  const bonded = state.validators.filter((v) => v.status === "BOND_STATUS_BONDED");
  bonded.sort((a, b) => (a.tokens === b.tokens ? 0 : a.tokens < b.tokens ? 1 : -1));
  const returning = bonded[0];
  const hibernating = bonded[bonded.length - 1];
  returning.node = { ...returning.node, offline: RETURNING_OFFLINE };
  hibernating.node = { ...hibernating.node, offline: { from: HIBERNATING_FROM } };
}

/** The showcase's leaders, then buyers among users who can afford the burn, from a stream of their own. */
function pickPremiumBuyers(state: ChainState, seed: string, users: string[]): string[] {
  const prng = new Prng(seed, "genesis-partnership");
  const leaders = PREMIUM_LEADERS.map((i) => users[i]);
  return [...leaders, ...users.filter((user) => prng.chance(PREMIUM_SHARE) && state.balance(user) >= axm(200) && !leaders.includes(user))];
}

function referralGenesis(root: string, referrerOf: Map<string, string>, statusDowngradePeriodSeconds: number, uretMode: boolean): ReferralGenesis {
  const tree = treeGenesis([{ address: root, status: ROOT_STATUS }], referrerOf, () => CHAIN_STATUS.NEW);
  return {
    params: { statusDowngradePeriodSeconds, uretMode },
    ...tree,
    downgrades: [{ account: root, current: ROOT_STATUS, afterGenesisMs: ROOT_DOWNGRADE_AFTER_MS }],
  };
}

export interface GenesisOptions {
  seed: string;
  chainId: string;
  statusDowngradePeriodSeconds?: number;
  uretMode?: boolean;
  leaderBonusWeekly?: bigint;
}

export function buildGenesis(opts: GenesisOptions): { state: ChainState; info: GenesisInfo } {
  const { seed } = opts;
  const state = new ChainState();
  const prng = new Prng(seed, "genesis");
  // What the later validators draw comes from a stream of its own.
  const later = new Prng(seed, "genesis-later");
  const keys = deriveAccounts(ACCOUNT_INDEX.stakingAuthority + 1);
  for (const key of keys) state.keys.set(key.address, key);
  const at = (index: number) => keys[index].address;
  const operators = [
    ...keys.slice(ACCOUNT_INDEX.firstOperator, ACCOUNT_INDEX.firstUser),
    ...keys.slice(ACCOUNT_INDEX.laterOperator, ACCOUNT_INDEX.leaderBonusWallet),
  ].map((k) => k.address);
  const users = keys.slice(ACCOUNT_INDEX.firstUser, ACCOUNT_INDEX.laterOperator).map((k) => k.address);
  const exchanges = keys.slice(ACCOUNT_INDEX.firstExchange, ACCOUNT_INDEX.firstContractTeam).map((k) => k.address);
  const contractTeam = contractTeamOf(state);
  state.stakingAuthority = at(ACCOUNT_INDEX.stakingAuthority);

  // The contract team's and services' funds come out of the faucet's, so the supply is what it was without them.
  fund(state, at(ACCOUNT_INDEX.faucet), axm(FAUCET_AXM - CONTRACT_TEAM_COUNT * CONTRACT_TEAM_FUNDS_AXM - 2 * SERVICE_FUNDS_AXM));
  fund(state, at(ACCOUNT_INDEX.root), axm(250_000));
  operators.forEach((operator, i) => fund(state, operator, (i < FIRST_VALIDATORS ? prng : later).amount(axm(20_000), axm(200_000))));
  for (const user of users) fund(state, user, prng.amount(axm(5), axm(150_000)));
  for (const [user, amount] of showcaseFunding()) fund(state, users[user], axm(amount));
  for (const module of Object.values(MODULE)) state.ensureAccount(module);
  fund(state, at(ACCOUNT_INDEX.leaderBonusWallet), axm(2_000_000));
  exchanges.forEach((exchange, i) => fund(state, exchange, axm(3_000_000 - i * 750_000)));
  for (const member of contractTeam) fund(state, member, axm(CONTRACT_TEAM_FUNDS_AXM));
  fund(state, at(ACCOUNT_INDEX.premiumApp), axm(SERVICE_FUNDS_AXM));
  fund(state, state.stakingAuthority, axm(SERVICE_FUNDS_AXM));

  makeValidators(state, seed, operators);
  state.validators.forEach((v, i) => {
    selfDelegateAtGenesis(state, v, i < FIRST_VALIDATORS ? prng.amount(axm(400_000), axm(3_000_000)) : later.amount(axm(60_000), axm(250_000)));
  });
  const root = at(ACCOUNT_INDEX.root);
  const referral = referralGenesis(
    root,
    buildReferralTree(prng, root, users),
    opts.statusDowngradePeriodSeconds ?? STATUS_DOWNGRADE_PERIOD_SECONDS,
    opts.uretMode ?? false,
  );
  bondGenesisSet(state);
  assignOfflineNodes(state);

  state.supply = [...state.balances.values()].reduce((sum, b) => sum + b, 0n);
  const info: GenesisInfo = {
    chainId: opts.chainId,
    validators: state.validators.map((v) => ({
      operatorAddress: v.operatorAddress,
      accountAddress: v.accountAddress,
      consensusAddressHex: v.consensus.addressHex,
      consensusPubkey: Buffer.from(v.consensus.pubkey).toString("base64"),
      moniker: v.moniker,
      identity: v.identity,
      website: v.website,
      securityContact: v.securityContact,
    })),
    accounts: keys.map((k) => ({ address: k.address, mnemonicIndex: k.index })),
    referralRoot: root,
    faucetAddress: at(ACCOUNT_INDEX.faucet),
    mnemonic: DEVNET_MNEMONIC,
    quietAccounts: users.slice(-QUIET_USER_COUNT),
    workloadAccounts: users.slice(0, -QUIET_USER_COUNT),
    users,
    supply: state.supply,
    leaderBonusWallet: at(ACCOUNT_INDEX.leaderBonusWallet),
    leaderBonusWeekly: opts.leaderBonusWeekly ?? DEFAULT_LEADER_BONUS_WEEKLY,
    premiumBuyers: pickPremiumBuyers(state, seed, users.slice(0, -QUIET_USER_COUNT)),
    premiumApp: at(ACCOUNT_INDEX.premiumApp),
    stakingAuthority: state.stakingAuthority,
    contractTeam,
    profiles: buildProfiles(seed, users),
    exchanges: buildExchanges(exchanges),
    referral,
    vote: voteGenesis(
      operators.slice(0, GOVERNING_OPERATORS),
      GOVERNING_USERS.map((i) => users[i]),
      root,
    ),
  };
  return { state, info };
}

/** The vote module's genesis: the government, its params and the current poll, answered by the root (a Guru). */
function voteGenesis(operators: string[], users: string[], root: string): VoteGenesis {
  return {
    government: [...operators, ...users],
    params: { votePeriod: VOTE_PERIOD_MINUTES, pollPeriod: POLL_PERIOD_MINUTES },
    poll: {
      poll: {
        name: "A 15th partner level",
        author: operators[0],
        question: "Should the partnership programme pay a 15th level of 0.1%?",
        quorum: GENESIS_POLL.quorum,
        canValidate: false,
        minStatus: GENESIS_POLL.minStatus,
      },
      startAfterGenesisMs: GENESIS_POLL.startAfterGenesisMs,
      endAfterGenesisMs: GENESIS_POLL.endAfterGenesisMs,
      answers: [{ acc: root, ans: true }],
    },
  };
}

/** The contract team's addresses, read from the devnet keys a state holds. */
export function contractTeamOf(state: ChainState): string[] {
  return [...state.keys.values()]
    .filter((k) => k.index >= ACCOUNT_INDEX.firstContractTeam && k.index < ACCOUNT_INDEX.firstContractTeam + CONTRACT_TEAM_COUNT)
    .sort((a, b) => a.index - b.index)
    .map((k) => k.address);
}
