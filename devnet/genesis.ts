// The devnet's genesis, derived from its seed: accounts, validators, delegations and a referral tree.
import { createHash } from "node:crypto";
import { accountToValoper } from "../core/address.ts";
import { MICRO } from "../core/amount.ts";
import { ChainState, type Validator } from "./state.ts";
import { deriveAccounts, consensusKey, DEVNET_MNEMONIC } from "./keys.ts";
import { Prng } from "./prng.ts";
import { MODULE } from "./module-accounts.ts";
import { COMMISSION_RATE } from "./distribution.ts";

export const FAUCET_INDEX = 0;
export const ROOT_INDEX = 1;
export const VALIDATOR_COUNT = 7;
export const USER_COUNT = 330;
/** The last users are never signed for by the workload, so tests and tools can use them without sequence races. */
export const QUIET_USER_COUNT = 10;
const FIRST_USER_INDEX = 2 + VALIDATOR_COUNT;

const MONIKERS = ["Aurora Stake", "Borealis Node", "Cobalt Validator", "Dune Capital", "Ember Labs", "Fjord Staking", "Granite Hub"];

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
}

const axm = (n: number | bigint): bigint => BigInt(n) * MICRO;

function identityOf(seed: string, moniker: string): string {
  return createHash("sha256").update(`${seed}/${moniker}`).digest("hex").slice(0, 16).toUpperCase();
}

function makeValidators(state: ChainState, seed: string, operators: string[]): void {
  operators.forEach((account, index) => {
    const moniker = MONIKERS[index];
    const slug = moniker.toLowerCase().replace(/\s+/g, "-");
    const validator: Validator = {
      index,
      operatorAddress: accountToValoper(account),
      accountAddress: account,
      moniker,
      identity: identityOf(seed, moniker),
      website: `https://${slug}.example.org`,
      securityContact: `security@${slug}.example.org`,
      details: `${moniker} runs an AXM devnet validator.`,
      consensus: consensusKey(seed, index),
      tokens: 0n,
      commissionRate: COMMISSION_RATE,
    };
    state.validators.push(validator);
    state.validatorByOperator.set(validator.operatorAddress, validator);
  });
}

function fund(state: ChainState, address: string, amount: bigint): void {
  state.ensureAccount(address);
  state.setBalance(address, state.balance(address) + amount);
}

/** Genesis delegations are funded on top of the balance, so nobody starts with an empty wallet. */
function delegateAtGenesis(state: ChainState, delegator: string, validator: Validator, amount: bigint): void {
  state.setDelegation(validator.operatorAddress, delegator, state.delegation(validator.operatorAddress, delegator) + amount);
  validator.tokens += amount;
  fund(state, MODULE.bondedPool, amount);
}

/** Users join in order; the first few form a chain so the tree is deep, the rest pick recent members. */
function buildReferralTree(state: ChainState, prng: Prng, root: string, users: string[]): void {
  const members = [root];
  users.forEach((user, i) => {
    if (i >= 12 && prng.chance(0.08)) return; // left for the workload to register
    if ((state.delegatedBy.get(user) ?? 0n) < MICRO) return;
    const referrer = i < 8 ? members[members.length - 1] : members[Math.max(0, members.length - 1 - prng.int(Math.min(members.length, 30)))];
    state.referrers.set(user, referrer);
    members.push(user);
  });
}

export function buildGenesis(seed: string, chainId: string): { state: ChainState; info: GenesisInfo } {
  const state = new ChainState();
  const prng = new Prng(seed, "genesis");
  const keys = deriveAccounts(FIRST_USER_INDEX + USER_COUNT);
  for (const key of keys) state.keys.set(key.address, key);
  const faucet = keys[FAUCET_INDEX].address;
  const root = keys[ROOT_INDEX].address;
  const operators = keys.slice(2, FIRST_USER_INDEX).map((k) => k.address);
  const users = keys.slice(FIRST_USER_INDEX).map((k) => k.address);

  fund(state, faucet, axm(50_000_000));
  fund(state, root, axm(250_000));
  operators.forEach((operator) => fund(state, operator, prng.amount(axm(20_000), axm(200_000))));
  for (const user of users) fund(state, user, prng.amount(axm(5), axm(150_000)));
  for (const module of Object.values(MODULE)) state.ensureAccount(module);

  makeValidators(state, seed, operators);
  state.validators.forEach((v) => delegateAtGenesis(state, v.accountAddress, v, prng.amount(axm(400_000), axm(3_000_000))));
  delegateAtGenesis(state, root, state.validators[0], axm(150_000));
  users.forEach((user, i) => {
    if (i >= 12 && prng.chance(0.15)) return;
    const count = prng.range(1, 3);
    for (let c = 0; c < count; c++) {
      const amount = prng.chance(0.15) ? prng.amount(axm(1), axm(5)) : prng.amount(axm(20), axm(60_000));
      delegateAtGenesis(state, user, prng.pick(state.validators), amount);
    }
  });
  buildReferralTree(state, prng, root, users);

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
  };
  return { state, info };
}
