// Staking: delegations, validator creation and edits, and the EndBlock completion of matured entries.
import { bytesToAccount, decodeBech32 } from "../core/address.ts";
import type { ChainState, NodeBehaviour, Validator } from "./state.ts";
import { type EventSink, coins, decimal, ratio } from "./events.ts";
import { moveWithoutTransfer, send, burn } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { publicConsensusKey } from "./keys.ts";
import {
  validatorNotFound,
  noDelegation,
  insufficientShares,
  invalidRequest,
  selfRedelegation,
  validatorOwnerExists,
  validatorPubKeyExists,
  commissionUpdateTooSoon,
  commissionGreaterThanMaxRate,
  commissionChangeTooLarge,
} from "./errors.ts";
import { withdrawRewards } from "./distribution.ts";

/** Kept short so completions happen within a devnet run (the real chain uses 21 days). */
export const UNBONDING_PERIOD_MS = 10 * 60 * 1000;
/** CHAIN.md: undelegation burns 10% of the amount when the unbonding completes. */
export const UNBONDING_BURN_BP = 1_000n;

/** LegacyDec 1 in atomics: rates below are fractions of it. */
export const DEC_ONE = 10n ** 18n;
/** commission_rates.max_rate and max_change_rate, the same for every devnet validator. */
export const MAX_COMMISSION_RATE = DEC_ONE / 5n;
export const MAX_COMMISSION_CHANGE_RATE = DEC_ONE / 100n;
/** A validator made by MsgCreateValidator (whose AXM layout carries no commission) starts at SPEC.md's 5% for both fees. */
const CREATED_COMMISSION_RATE = DEC_ONE / 20n;
const CREATED_TX_FEE_RATE = DEC_ONE / 20n;
export const MIN_SELF_DELEGATION = "1";
/** The value a MsgEditValidator description field carries to keep the current one. */
export const DO_NOT_MODIFY = "[do-not-modify]";
const DAY_MS = 24 * 3600 * 1000;
const ZERO_TIME_MS = Date.parse("0001-01-01T00:00:00Z");
const CREATED_NODE: NodeBehaviour = { missRate: 0.01 };
/** A validator whose consensus key the devnet runs no node for: it never signs. */
const ABSENT_NODE: NodeBehaviour = { missRate: 0, offline: { from: 0 } };

export interface ValidatorDescription {
  moniker: string;
  identity: string;
  website: string;
  securityContact: string;
  details: string;
}

const DESCRIPTION_FIELDS: readonly (keyof ValidatorDescription)[] = ["moniker", "identity", "website", "securityContact", "details"];

export function rfc3339Seconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Go's time.RFC3339Nano: the fraction without trailing zeros. */
function rfc3339Nano(ms: number): string {
  return new Date(ms).toISOString().replace(/\.?0+Z$/, "Z");
}

/** The operator's own account: the same bytes under the account prefix ("" when the text is no address). */
export function operatorAccount(operator: string): string {
  const decoded = decodeBech32(operator);
  return decoded ? bytesToAccount(decoded.data) : "";
}

function validatorOf(state: ChainState, operator: string): Validator {
  const validator = state.validatorByOperator.get(operator);
  if (!validator) throw validatorNotFound();
  return validator;
}

/** Coins of bonded validators sit in the bonded pool, all others' in the not-bonded pool. */
function poolOf(validator: Validator): string {
  return validator.status === "BOND_STATUS_BONDED" ? MODULE.bondedPool : MODULE.notBondedPool;
}

function positive(amount: bigint): void {
  if (amount <= 0n) throw invalidRequest("invalid delegation amount");
}

/** The SDK settles pending rewards before a delegation changes (hooks of x/distribution). */
function settleRewards(state: ChainState, sink: EventSink, delegator: string, operator: string): void {
  if (state.delegation(operator, delegator) > 0n) withdrawRewards(state, sink, delegator, operator);
}

