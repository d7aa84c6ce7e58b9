// The devnet's genesis, derived from its seed: accounts, validators, delegations and a referral tree.
import { createHash } from "node:crypto";
import { accountToValoper } from "../core/address.ts";
import { MICRO } from "../core/amount.ts";
import { ChainState, type Validator } from "./state.ts";
import { deriveAccounts, consensusKey, DEVNET_MNEMONIC } from "./keys.ts";
import { Prng } from "./prng.ts";
import { MODULE } from "./module-accounts.ts";
import { EventSink } from "./events.ts";
import { DEC_ONE, type ValidatorDescription } from "./staking.ts";
import { updateValidatorSet } from "./validator-set.ts";
import { initStatuses } from "./referral.ts";
import { buildExchanges, buildProfiles, type Exchange, type Profile } from "./profiles.ts";
import { PREMIUM } from "../core/partnership-premium.ts";

export const FAUCET_INDEX = 0;
export const ROOT_INDEX = 1;
export const USER_COUNT = 330;
/** The last users are never signed for by the workload, so tests and tools can use them without sequence races. */
export const QUIET_USER_COUNT = 10;

interface ValidatorProfile {
  moniker: string;
  /** Commission on the minted part of rewards, percent. */
  delegationFee: number;
  /** Commission on the transaction-fee part of rewards, percent. */
  txFee: number;
  /** Chance the node misses a block's precommit. */
  missRate: number;
}

const PROFILES: readonly ValidatorProfile[] = [
  { moniker: "Aurora Stake", delegationFee: 5, txFee: 1, missRate: 0.002 },
  { moniker: "Borealis Node", delegationFee: 3, txFee: 5, missRate: 0.005 },
  { moniker: "Cobalt Validator", delegationFee: 7, txFee: 10, missRate: 0.01 },
  { moniker: "Dune Capital", delegationFee: 10, txFee: 2, missRate: 0.02 },
  { moniker: "Ember Labs", delegationFee: 5, txFee: 20, missRate: 0.03 },
  { moniker: "Fjord Staking", delegationFee: 8, txFee: 3, missRate: 0.05 },
  { moniker: "Granite Hub", delegationFee: 4, txFee: 7, missRate: 0.005 },
  { moniker: "Harbor Point", delegationFee: 6, txFee: 15, missRate: 0.01 },
  { moniker: "Ironwood Nodes", delegationFee: 9, txFee: 4, missRate: 0.002 },
];
const VALIDATOR_COUNT = PROFILES.length;
/** The first operators come right after the root; the later ones after the users, so every user keeps its account index. */
const FIRST_VALIDATORS = 7;
const FIRST_USER_INDEX = 2 + FIRST_VALIDATORS;
const LATER_OPERATOR_INDEX = FIRST_USER_INDEX + USER_COUNT;
/** After the later operators, so no earlier account moves. */
const LEADER_BONUS_INDEX = LATER_OPERATOR_INDEX + VALIDATOR_COUNT - FIRST_VALIDATORS;
const FIRST_EXCHANGE_INDEX = LEADER_BONUS_INDEX + 1;
const EXCHANGE_COUNT = 3;
/** Accounts that deploy and use the contracts (contracts-workload.ts), after every other key so no index moves. */
const FIRST_CONTRACT_TEAM_INDEX = FIRST_EXCHANGE_INDEX + EXCHANGE_COUNT;
const CONTRACT_TEAM_COUNT = 12;
const CONTRACT_TEAM_FUNDS_AXM = 25_000;
const FAUCET_AXM = 50_000_000;

/** The first users form a chain under the root, so the tree is deeper than the 14 rewarded levels. */
const CHAIN_LENGTH = 16;
/** Members of the chain that others join often: the tree's leaders. */
const HUB_POSITIONS = [1, 4, 7, 10, 13];
const LIEUTENANTS = 3;
/** Just below Leader's, Guru's or Boss's self-delegation, so the hubs reach those statuses when they delegate during the run. */
const HUB_SELF_DELEGATION_AXM = [1_450, 240, 590, 580, 230];
/** The real chain uses 7 days; kept short so a devnet run sees downgrades (README). */
export const STATUS_DOWNGRADE_PERIOD_MS = 10 * 60 * 1000;

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
  referralRoot: string;
  faucetAddress: string;
  mnemonic: string;
  /** Users whose sequence only moves when someone outside the devnet signs for them. */
  quietAccounts: string[];
  /** Accounts the workload signs for. */
  workloadAccounts: string[];
  /** Sum of all balances at genesis (bonded pool included), in uaxm. */
  supply: bigint;
  /** Pays the weekly leader bonus; never signed for by the workload. */
  leaderBonusWallet: string;
  /** The referral module's reward pool (module account "referral"). */
  referralRewardPool: string;
  /** Deploy and use the contracts; never signed for by the rest of the workload. */
  contractTeam: string[];
  profiles: Profile[];
  exchanges: Exchange[];
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

