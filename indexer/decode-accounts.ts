// What a block changes in accounts and the partnership programme: bank balances, unbondings, rewards, registrations, statuses, Premium.
import { amountOf, BASE_DENOM } from "../core/amount.ts";
import { CHAIN_STATUS_NAMES, explorerStatus, type Status } from "../core/partnership-status.ts";
import { isPremiumPurchase } from "../core/partnership-premium.ts";
import type { ChainEvent } from "../chain/types.ts";

const REFERRAL_EVENT = "axiome.referral.v1beta1.";

/** A signed uaxm amount per address, as text (blocks cross from worker threads). */
export type AddressAmount = [address: string, amount: string];

export interface UnbondEntry {
  delegator: string;
  validator: string;
  amount: string;
  completionTime: string;
}

/** A status event, in block order: a new status (clears any downgrade date), a downgrade date, or its cancellation. */
export type StatusChange =
  | { address: string; kind: "status"; status: Status }
  | { address: string; kind: "downgrade"; at: string }
  | { address: string; kind: "cancel" };

export interface AccountChanges {
  /** Available uaxm changes from coin_spent / coin_received, summed per address. */
  balanceDeltas: AddressAmount[];
  unbonds: UnbondEntry[];
  /** complete_unbonding: entries of delegator and validator maturing at the block's time, with the amount they held. */
  completions: UnbondEntry[];
  claimed: AddressAmount[];
  /** ref_fee partner rewards by receiver. */
  refFees: AddressAmount[];
  registrations: { referral: string; referrer: string }[];
  statusChanges: StatusChange[];
  /** Burns that buy Premium (core's rule), in block order. */
  premiumPurchases: string[];
}

/** One transaction as accounts need it. */
export interface AccountsTx {
  code: number;
  events: ChainEvent[];
  messages: { typeUrl: string; json: Record<string, unknown> }[];
}

export function attributes(event: ChainEvent): Map<string, string> {
  return new Map(event.attributes.map((a) => [a.key, a.value]));
}

/** Typed events carry JSON-quoted values ("\"axm1...\""); plain events carry them bare. */
export function unquote(value: string | undefined): string {
  if (value === undefined) return "";
  if (!value.startsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "string" ? parsed : value;
  } catch {
    return value;
  }
}

/** uaxm of an event amount: a coins string or a bare integer. */
export function uaxm(value: string | undefined): bigint {
  if (!value) return 0n;
  return /^\d{1,40}$/.test(value) ? BigInt(value) : amountOf(value, BASE_DENOM);
}

export function chainStatusFromName(name: string): Status | null {
  const index = (CHAIN_STATUS_NAMES as readonly string[]).indexOf(name);
  return index < 0 ? null : explorerStatus(index);
}

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

/** Reads every event of the block (begin/end block and transactions, in order) into account changes. */
export function accountChanges(txs: AccountsTx[], blockEvents: ChainEvent[]): AccountChanges {
  const balances = new Sums();
  const claimed = new Sums();
  const refFees = new Sums();
  const changes: AccountChanges = {
    balanceDeltas: [],
    unbonds: [],
    completions: [],
    claimed: [],
    refFees: [],
    registrations: [],
    statusChanges: [],
    premiumPurchases: [],
  };
  const read = (event: ChainEvent, successful: boolean) => {
    const a = attributes(event);
    // A failed transaction keeps only its fee events: bank events are always real, the rest only when it succeeded.
    if (event.type === "coin_spent") balances.add(a.get("spender") ?? "", -uaxm(a.get("amount")));
    else if (event.type === "coin_received") balances.add(a.get("receiver") ?? "", uaxm(a.get("amount")));
    if (!successful) return;
    readPartnershipEvent(event, a, changes, { claimed, refFees });
  };
  // Block events: begin-block ones come before the transactions, end-block ones after; for sums and
  // for statuses (end block only) the order between the two groups and the transactions is what matters.
  const begin = blockEvents.filter((e) => modeOf(e) !== "EndBlock");
  const end = blockEvents.filter((e) => modeOf(e) === "EndBlock");
  begin.forEach((e) => read(e, true));
  for (const tx of txs) {
    tx.events.forEach((e) => read(e, tx.code === 0));
    if (tx.code === 0) changes.premiumPurchases.push(...premiumBuyers(tx.messages));
  }
  end.forEach((e) => read(e, true));
  changes.balanceDeltas = balances.list();
  changes.claimed = claimed.list();
  changes.refFees = refFees.list();
  return changes;
}

export function modeOf(event: ChainEvent): string | undefined {
  return event.attributes.find((a) => a.key === "mode")?.value;
}

function readPartnershipEvent(event: ChainEvent, a: Map<string, string>, changes: AccountChanges, sums: { claimed: Sums; refFees: Sums }): void {
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
      sums.claimed.add(a.get("delegator") ?? "", uaxm(a.get("amount")));
      return;
    case "ref_fee":
      sums.refFees.add(a.get("to") ?? "", uaxm(a.get("amount")));
      return;
    case `${REFERRAL_EVENT}EventReferralRegistered`: {
      const referral = unquote(a.get("referral"));
      const referrer = unquote(a.get("referrer"));
      if (referral && referrer) changes.registrations.push({ referral, referrer });
      return;
    }
    case `${REFERRAL_EVENT}EventStatusUpdated`: {
      const status = chainStatusFromName(unquote(a.get("after")));
      const address = unquote(a.get("address"));
      if (address && status !== null) changes.statusChanges.push({ address, kind: "status", status });
      return;
    }
    case `${REFERRAL_EVENT}EventStatusWillBeDowngraded`: {
      const address = unquote(a.get("address"));
      const at = unquote(a.get("time"));
      if (address && !Number.isNaN(Date.parse(at))) changes.statusChanges.push({ address, kind: "downgrade", at });
      return;
    }
    case `${REFERRAL_EVENT}EventStatusDowngradeCanceled`: {
      const address = unquote(a.get("address"));
      if (address) changes.statusChanges.push({ address, kind: "cancel" });
      return;
    }
  }
}

/** Senders of the transaction's messages that buy Premium (the burn message and price of core's PREMIUM). */
function premiumBuyers(messages: AccountsTx["messages"]): string[] {
  const buyers: string[] = [];
  for (const { typeUrl, json } of messages) {
    const from = json.from_address ?? json.fromAddress;
    if (typeof from !== "string" || !Array.isArray(json.amount)) continue;
    const coins = json.amount.filter((c): c is { denom: string; amount: string } => typeof c?.denom === "string" && typeof c?.amount === "string" && /^\d{1,40}$/.test(c.amount));
    if (isPremiumPurchase(typeUrl, amountOf(coins, BASE_DENOM))) buyers.push(from);
  }
  return buyers;
}
