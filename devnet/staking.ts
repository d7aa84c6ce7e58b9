// x/staking as axm-node runs it (keeper/msg_server.go, keeper/delegation.go): delegations paying partner fees, validator creation and edits, matured entries.
import { bytesToAccount, decodeBech32 } from "../core/address.ts";
import type { ChainState, NodeBehaviour, Validator } from "./state.ts";
import { type EventSink, coins, decimal } from "./events.ts";
import { moveWithoutTransfer, send, burn } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { publicConsensusKey } from "./keys.ts";
import {
  validatorNotFound,
  noDelegation,
  invalidRequest,
  selfRedelegation,
  validatorOwnerExists,
  validatorPubKeyExists,
  conflict,
  TxFailure,
} from "./errors.ts";
import { withdrawRewards } from "./distribution.ts";
import { checkDelegationAvailable, payUpFees } from "./referral.ts";
import { onBalanceChanged } from "./referral-hooks.ts";

/** Kept short so completions happen within a devnet run (the real chain uses 21 days). */
export const UNBONDING_PERIOD_MS = 10 * 60 * 1000;
/** keeper/delegation.go CompleteUnbonding: 10% of each matured entry is burned. */
export const UNBONDING_BURN_PERCENT = 10n;
/** Params.min_self_delegation. */
export const MIN_SELF_DELEGATION = "1";
/** The value a MsgEditValidator description field carries to keep the current one. */
export const DO_NOT_MODIFY = "[do-not-modify]";
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

function positive(amount: bigint, what: string): void {
  if (amount <= 0n) throw invalidRequest(what);
}

/** The distribution hook before a delegation's shares change: its rewards are paid first. */
function beforeSharesModified(state: ChainState, sink: EventSink, delegator: string, operator: string): void {
  if (state.delegation(operator, delegator) > 0n) withdrawRewards(state, sink, delegator, operator);
}

/** The delegation and the validator grow by tokens; the delegation takes the validator's emission points. */
function addShares(state: ChainState, validator: Validator, delegator: string, tokens: bigint): void {
  state.setTokens(validator, validator.tokens + tokens);
  state.setDelegation(validator.operatorAddress, delegator, state.delegation(validator.operatorAddress, delegator) + tokens);
  state.setDelegationPoints(validator.operatorAddress, delegator, validator.points);
}

/** Keeper.Delegate with subtractAccount: partner fees come out of the amount and only the remainder is bonded. */
function delegateFromAccount(state: ChainState, sink: EventSink, delegator: string, validator: Validator, amount: bigint): bigint {
  beforeSharesModified(state, sink, delegator, validator.operatorAddress);
  checkDelegationAvailable(state, delegator);
  const remain = payUpFees(state, sink, delegator, amount);
  moveWithoutTransfer(state, sink, delegator, poolOf(validator), remain);
  onBalanceChanged(state, sink, delegator, remain);
  addShares(state, validator, delegator, remain);
  return remain;
}

/** MsgDelegate: the `delegate` event keeps the gross amount asked for; new_shares is what was bonded. */
export function delegate(state: ChainState, sink: EventSink, delegator: string, operator: string, amount: bigint): void {
  positive(amount, "invalid delegation amount");
  const validator = validatorOf(state, operator);
  const remain = delegateFromAccount(state, sink, delegator, validator, amount);
  sink.emit("delegate", { validator: operator, delegator, amount: coins(amount), new_shares: decimal(remain) });
}

/** ValidateUnbondAmount: the delegation must exist and hold the amount. */
function validateUnbond(state: ChainState, delegator: string, operator: string, amount: bigint): Validator {
  positive(amount, "invalid shares amount");
  const validator = validatorOf(state, operator);
  const current = state.delegation(operator, delegator);
  if (current === 0n) throw noDelegation();
  if (amount > current) throw invalidRequest("invalid shares amount");
  return validator;
}

/** Keeper.Unbond: rewards first, then the delegation shrinks and the referral figures follow. */
function unbond(state: ChainState, sink: EventSink, delegator: string, validator: Validator, amount: bigint): void {
  const operator = validator.operatorAddress;
  beforeSharesModified(state, sink, delegator, operator);
  const left = state.delegation(operator, delegator) - amount;
  state.setDelegation(operator, delegator, left);
  state.setDelegationPoints(operator, delegator, left === 0n ? undefined : validator.points);
  state.setTokens(validator, validator.tokens - amount);
  onBalanceChanged(state, sink, delegator, -amount);
}