const percent = (value: number): bigint => (BigInt(value) * DEC_ONE) / 100n;

function makeValidators(state: ChainState, seed: string, operators: string[]): void {
  operators.forEach((account, index) => {
    const profile = PROFILES[index];
    const validator: Validator = {
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
      commissionRate: percent(profile.delegationFee),
      txFeeRate: percent(profile.txFee),
      // The SDK's time.Unix(0, 0): the rates were set in the genesis file, so they may change from the first block.
      commissionUpdateMs: 0,
      node: { missRate: profile.missRate },
    };
    state.addValidator(validator);
  });
}

function fund(state: ChainState, address: string, amount: bigint): void {
  state.ensureAccount(address);
  state.setBalance(address, state.balance(address) + amount);
}

/** Genesis delegations are funded on top of the balance, so nobody starts with an empty wallet; the pools are filled afterwards. */
function delegateAtGenesis(state: ChainState, delegator: string, validator: Validator, amount: bigint): void {
  state.setDelegation(validator.operatorAddress, delegator, state.delegation(validator.operatorAddress, delegator) + amount);
  validator.tokens += amount;
}

/**
 * Users join in order: the first ones form a chain; of the rest, many join a hub of the chain or one of the hub's
 * first-line referrals (so leaders grow branches), the others a recent member (so the tree stays deep).
 */
function buildReferralTree(state: ChainState, prng: Prng, root: string, users: string[]): void {
  const members = [root];
  const hubs = HUB_POSITIONS.map((p) => users[p]);
  users.forEach((user, i) => {
    if (i >= CHAIN_LENGTH && prng.chance(0.08)) return; // left for the workload to register
    if ((state.delegatedBy.get(user) ?? 0n) < MICRO) return;
    state.setReferrer(user, i < CHAIN_LENGTH ? members[members.length - 1] : pickReferrer(state, prng, members, hubs));
    members.push(user);
  });
}

function pickReferrer(state: ChainState, prng: Prng, members: string[], hubs: string[]): string {
  const hub = prng.pick(hubs);
  // Each hub's first-line referrals after its chain successor are its lieutenants, who head its branches.
  const lieutenants = (state.children.get(hub) ?? []).slice(1, 1 + LIEUTENANTS);
  if (lieutenants.length < LIEUTENANTS) return hub;
  const roll = prng.next();
  if (roll < 0.1) return hub;
  if (roll < 0.7) return prng.pick(lieutenants);
  return members[Math.max(0, members.length - 1 - prng.int(Math.min(members.length, 30)))];
}

/** The hubs start with a small self-delegation and a good balance: they become leaders once they delegate. */
function holdBackHubs(state: ChainState, hubs: string[]): void {
  hubs.forEach((hub, i) => {
    for (const validator of state.validators) {
      const amount = state.delegation(validator.operatorAddress, hub);
      if (amount === 0n) continue;
      state.setDelegation(validator.operatorAddress, hub, 0n);
      validator.tokens -= amount;
    }
    fund(state, hub, axm(20_000));
    delegateAtGenesis(state, hub, state.validators[0], axm(HUB_SELF_DELEGATION_AXM[i]));
  });
}

/** One user in eight starts with Premium bought before genesis, expiring within the coming year. */
function grantPremium(state: ChainState, prng: Prng, users: string[], genesisMs: number): void {
  for (const user of users) {
    if (prng.chance(0.125)) state.setPremiumUntil(user, genesisMs + prng.int(PREMIUM.durationMs));
  }
}

/** Delegators of the later validators (kept small, so those two start inactive) and tiny delegations under 0.01 AXM. */
function delegateToLaterValidators(state: ChainState, prng: Prng, users: string[]): void {
  const later = state.validators.slice(FIRST_VALIDATORS);
  for (const user of users) {
    if (prng.chance(0.12)) delegateAtGenesis(state, user, prng.pick(later), prng.amount(axm(20), axm(2_000)));
    if (prng.chance(0.1)) delegateAtGenesis(state, user, prng.pick(state.validators), prng.amount(1_000n, 9_999n));
  }
}