export function delegate(state: ChainState, sink: EventSink, delegator: string, operator: string, amount: bigint): void {
  positive(amount);
  const validator = validatorOf(state, operator);
  settleRewards(state, sink, delegator, operator);
  moveWithoutTransfer(state, sink, delegator, poolOf(validator), amount);
  state.setTokens(validator, validator.tokens + amount);
  state.setDelegation(operator, delegator, state.delegation(operator, delegator) + amount);
  sink.emit("delegate", { validator: operator, delegator, amount: coins(amount), new_shares: decimal(amount) });
}

function unbondFrom(state: ChainState, delegator: string, validator: Validator, amount: bigint): void {
  const current = state.delegation(validator.operatorAddress, delegator);
  if (current === 0n) throw noDelegation();
  if (current < amount) throw insufficientShares();
  state.setDelegation(validator.operatorAddress, delegator, current - amount);
  state.setTokens(validator, validator.tokens - amount);
}

export function undelegate(state: ChainState, sink: EventSink, delegator: string, operator: string, amount: bigint): void {
  positive(amount);
  const validator = validatorOf(state, operator);
  settleRewards(state, sink, delegator, operator);
  unbondFrom(state, delegator, validator, amount);
  if (poolOf(validator) === MODULE.bondedPool) send(state, sink, MODULE.bondedPool, MODULE.notBondedPool, amount);
  const completionMs = state.timeMs + UNBONDING_PERIOD_MS;
  state.addUnbonding({ delegator, validator: operator, amount, creationHeight: state.height, completionMs });
  sink.emit("unbond", { validator: operator, delegator, amount: coins(amount), completion_time: rfc3339Seconds(completionMs) });
}

/** A redelegation from a bonded source completes after the unbonding period, from an unbonding one when that ends, from an unbonded one at once. */
function redelegationCompletion(state: ChainState, source: Validator): number | null {
  if (source.status === "BOND_STATUS_BONDED") return state.timeMs + UNBONDING_PERIOD_MS;
  if (source.status === "BOND_STATUS_UNBONDING") return source.unbondingTimeMs;
  return null;
}

export function redelegate(state: ChainState, sink: EventSink, delegator: string, source: string, destination: string, amount: bigint): void {
  positive(amount);
  if (source === destination) throw selfRedelegation();
  const from = validatorOf(state, source);
  const to = validatorOf(state, destination);
  settleRewards(state, sink, delegator, source);
  settleRewards(state, sink, delegator, destination);
  unbondFrom(state, delegator, from, amount);
  if (poolOf(from) !== poolOf(to)) send(state, sink, poolOf(from), poolOf(to), amount);
  state.setTokens(to, to.tokens + amount);
  state.setDelegation(destination, delegator, state.delegation(destination, delegator) + amount);
  const completionMs = redelegationCompletion(state, from);
  if (completionMs !== null) state.addRedelegation({ delegator, source, destination, amount, creationHeight: state.height, completionMs });
  sink.emit("redelegate", {
    source_validator: source,
    destination_validator: destination,
    delegator,
    amount: coins(amount),
    completion_time: rfc3339Seconds(completionMs ?? ZERO_TIME_MS),
  });
}

/** MsgCreateValidator: a new unbonded validator with its operator's self-delegation; the set update may bond it later. */
export function createValidator(
  state: ChainState,
  sink: EventSink,
  operator: string,
  description: ValidatorDescription,
  pubkey: Uint8Array,
  amount: bigint,
): void {
  positive(amount);
  if (state.validatorByOperator.has(operator)) throw validatorOwnerExists();
  const addressHex = publicConsensusKey(pubkey).addressHex;
  if (state.validators.some((v) => v.consensus.addressHex === addressHex)) throw validatorPubKeyExists();
  const runByDevnet = state.consensusKeys.get(addressHex);
  const account = operatorAccount(operator);
  const validator: Validator = {
    index: state.validators.length,
    operatorAddress: operator,
    accountAddress: account,
    ...description,
    consensus: runByDevnet ?? publicConsensusKey(pubkey),
    tokens: 0n,
    status: "BOND_STATUS_UNBONDED",
    jailed: false,
    unbondingHeight: 0,
    unbondingTimeMs: 0,
    commissionRate: CREATED_COMMISSION_RATE,
    txFeeRate: CREATED_TX_FEE_RATE,
    commissionUpdateMs: state.timeMs,
    node: runByDevnet ? CREATED_NODE : ABSENT_NODE,
  };
  state.addValidator(validator);
  moveWithoutTransfer(state, sink, account, MODULE.notBondedPool, amount);
  state.setTokens(validator, amount);
  state.setDelegation(operator, account, amount);
  sink.emit("create_validator", { validator: operator, amount: coins(amount) });
}

