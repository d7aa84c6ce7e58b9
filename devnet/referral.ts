// x/referral's messages and staking hooks (keeper/msg_server.go, ref_hooks.go, keeper.go PayUpFees): registration, Premium burns, the delegation check, partner fees.
import type { ChainState } from "./state.ts";
import { type EventSink, coins } from "./events.ts";
import { burn, mintUret, multiSend, send, sendUret } from "./bank.ts";
import { MODULE } from "./module-accounts.ts";
import { TxFailure, outOfReferralStructure, referralParentNotFound } from "./errors.ts";
import { appendChild } from "./referral-hooks.ts";
import { checkAuthority } from "./vote.ts";
import { CHAIN_STATUS, DELEGATING_AWARD, fractionText, partnerFeeSplit } from "../core/partnership-chain.ts";

/** Registered in the referral tree (an Info record exists). */
export function isRegistered(state: ChainState, address: string): boolean {
  return state.referral.exists(address);
}

/** The referrer and up to 13 further ancestors, nearest first. */
export function nearestAncestors(state: ChainState, address: string, levels = 14): string[] {
  const list: string[] = [];
  for (let node = state.referral.get(address)?.referrer ?? ""; node !== "" && list.length < levels; node = state.referral.get(node)?.referrer ?? "")
    list.push(node);
  return list;
}

/** MsgRegisterReferral: the referrer must exist, the new account must not; no event of its own. */
export function registerReferral(state: ChainState, sink: EventSink, referral: string, referrer: string): void {
  if (!isRegistered(state, referrer)) throw referralParentNotFound(referral);
  appendChild(state, sink, referrer, referral, CHAIN_STATUS.NEW);
}

/** RefHooks.CheckDelegationAvailable: only registered accounts and wasm contracts may delegate. */
export function checkDelegationAvailable(state: ChainState, delegator: string): void {
  if (!isRegistered(state, delegator) && !state.wasm.contract(delegator)) throw outOfReferralStructure(delegator);
}

/**
 * PayUpFees (RefHooks.SpendCoinsForRef): returns what is left to bond. Non-uret mode: the delegator burns the unpaid
 * levels' shares through the referral module, then pays the ancestors in one InputOutputCoins. Uret mode: the fees are
 * minted as uret and sent to the ancestors, and the whole amount is bonded.
 */
export function payUpFees(state: ChainState, sink: EventSink, delegator: string, amount: bigint): bigint {
  const ancestors = nearestAncestors(state, delegator);
  const split = partnerFeeSplit(
    amount,
    ancestors.map((a) => state.referral.get(a)!.status),
  );
  const paid = split.fees.map((fee) => ({ address: ancestors[fee.level - 1], amount: fee.amount }));
  if (state.referral.params.uretMode) {
    payInUret(state, sink, delegator, paid);
    return amount;
  }
  send(state, sink, delegator, MODULE.referral, split.burn);
  burn(state, sink, MODULE.referral, split.burn);
  for (const fee of paid) sink.emit("ref_fee", { amount: coins(fee.amount), from: delegator, to: fee.address });
  if (paid.length > 0) multiSend(state, sink, delegator, paid);
  return split.remain;
}

function payInUret(state: ChainState, sink: EventSink, delegator: string, paid: { address: string; amount: bigint }[]): void {
  for (const fee of paid) sink.emit("ref_fee", { amount: coins(fee.amount, "uret"), from: delegator, to: fee.address });
  const total = paid.reduce((sum, fee) => sum + fee.amount, 0n);
  if (total === 0n) return;
  mintUret(state, sink, MODULE.referral, total);
  for (const fee of paid) sendUret(state, sink, MODULE.referral, fee.address, fee.amount);
}

/** MsgBurnPartnerFee: any positive coins, sent to the referral module and burned there. */
export function burnPartnerFee(state: ChainState, sink: EventSink, from: string, amount: bigint): void {
  send(state, sink, from, MODULE.referral, amount);
  burn(state, sink, MODULE.referral, amount);
}

export interface ReferralParamsMessage {
  delegatingAward?: { network: string[] };
  statusDowngradePeriod: number;
  uretMode: boolean;
}

/**
 * MsgUpdateParams (msg_server.go UpdateParams): only the module authority, the vote module's account, that is an
 * accepted proposal; no event. The chain's Params.Validate accepts anything; the devnet pays partner fees from core's
 * fixed award table, so it refuses a proposal that would change the award rather than pretend to apply it.
 */
export function updateReferralParams(state: ChainState, authority: string, params: ReferralParamsMessage): void {
  checkAuthority(authority);
  const network = params.delegatingAward?.network ?? [];
  if (network.join(",") !== DELEGATING_AWARD.map(fractionText).join(",")) {
    throw new TxFailure("undefined", 1, "the devnet pays partner fees by the chain's fixed delegating_award: a change of it is not simulated");
  }
  state.referral.setParams({ statusDowngradePeriodSeconds: params.statusDowngradePeriod, uretMode: params.uretMode });
}