/** InitChain: every validator's coins start in the not-bonded pool and the set update bonds the most powerful. */
function bondGenesisSet(state: ChainState): void {
  fund(state, MODULE.notBondedPool, state.validators.reduce((sum, v) => sum + v.tokens, 0n));
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

export interface GenesisOptions {
  seed: string;
  chainId: string;
  /** For the expiry of Premium bought before genesis. */
  genesisMs: number;
  statusDowngradePeriodMs?: number;
}

export function buildGenesis({ seed, chainId, genesisMs, statusDowngradePeriodMs }: GenesisOptions): { state: ChainState; info: GenesisInfo } {
  const state = new ChainState();
  const prng = new Prng(seed, "genesis");
  // What the later validators and tiny delegations draw comes from its own stream, so all else stays as it was.
  const later = new Prng(seed, "genesis-later");
  const partnership = new Prng(seed, "genesis-partnership");
  const keys = deriveAccounts(FIRST_CONTRACT_TEAM_INDEX + CONTRACT_TEAM_COUNT);
  for (const key of keys) state.keys.set(key.address, key);
  const faucet = keys[FAUCET_INDEX].address;
  const root = keys[ROOT_INDEX].address;
  const operators = [...keys.slice(2, FIRST_USER_INDEX), ...keys.slice(LATER_OPERATOR_INDEX, LEADER_BONUS_INDEX)].map((k) => k.address);
  const users = keys.slice(FIRST_USER_INDEX, LATER_OPERATOR_INDEX).map((k) => k.address);
  const leaderBonusWallet = keys[LEADER_BONUS_INDEX].address;
  const exchanges = keys.slice(FIRST_EXCHANGE_INDEX, FIRST_CONTRACT_TEAM_INDEX).map((k) => k.address);
  const contractTeam = keys.slice(FIRST_CONTRACT_TEAM_INDEX).map((k) => k.address);
  state.referralParams = {
    root,
    statusDowngradePeriodMs: statusDowngradePeriodMs ?? STATUS_DOWNGRADE_PERIOD_MS,
    rewardPool: MODULE.referral,
    leaderBonusWallet,
    leaderBonusWeekly: axm(100_000),
    premium: PREMIUM,
  };

  // The contract team's funds come out of the faucet's, so the supply (and inflation) is what it was without them.
  fund(state, faucet, axm(FAUCET_AXM - CONTRACT_TEAM_COUNT * CONTRACT_TEAM_FUNDS_AXM));
  fund(state, root, axm(250_000));
  operators.forEach((operator, i) => fund(state, operator, (i < FIRST_VALIDATORS ? prng : later).amount(axm(20_000), axm(200_000))));
  for (const user of users) fund(state, user, prng.amount(axm(5), axm(150_000)));
  for (const module of Object.values(MODULE)) state.ensureAccount(module);
  fund(state, MODULE.referral, axm(50_000_000));
  fund(state, leaderBonusWallet, axm(2_000_000));
  exchanges.forEach((exchange, i) => fund(state, exchange, axm(3_000_000 - i * 750_000)));
  for (const member of contractTeam) fund(state, member, axm(CONTRACT_TEAM_FUNDS_AXM));

  makeValidators(state, seed, operators);
  const first = state.validators.slice(0, FIRST_VALIDATORS);
  state.validators.forEach((v, i) => {
    const amount = i < FIRST_VALIDATORS ? prng.amount(axm(400_000), axm(3_000_000)) : later.amount(axm(60_000), axm(250_000));
    delegateAtGenesis(state, v.accountAddress, v, amount);
  });
  delegateAtGenesis(state, root, state.validators[0], axm(150_000));
  users.forEach((user, i) => {
    if (i >= 12 && prng.chance(0.15)) return;
    const count = prng.range(1, 3);
    for (let c = 0; c < count; c++) {
      const amount = prng.chance(0.15) ? prng.amount(axm(1), axm(5)) : prng.amount(axm(20), axm(60_000));
      delegateAtGenesis(state, user, prng.pick(first), amount);
    }
  });
  holdBackHubs(state, HUB_POSITIONS.map((p) => users[p]));
  buildReferralTree(state, prng, root, users);
  delegateToLaterValidators(state, later, users);
  grantPremium(state, partnership, users, genesisMs);
  initStatuses(state);
  bondGenesisSet(state);
  assignOfflineNodes(state);

  state.supply = [...state.balances.values()].reduce((sum, b) => sum + b, 0n);
  const info: GenesisInfo = {
    chainId,
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
    faucetAddress: faucet,
    mnemonic: DEVNET_MNEMONIC,
    quietAccounts: users.slice(-QUIET_USER_COUNT),
    workloadAccounts: users.slice(0, -QUIET_USER_COUNT),
    supply: state.supply,
    leaderBonusWallet,
    referralRewardPool: MODULE.referral,
    contractTeam,
    profiles: buildProfiles(seed, users),
    exchanges: buildExchanges(exchanges),
  };
  return { state, info };
}

/** The contract team's addresses, read from the devnet keys a state holds. */
export function contractTeamOf(state: ChainState): string[] {
  return [...state.keys.values()]
    .filter((k) => k.index >= FIRST_CONTRACT_TEAM_INDEX && k.index < FIRST_CONTRACT_TEAM_INDEX + CONTRACT_TEAM_COUNT)
    .sort((a, b) => a.index - b.index)
    .map((k) => k.address);
}
