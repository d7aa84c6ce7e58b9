// What a block changes in accounts and the partnership programme: bank balances, unbondings, rewards, registrations, statuses, Premium, KPI delegations.
import { amountOf, BASE_DENOM } from "../core/amount.ts";
import type { Status } from "../core/partnership-status.ts";
import { isPremiumPurchase } from "../core/partnership-premium.ts";
import type { ChainEvent } from "../chain/types.ts";
import { attributes, type Attributes, coinAmount, executedMessages, modeOf, RET_DENOM, statusFromName, uaxm, type TxMessage } from "./events.ts";
import { bondedDelegations } from "./net-delegation.ts";

/** A signed amount per address, as text (blocks cross from worker threads). */
export type AddressAmount = [address: string, amount: string];

export interface UnbondEntry {
  delegator: string;
  validator: string;
  amount: string;
  completionTime: string;
}

/** A status event, in block order: a new status (clears any downgrade date), a downgrade date, or its cancellation. */
export type StatusChange =
  { address: string; kind: "status"; status: Status } | { address: string; kind: "downgrade"; at: string } | { address: string; kind: "cancel" };

export interface AccountChanges {
  /** Available uaxm changes from coin_spent / coin_received, summed per address. */
  balanceDeltas: AddressAmount[];
  unbonds: UnbondEntry[];
  /** complete_unbonding: entries of delegator and validator maturing at the block's time, with the amount they held. */
  completions: UnbondEntry[];
  /** Rewards withdrawn (uaxm): withdraw_rewards amount + emission. */
  claimed: AddressAmount[];
  /** ref_fee partner rewards by receiver, in uaxm. */
  refFees: AddressAmount[];
  /** ref_fee partner rewards by receiver, in uret (uret_mode). */
  refFeesRet: AddressAmount[];
  /** Successful MsgRegisterReferral messages, in block order. */
  registrations: { referral: string; referrer: string }[];
  statusChanges: StatusChange[];
  /** Burns that buy Premium (core's rule), in block order. */
  premiumPurchases: string[];
  /** What each delegator's MsgDelegate asked to delegate (gross), for the weekly KPI. */
  kpiDelegations: AddressAmount[];
}

/** One transaction as accounts need it. */
export interface AccountsTx {
  code: number | null;
  events: ChainEvent[];
  messages: TxMessage[];
}

const REGISTER_REFERRAL = "/axiome.referral.v1beta1.MsgRegisterReferral";

class Sums {
  private readonly map = new Map<string, bigint>();
  add(address: string, amount: bigint): void {
    if (!address || amount === 0n) return;
    this.map.set(address, (this.map.get(address) ?? 0n) + amount);
  }
  list(): AddressAmount[] {
    return [...this.map].filter(([, amount]) => amount !== 0n).map(([address, amount]) => [address, amount.toString()]);
  }
}

/** The block's sums while it is read. */
interface Reading {
  balances: Sums;
  claimed: Sums;
  refFees: Sums;
  refFeesRet: Sums;
  kpi: Sums;
}

/** Reads every event of the block (begin/end block and transactions, in order) into account changes. */
export function accountChanges(txs: AccountsTx[], blockEvents: ChainEvent[]): AccountChanges {
  const sums: Reading = { balances: new Sums(), claimed: new Sums(), refFees: new Sums(), refFeesRet: new Sums(), kpi: new Sums() };
  const changes: AccountChanges = {
    balanceDeltas: [],
    unbonds: [],
    completions: [],
    claimed: [],
    refFees: [],
    refFeesRet: [],
    registrations: [],
    statusChanges: [],
    premiumPurchases: [],
    kpiDelegations: [],
  };
  const read = (event: ChainEvent, successful: boolean) => {
    const a = attributes(event);
    // A failed transaction keeps only its fee events: bank events are always real, the rest only when it succeeded.
    if (event.type === "coin_spent") sums.balances.add(a.get("spender") ?? "", -uaxm(a.get("amount")));
    else if (event.type === "coin_received") sums.balances.add(a.get("receiver") ?? "", uaxm(a.get("amount")));
    if (successful) readPartnershipEvent(event, a, changes, sums);
  };
  // Block events: begin-block ones come before the transactions, end-block ones after; for sums and
  // for statuses (due downgrades run in BeginBlock, x/referral/module.go) the order between the groups is what matters.
  blockEvents.filter((e) => modeOf(e) !== "EndBlock").forEach((e) => read(e, true));
  for (const tx of txs) {
    tx.events.forEach((e) => read(e, tx.code === 0));
    if (tx.code === 0) readMessages(tx, changes, sums.kpi);
  }
  blockEvents.filter((e) => modeOf(e) === "EndBlock").forEach((e) => read(e, true));
  changes.balanceDeltas = sums.balances.list();
  changes.claimed = sums.claimed.list();
  changes.refFees = sums.refFees.list();
  changes.refFeesRet = sums.refFeesRet.list();
  changes.kpiDelegations = sums.kpi.list();
  return changes;
}

