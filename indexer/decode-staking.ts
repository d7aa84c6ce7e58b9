// What a block changes in staking: delegations (from events), validators to read again, and the consensus set.
import { valoperToAccount } from "../core/address.ts";
import { amountOf, BASE_DENOM } from "../core/amount.ts";
import type { ChainEvent, ValidatorUpdate } from "../chain/types.ts";

/** A change of one delegation: validator, delegator and a signed amount of uaxm. */
export type DelegationDelta = [validator: string, delegator: string, amount: string];

export interface StakingChanges {
  delegationDeltas: DelegationDelta[];
  /** Operator addresses whose validator record a message or event of this block changed. */
  touchedValidators: string[];
  /** Power changes of consensus keys, applied by CometBFT two heights later. */
  validatorUpdates: ValidatorUpdate[];
  /** A validator was slashed or jailed: the whole set is read again. */
  slashed: boolean;
}

// Message fields naming the validator a staking or slashing message acts on (REST JSON names).
const VALIDATOR_FIELDS = ["validator_address", "validator_addr", "validator_src_address", "validator_dst_address"];

/** An event amount: a coins string ("5uaxm") or, in older SDKs, a bare integer. */
function coinAmount(value: string): bigint {
  return /^\d{1,40}$/.test(value) ? BigInt(value) : amountOf(value, BASE_DENOM);
}

function attributes(event: ChainEvent): Map<string, string> {
  return new Map(event.attributes.map((a) => [a.key, a.value]));
}

/** Delegation changes an event of a successful transaction makes. */
function deltasOf(event: ChainEvent): DelegationDelta[] {
  const a = attributes(event);
  const amount = coinAmount(a.get("amount") ?? "0");
  const delegator = a.get("delegator") ?? "";
  switch (event.type) {
    case "delegate":
    case "cancel_unbonding_delegation":
      return [[a.get("validator") ?? "", delegator, amount.toString()]];
    case "unbond":
      return [[a.get("validator") ?? "", delegator, (-amount).toString()]];
    case "redelegate":
      return [
        [a.get("source_validator") ?? "", delegator, (-amount).toString()],
        [a.get("destination_validator") ?? "", delegator, amount.toString()],
      ];
    case "create_validator": {
      const validator = a.get("validator") ?? "";
      const self = selfDelegator(validator);
      return self ? [[validator, self, amount.toString()]] : [];
    }
    default:
      return [];
  }
}

function selfDelegator(validator: string): string | null {
  try {
    return valoperToAccount(validator);
  } catch {
    return null;
  }
}

export interface StakingTx {
  code: number;
  events: ChainEvent[];
  /** Decoded messages in REST JSON (snake_case fields). */
  messages: Record<string, unknown>[];
}

export function stakingChanges(txs: StakingTx[], blockEvents: ChainEvent[], validatorUpdates: ValidatorUpdate[]): StakingChanges {
  const deltas: DelegationDelta[] = [];
  const touched = new Set<string>();
  for (const tx of txs) {
    if (tx.code !== 0) continue;
    for (const event of tx.events) {
      for (const delta of deltasOf(event)) {
        if (!delta[0] || !delta[1] || delta[2] === "0") continue;
        deltas.push(delta);
        touched.add(delta[0]);
      }
    }
    for (const message of tx.messages) {
      for (const field of VALIDATOR_FIELDS) if (typeof message[field] === "string") touched.add(message[field]);
    }
  }
  return {
    delegationDeltas: deltas,
    touchedValidators: [...touched],
    validatorUpdates,
    slashed: blockEvents.some((e) => e.type === "slash" || e.type === "jail"),
  };
}
