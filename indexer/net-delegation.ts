// What a delegation actually bonds: the gross amount of its delegate/create_validator event less the partner rewards and burn paid out of it.
import { valoperToAccount } from "../core/address.ts";
import { moduleAddress } from "../core/module-accounts.ts";
import type { ChainEvent } from "../chain/types.ts";
import { attributes, type Attributes, msgIndexOf, uaxm } from "./events.ts";

/** The referral module's account (core/module-accounts.ts derives it as the SDK does). */
export const REFERRAL_MODULE_ADDRESS = moduleAddress("referral");

/** A delegate (MsgDelegate) or create_validator (MsgCreateValidator's self-delegation) event with what it bonded. */
export interface BondedDelegation {
  /** Position of the event in the transaction's events. */
  index: number;
  type: "delegate" | "create_validator";
  validator: string;
  delegator: string;
  /** uaxm the message asked to delegate (the event's amount). */
  gross: bigint;
  /** uaxm added to the delegation: the gross amount less what was paid out of it. */
  net: bigint;
}

function delegatorOf(type: string, a: Attributes): string {
  if (type === "delegate") return a.get("delegator") ?? "";
  try {
    return valoperToAccount(a.get("validator") ?? "");
  } catch {
    return "";
  }
}

/**
 * x/staking/keeper/delegation.go Delegate calls RefHooks.SpendCoinsForRef → x/referral/keeper/keeper.go PayUpFees
 * before the delegation grows, and x/staking/keeper/msg_server.go then emits `delegate` / `create_validator` with the
 * GROSS amount the message asked for. Walking the transaction's events in order, each uaxm `ref_fee{from}` and each
 * burn of the referral module (burn{burner: referral}, paid by the sender of the transfer to the module just before it)
 * since the previous delegation event are subtracted from the next delegate/create_validator event of that delegator.
 * A `ref_fee` in uret (uret_mode: minted, nothing leaves the delegator) subtracts nothing. Pending amounts do not cross
 * a message boundary (msg_index), so a MsgBurnPartnerFee next to a MsgDelegate stays a burn.
 */
export function bondedDelegations(events: ChainEvent[]): BondedDelegation[] {
  const bonded: BondedDelegation[] = [];
  let paidOut = new Map<string, bigint>();
  let message = Number.NaN;
  let referralPayer = "";
  const subtract = (address: string, amount: bigint) => {
    if (address && amount > 0n) paidOut.set(address, (paidOut.get(address) ?? 0n) + amount);
  };
  events.forEach((event, index) => {
    if (msgIndexOf(event) !== message) {
      message = msgIndexOf(event);
      paidOut = new Map();
      referralPayer = "";
    }
    const a = attributes(event);
    if (event.type === "transfer" && a.get("recipient") === REFERRAL_MODULE_ADDRESS) referralPayer = a.get("sender") ?? "";
    else if (event.type === "burn" && a.get("burner") === REFERRAL_MODULE_ADDRESS) subtract(referralPayer, uaxm(a.get("amount")));
    else if (event.type === "ref_fee") subtract(a.get("from") ?? "", uaxm(a.get("amount")));
    else if (event.type === "delegate" || event.type === "create_validator") {
      const delegator = delegatorOf(event.type, a);
      const gross = uaxm(a.get("amount"));
      const net = gross - (paidOut.get(delegator) ?? 0n);
      paidOut.delete(delegator);
      if (delegator) bonded.push({ index, type: event.type, validator: a.get("validator") ?? "", delegator, gross, net: net > 0n ? net : 0n });
    }
  });
  return bonded;
}