function readPartnershipEvent(event: ChainEvent, a: Attributes, changes: AccountChanges, sums: Reading): void {
  switch (event.type) {
    case "unbond":
    case "complete_unbonding": {
      const entry = {
        delegator: a.get("delegator") ?? "",
        validator: a.get("validator") ?? "",
        amount: uaxm(a.get("amount")).toString(),
        completionTime: a.get("completion_time") ?? "",
      };
      if (!entry.delegator) return;
      if (event.type === "unbond") changes.unbonds.push(entry);
      else changes.completions.push(entry);
      return;
    }
    case "withdraw_rewards":
      // x/distribution/keeper/delegation.go: the delegator receives the fee-share rewards plus the emission minted at withdrawal.
      sums.claimed.add(a.get("delegator") ?? "", uaxm(a.get("amount")) + uaxm(a.get("emission")));
      return;
    case "ref_fee":
      // x/referral/keeper/keeper.go PayUpFees: "<fee>uaxm", or "<fee>uret" in uret_mode.
      sums.refFees.add(a.get("to") ?? "", uaxm(a.get("amount")));
      sums.refFeesRet.add(a.get("to") ?? "", coinAmount(a.get("amount"), RET_DENOM));
      return;
    default:
      readStatusEvent(event, a, changes);
  }
}

/** x/referral/types/events.go names, emitted by keeper/bunch_updater.go (in transactions) and keeper/hooks.go performDowngrade (BeginBlock). */
function readStatusEvent(event: ChainEvent, a: Attributes, changes: AccountChanges): void {
  const address = a.get("address") ?? "";
  if (!address) return;
  if (event.type === "status_updated") changes.statusChanges.push({ address, kind: "status", status: statusFromName(a.get("after")) });
  else if (event.type === "status_downgrade_canceled") changes.statusChanges.push({ address, kind: "cancel" });
  else if (event.type === "status_will_be_downgraded") {
    const at = a.get("time") ?? "";
    if (!Number.isNaN(Date.parse(at))) changes.statusChanges.push({ address, kind: "downgrade", at });
  }
}

/**
 * A successful transaction's messages (those inside an authz MsgExec too): registrations (keeper/msg_server.go
 * RegisterReferral emits no event of its own), Premium purchases (core's rule on MsgBurnPartnerFee), and the net amounts
 * its MsgDelegates bonded (KPI; redelegations and a new validator's self-delegation count nothing).
 */
function readMessages(tx: AccountsTx, changes: AccountChanges, kpi: Sums): void {
  for (const { typeUrl, json } of tx.messages.flatMap(executedMessages)) {
    if (typeUrl === REGISTER_REFERRAL) {
      const referral = json.referral_address;
      const referrer = json.referrer_address;
      if (typeof referral === "string" && typeof referrer === "string" && referral && referrer) changes.registrations.push({ referral, referrer });
    }
    const buyer = premiumBuyer(typeUrl, json);
    if (buyer) changes.premiumPurchases.push(buyer);
  }
  // The KPI counts what a partner delegated (the message's amount, as the programme counts it), not what stayed bonded
  // after the partner rewards paid out of it.
  for (const d of bondedDelegations(tx.events)) if (d.type === "delegate") kpi.add(d.delegator, d.gross);
}

/** The sender of a message that buys Premium (the burn message and price of core's PREMIUM), or null. */
function premiumBuyer(typeUrl: string, json: Record<string, unknown>): string | null {
  const from = json.from_address;
  if (typeof from !== "string" || !Array.isArray(json.amount)) return null;
  const coins = (json.amount as ({ denom?: unknown; amount?: unknown } | null)[]).filter(
    (c): c is { denom: string; amount: string } => typeof c?.denom === "string" && typeof c?.amount === "string" && /^\d{1,40}$/.test(c.amount),
  );
  return isPremiumPurchase(typeUrl, amountOf(coins, BASE_DENOM)) ? from : null;
}