export function stakeMoveKey(delegator: string, operator: string): string {
  return `${delegator}/${operator}`;
}

/** MsgUndelegate: refused while a stake move of the delegation awaits the authority. */
export function undelegate(state: ChainState, sink: EventSink, delegator: string, operator: string, amount: bigint): void {
  if (state.stakeMoves.has(stakeMoveKey(delegator, operator))) throw conflict("stake move voting is in progress for this delegator and validator");
  const validator = validateUnbond(state, delegator, operator, amount);
  unbond(state, sink, delegator, validator, amount);
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

/** MsgBeginRedelegate: Unbond at the source, then Delegate without the account (no referral check, no fees) at the destination. */
export function redelegate(state: ChainState, sink: EventSink, delegator: string, source: string, destination: string, amount: bigint): void {
  const from = validateUnbond(state, delegator, source, amount);
  if (source === destination) throw selfRedelegation();
  const to = state.validatorByOperator.get(destination);
  if (!to) throw new TxFailure("staking", 25, "redelegation destination validator not found");
  const sourcePool = poolOf(from);
  const completionMs = redelegationCompletion(state, from);
  unbond(state, sink, delegator, from, amount);
  beforeSharesModified(state, sink, delegator, destination);
  if (sourcePool !== poolOf(to)) send(state, sink, sourcePool, poolOf(to), amount);
  onBalanceChanged(state, sink, delegator, amount);
  addShares(state, to, delegator, amount);
  if (completionMs !== null) state.addRedelegation({ delegator, source, destination, amount, creationHeight: state.height, completionMs });
  sink.emit("redelegate", {
    source_validator: source,
    destination_validator: destination,
    amount: coins(amount),
    completion_time: rfc3339Seconds(completionMs ?? ZERO_TIME_MS),
  });
}

/** MsgCreateValidator: a new unbonded validator with its operator's self-delegation (partner fees included); the set update may bond it later. */
export function createValidator(
  state: ChainState,
  sink: EventSink,
  operator: string,
  description: ValidatorDescription,
  pubkey: Uint8Array,
  amount: bigint,
): void {
  positive(amount, "invalid delegation amount");
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
    points: 0n,
    emission: 0n,
    node: runByDevnet ? CREATED_NODE : ABSENT_NODE,
  };
  state.addValidator(validator);
  delegateFromAccount(state, sink, account, validator, amount);
  sink.emit("create_validator", { validator: operator, amount: coins(amount) });
}

/** MsgEditValidator (1 description, 2 validator_address): only the description changes; fields "[do-not-modify]" are kept. */
export function editValidator(state: ChainState, sink: EventSink, operator: string, description: Partial<ValidatorDescription> | undefined): void {
  if (DESCRIPTION_FIELDS.every((field) => !description?.[field])) throw invalidRequest("empty description");
  const validator = validatorOf(state, operator);
  const changes: Partial<Validator> = {};
  for (const field of DESCRIPTION_FIELDS) {
    const value = description?.[field] ?? "";
    if (value !== DO_NOT_MODIFY) changes[field] = value;
  }
  state.updateValidator(validator, changes);
  sink.emit("edit_validator", { min_self_delegation: MIN_SELF_DELEGATION });
}

/** EndBlock: pays out matured unbondings (10% burned) and drops matured redelegations. */
export function completeMatured(state: ChainState, sink: EventSink): void {
  while (state.unbondings.length > 0 && state.unbondings[0].completionMs <= state.timeMs) {
    const entry = state.unbondings.shift()!;
    const burned = (entry.amount * UNBONDING_BURN_PERCENT) / 100n;
    moveWithoutTransfer(state, sink, MODULE.notBondedPool, entry.delegator, entry.amount - burned);
    burn(state, sink, MODULE.notBondedPool, burned);
    sink.emit("complete_unbonding", { amount: coins(entry.amount), validator: entry.validator, delegator: entry.delegator });
  }
  // Redelegations from unbonding validators end early, so this queue is not in completion order.
  for (let i = 0; i < state.redelegations.length;) {
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
