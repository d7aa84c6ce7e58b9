// Stake moves of axm-node's x/staking (keeper/msg_server.go RequestStakeMove, ConfirmRequestStakeMove, CancelRequestStakeMove; keeper.go MoveDelegation).
import type { ChainState } from "./state.ts";
import type { EventSink } from "./events.ts";
import { conflict, grpcNotFound, invalidAuthority, invalidRequest, noDelegation, validatorNotFound } from "./errors.ts";
import { withdrawRewards } from "./distribution.ts";
import { onBalanceChanged } from "./referral-hooks.ts";
import { operatorAccount, stakeMoveKey } from "./staking.ts";

export interface StakeMoveMessage {
  delegatorAddress: string;
  validatorAddress: string;
  dstDelegatorAddress: string;
}

const eventOf = (m: StakeMoveMessage) => ({ delegator: m.delegatorAddress, validator: m.validatorAddress, dst_delegator: m.dstDelegatorAddress });

/** MsgRequestStakeMove (signed by the delegator): sets the voting flag of the delegation. */
export function requestStakeMove(state: ChainState, sink: EventSink, m: StakeMoveMessage): void {
  if (operatorAccount(m.validatorAddress) === m.delegatorAddress) throw invalidRequest("delegator cannot be the validator operator");
  const key = stakeMoveKey(m.delegatorAddress, m.validatorAddress);
  if (state.stakeMoves.has(key)) throw conflict("stake move voting is already in progress for this delegator and validator");
  state.setStakeMove(key, { delegator: m.delegatorAddress, validator: m.validatorAddress, dstDelegator: m.dstDelegatorAddress });
  sink.emit("request_stake_move", eventOf(m));
}

/** Only the staking authority decides (govtypes.ErrInvalidSigner otherwise). */
function checkAuthority(state: ChainState, authority: string): void {
  if (authority !== state.stakingAuthority) throw invalidAuthority(state.stakingAuthority, authority);
}

function pendingKey(state: ChainState, m: StakeMoveMessage): string {
  const key = stakeMoveKey(m.delegatorAddress, m.validatorAddress);
  if (!state.stakeMoves.has(key)) throw grpcNotFound("no stake move voting in progress for this delegator and validator");
  return key;
}

/** MsgConfirmRequestStakeMove: the whole delegation changes hands, then the flag is cleared. */
export function confirmStakeMove(state: ChainState, sink: EventSink, authority: string, m: StakeMoveMessage): void {
  checkAuthority(state, authority);
  const key = pendingKey(state, m);
  moveDelegation(state, sink, m.delegatorAddress, m.dstDelegatorAddress, m.validatorAddress);
  state.setStakeMove(key, undefined);
  sink.emit("confirm_request_stake_move", eventOf(m));
}

/** MsgCancelRequestStakeMove: the flag is cleared and nothing moves. */
export function cancelStakeMove(state: ChainState, sink: EventSink, authority: string, m: StakeMoveMessage): void {
  checkAuthority(state, authority);
  state.setStakeMove(pendingKey(state, m), undefined);
  sink.emit("cancel_request_stake_move", eventOf(m));
}

/**
 * keeper.go MoveDelegation: rewards of the source (and of the destination if it delegates there already) are paid, the
 * referral figures move from source to destination, and the shares follow; no coins move and the validator keeps its tokens.
 */
function moveDelegation(state: ChainState, sink: EventSink, source: string, destination: string, operator: string): void {
  const validator = state.validatorByOperator.get(operator);
  if (!validator) throw validatorNotFound();
  const moved = state.delegation(operator, source);
  if (moved === 0n) throw noDelegation();
  withdrawRewards(state, sink, source, operator);
  if (state.delegation(operator, destination) > 0n) withdrawRewards(state, sink, destination, operator);
  onBalanceChanged(state, sink, source, -moved);
  onBalanceChanged(state, sink, destination, moved);
  state.setDelegation(operator, source, 0n);
  state.setDelegationPoints(operator, source, undefined);
  state.setDelegation(operator, destination, state.delegation(operator, destination) + moved);
  state.setDelegationPoints(operator, destination, validator.points);
}