/** MsgEditValidator: description fields other than "[do-not-modify]" replace the current ones; a commission rate, if given, is changed under the SDK's limits. */
export function editValidator(
  state: ChainState,
  sink: EventSink,
  operator: string,
  description: Partial<ValidatorDescription> | undefined,
  commissionRate: string,
): void {
  const validator = validatorOf(state, operator);
  const changes: Partial<Validator> = {};
  for (const field of DESCRIPTION_FIELDS) {
    const value = description?.[field] ?? "";
    if (value !== DO_NOT_MODIFY) changes[field] = value;
  }
  if (commissionRate !== "") {
    if (!/^\d{1,19}$/.test(commissionRate)) throw invalidRequest(`invalid commission rate ${commissionRate}`);
    checkCommissionChange(validator, BigInt(commissionRate), state.timeMs);
    Object.assign(changes, { commissionRate: BigInt(commissionRate), commissionUpdateMs: state.timeMs });
  }
  state.updateValidator(validator, changes);
  sink.emit("edit_validator", { commission_rate: commissionText(validator), min_self_delegation: MIN_SELF_DELEGATION });
}

/** The SDK lets a validator change its commission rate once a day. */
export function commissionChangeAllowed(validator: Validator, nowMs: number): boolean {
  return nowMs - validator.commissionUpdateMs >= DAY_MS;
}

/** Commission.ValidateNewRate of the SDK: once a day, never above the max rate, rises limited by the max change rate. */
function checkCommissionChange(validator: Validator, rate: bigint, nowMs: number): void {
  if (!commissionChangeAllowed(validator, nowMs)) throw commissionUpdateTooSoon();
  if (rate > MAX_COMMISSION_RATE) throw commissionGreaterThanMaxRate();
  if (rate - validator.commissionRate > MAX_COMMISSION_CHANGE_RATE) throw commissionChangeTooLarge();
}

/** The SDK's Commission.String() (YAML), the edit_validator event's commission_rate value. */
function commissionText(validator: Validator): string {
  return [
    "commissionrates:",
    `  rate: "${ratio(validator.commissionRate, DEC_ONE)}"`,
    `  max_rate: "${ratio(MAX_COMMISSION_RATE, DEC_ONE)}"`,
    `  max_change_rate: "${ratio(MAX_COMMISSION_CHANGE_RATE, DEC_ONE)}"`,
    `update_time: ${rfc3339Nano(validator.commissionUpdateMs)}`,
    "",
  ].join("\n");
}

/** EndBlock: pays out matured unbondings (minus the 10% burn) and drops matured redelegations. */
export function completeMatured(state: ChainState, sink: EventSink): void {
  while (state.unbondings.length > 0 && state.unbondings[0].completionMs <= state.timeMs) {
    const entry = state.unbondings.shift()!;
    const burned = (entry.amount * UNBONDING_BURN_BP) / 10_000n;
    burn(state, sink, MODULE.notBondedPool, burned);
    moveWithoutTransfer(state, sink, MODULE.notBondedPool, entry.delegator, entry.amount - burned);
    sink.emit("complete_unbonding", { amount: coins(entry.amount), validator: entry.validator, delegator: entry.delegator });
  }
  // Redelegations from unbonding validators end early, so this queue is not in completion order.
  for (let i = 0; i < state.redelegations.length; ) {
    const entry = state.redelegations[i];
    if (entry.completionMs > state.timeMs) {
      i++;
      continue;
    }
    state.redelegations.splice(i, 1);
    sink.emit("complete_redelegation", {
      amount: coins(entry.amount),
      source_validator: entry.source,
      destination_validator: entry.destination,
      delegator: entry.delegator,
    });
  }
}
