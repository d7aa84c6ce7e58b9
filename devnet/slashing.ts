// x/slashing: liveness over a window of last commits, jailing for downtime, MsgUnjail and signing infos.
import { consensusHexToBech32 } from "../core/address.ts";
import type { ChainState, SigningInfo, Validator } from "./state.ts";
import type { EventSink } from "./events.ts";
import { validatorNotFound, missingSelfDelegation, validatorNotJailed, validatorStillJailed } from "./errors.ts";

export const SIGNED_BLOCKS_WINDOW = 100;
/** min_signed_per_window 0.5, as a count of the window's blocks. */
export const MIN_SIGNED_PER_WINDOW = 50;
export const DOWNTIME_JAIL_DURATION_MS = 10 * 60 * 1000;

/** One validator's entry in a block's last commit. */
export interface Vote {
  validator: Validator;
  power: number;
  signed: boolean;
}

/** Staking hook: a validator's window starts over whenever it is bonded; its signing info is made the first time. */
export function afterValidatorBonded(state: ChainState, validator: Validator): void {
  const info = state.signingInfos.get(validator.consensus.addressHex);
  if (info) info.startHeight = state.height;
  else {
    state.signingInfos.set(validator.consensus.addressHex, {
      startHeight: state.height,
      indexOffset: 0,
      missed: new Uint8Array(SIGNED_BLOCKS_WINDOW),
      missedBlocksCounter: 0,
      jailedUntilMs: 0,
    });
  }
}

/** BeginBlock: counts each vote of the last commit and jails a validator that missed too many of its window. */
export function handleLastCommit(state: ChainState, sink: EventSink, votes: Vote[]): void {
  for (const vote of votes) handleSignature(state, sink, vote);
}

function handleSignature(state: ChainState, sink: EventSink, { validator, power, signed }: Vote): void {
  const info = state.signingInfos.get(validator.consensus.addressHex)!;
  const index = info.indexOffset % SIGNED_BLOCKS_WINDOW;
  info.indexOffset++;
  // As in the SDK, a jailed validator's absences are not counted against it.
  const missed = !signed && !validator.jailed;
  info.missedBlocksCounter += Number(missed) - info.missed[index];
  info.missed[index] = Number(missed);
  const address = consensusHexToBech32(validator.consensus.addressHex);
  if (missed) sink.emit("liveness", { address, missed_blocks: String(info.missedBlocksCounter), height: String(state.height) });
  const windowFilled = state.height > info.startHeight + SIGNED_BLOCKS_WINDOW;
  if (windowFilled && info.missedBlocksCounter > SIGNED_BLOCKS_WINDOW - MIN_SIGNED_PER_WINDOW && !validator.jailed) {
    sink.emit("slash", { address, power: String(power), reason: "missing_signature", jailed: address });
    jailForDowntime(state, validator, info);
  }
}

/** slash_fraction_downtime is 0, so jailing is the whole penalty. */
function jailForDowntime(state: ChainState, validator: Validator, info: SigningInfo): void {
  state.updateValidator(validator, { jailed: true });
  info.jailedUntilMs = state.timeMs + DOWNTIME_JAIL_DURATION_MS;
  // The window starts over, so a validator that comes back is not jailed again for the old absences.
  info.missedBlocksCounter = 0;
  info.indexOffset = 0;
  info.missed.fill(0);
}

/** Whether MsgUnjail would succeed now for a validator jailed for downtime. */
export function jailTimeServed(state: ChainState, validator: Validator): boolean {
  const info = state.signingInfos.get(validator.consensus.addressHex);
  return validator.jailed && (!info || state.timeMs >= info.jailedUntilMs);
}

/** MsgUnjail: the operator takes its validator out of jail once the jail time is over. */
export function unjail(state: ChainState, operator: string): void {
  const validator = state.validatorByOperator.get(operator);
  if (!validator) throw validatorNotFound();
  if (state.delegation(operator, validator.accountAddress) === 0n) throw missingSelfDelegation();
  if (!validator.jailed) throw validatorNotJailed();
  if (!jailTimeServed(state, validator)) throw validatorStillJailed();
  state.updateValidator(validator, { jailed: false });
}
