// What a block changes in staking: delegations (from events, net of what partner rewards took), stake moves, validators to read again, and the consensus set.
import type { ChainEvent, ValidatorUpdate } from "../chain/types.ts";
import { attributes, type Attributes, executedMessages, modeOf, msgIndexOf, uaxm, type TxMessage } from "./events.ts";
import { bondedDelegations } from "./net-delegation.ts";

/** A change of one delegation: validator, delegator and a signed amount of uaxm. */
export type DelegationDelta = [validator: string, delegator: string, amount: string];

/**
 * x/staking keeper.go MoveDelegation (confirm_request_stake_move{delegator, validator, dst_delegator}): the WHOLE
 * delegation of `delegator` at `validator` goes to `dstDelegator`. The event names no amount: the writer moves what the
 * index holds at that point, after the block's first `after` delegation deltas.
 */
export interface StakeMove {
  validator: string;
  delegator: string;
  dstDelegator: string;
  after: number;
}

export interface StakingChanges {
  /** In chain order. */
  delegationDeltas: DelegationDelta[];
  stakeMoves: StakeMove[];
  /** Operator addresses whose validator record a message or event of this block changed. */
  touchedValidators: string[];
  /** Power changes of consensus keys, applied by CometBFT two heights later. */
  validatorUpdates: ValidatorUpdate[];
  /** A validator was slashed or jailed: the whole set is read again. */
  slashed: boolean;
}

// Message fields naming the validator a staking or slashing message acts on (REST JSON names).
const VALIDATOR_FIELDS = ["validator_address", "validator_addr", "validator_src_address", "validator_dst_address"];

/**
 * x/staking/keeper/msg_server.go BeginRedelegate emits redelegate{source_validator, destination_validator, amount,
 * completion_time} without the delegator: it is the delegator of the MsgBeginRedelegate (inside an authz MsgExec too)
 * at the event's msg_index.
 */
function redelegator(event: ChainEvent, source: string, messages: TxMessage[]): string {
  const message = messages[msgIndexOf(event)];
  const redelegation = message && executedMessages(message).find((m) => m.json.validator_src_address === source);
  return typeof redelegation?.json.delegator_address === "string" ? redelegation.json.delegator_address : "";
}

/** Delegation changes of an event other than delegate/create_validator (those come net from bondedDelegations). */
function otherDeltas(event: ChainEvent, messages: TxMessage[]): DelegationDelta[] {
  const a = attributes(event);
  switch (event.type) {
    case "cancel_unbonding_delegation":
      return [[a.get("validator") ?? "", a.get("delegator") ?? "", uaxm(a.get("amount")).toString()]];
    case "unbond":
      return [[a.get("validator") ?? "", a.get("delegator") ?? "", (-uaxm(a.get("amount"))).toString()]];
    case "redelegate": {
      const amount = uaxm(a.get("amount"));
      const source = a.get("source_validator") ?? "";
      const delegator = redelegator(event, source, messages);
      return [
        [source, delegator, (-amount).toString()],
        [a.get("destination_validator") ?? "", delegator, amount.toString()],
      ];
    }
    default:
      return [];
  }
}

export interface StakingTx {
  code: number | null;
  events: ChainEvent[];
  messages: TxMessage[];
}

/** Reads a list of events in order into the block's deltas and moves. */
class BlockStaking {
  readonly deltas: DelegationDelta[] = [];
  readonly moves: StakeMove[] = [];
  readonly touched = new Set<string>();

  /** `messages`: the transaction's, whose fields name what some events leave out (none for block events). */
  read(events: ChainEvent[], messages: TxMessage[] = []): void {
    const bonded = new Map(bondedDelegations(events).map((b) => [b.index, b]));
    events.forEach((event, index) => {
      const net = bonded.get(index);
      for (const delta of net ? [[net.validator, net.delegator, net.net.toString()] as DelegationDelta] : otherDeltas(event, messages)) this.addDelta(delta);
      if (event.type === "confirm_request_stake_move") this.addMove(attributes(event));
    });
  }

  private addDelta(delta: DelegationDelta): void {
    if (!delta[0] || !delta[1] || delta[2] === "0") return;
    this.deltas.push(delta);
    this.touched.add(delta[0]);
  }

  private addMove(a: Attributes): void {
    const move = {
      validator: a.get("validator") ?? "",
      delegator: a.get("delegator") ?? "",
      dstDelegator: a.get("dst_delegator") ?? "",
      after: this.deltas.length,
    };
    if (move.validator && move.delegator && move.dstDelegator && move.delegator !== move.dstDelegator) this.moves.push(move);
  }
}

/** Block events come in BeginBlock / transactions / EndBlock order; a stake move may be confirmed in either (a vote proposal runs in BeginBlock). */
export function stakingChanges(txs: StakingTx[], blockEvents: ChainEvent[], validatorUpdates: ValidatorUpdate[]): StakingChanges {
  const block = new BlockStaking();
  block.read(blockEvents.filter((e) => modeOf(e) !== "EndBlock"));
  for (const tx of txs) {
    if (tx.code !== 0) continue;
    block.read(tx.events, tx.messages);
    for (const { json } of tx.messages.flatMap(executedMessages)) {
      for (const field of VALIDATOR_FIELDS) if (typeof json[field] === "string") block.touched.add(json[field]);
    }
  }
  block.read(blockEvents.filter((e) => modeOf(e) === "EndBlock"));
  return {
    delegationDeltas: block.deltas,
    stakeMoves: block.moves,
    touchedValidators: [...block.touched],
    validatorUpdates,
    slashed: blockEvents.some((e) => e.type === "slash" || e.type === "jail"),
  };
}
