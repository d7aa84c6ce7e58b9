// What a block adds to each address's operations ledger (SPEC.md §3 Operation): one entry per operation and address it belongs to.
// Messages give transfers, delegations, burns and Premium (inside authz MsgExec too); events give the coins a block pays: rewards, partner rewards.
import { addressKind, valoperToAccount } from "../core/address.ts";
import { BASE_DENOM } from "../core/amount.ts";
import { isPremiumPurchase } from "../core/partnership-premium.ts";
import type { FieldKey, OperationType, StoredField } from "../core/operations.ts";
import type { ChainEvent } from "../chain/types.ts";
import type { AccountsTx } from "./decode-accounts.ts";
import { attributes, type Attributes, coinAmount, executedMessages, modeOf, msgIndexOf, RET_DENOM, uaxm } from "./events.ts";

export interface DecodedOperation {
  address: string;
  type: OperationType;
  /** In `denom`, as text (blocks cross from worker threads). */
  amount: string;
  /** Null for uaxm; "uret" for a partner reward paid in RET (uret_mode). */
  denom: string | null;
  /** Null for what a block pays outside any transaction (BeginBlock partner rewards). */
  txHash: string | null;
  /** The failed transaction's log: its operations changed no balance. */
  error: string | null;
  fields: StoredField[];
}

/** One transaction as the ledger needs it. */
export interface OperationsTx extends AccountsTx {
  hash: string;
  codespace: string;
  log: string;
  memo: string;
}

/** An operation before the transaction it belongs to is known. */
interface Draft {
  address: string;
  type: OperationType;
  amount: bigint;
  denom: string | null;
  fields: StoredField[];
}

type Json = Record<string, unknown>;

/** Operations of one message; `events` are that message's events (none when the transaction failed). */
type MessageReader = (json: Json, events: ChainEvent[], typeUrl: string) => Draft[];

// Redelegating from an unbonded validator completes at once: the chain then writes this zero time.
const NO_COMPLETION = "0001-01-01T00:00:00Z";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** uaxm of a message amount: one coin (staking) or a list of coins (bank, burn). */
function coinsUaxm(value: unknown): bigint {
  const coins: unknown[] = Array.isArray(value) ? value : [value];
  let total = 0n;
  for (const coin of coins) {
    const { denom, amount } = (coin ?? {}) as { denom?: unknown; amount?: unknown };
    if (denom === BASE_DENOM && typeof amount === "string" && /^\d{1,40}$/.test(amount)) total += BigInt(amount);
  }
  return total;
}

function fields(...pairs: [FieldKey, string][]): StoredField[] {
  return pairs.filter(([, v]) => v !== "").map(([k, v]) => ({ k, v }));
}

function draft(address: string, type: OperationType, amount: bigint, ...pairs: [FieldKey, string][]): Draft[] {
  return address ? [{ address, type, amount, denom: null, fields: fields(...pairs) }] : [];
}

/** When an unbonding or redelegation a message started completes, from its event. */
function completion(events: ChainEvent[], type: string): string {
  const time = events.find((e) => e.type === type)?.attributes.find((a) => a.key === "completion_time")?.value ?? "";
  return time === NO_COMPLETION ? "" : time;
}

function transfer(from: string, to: string, amount: bigint): Draft[] {
  return [...draft(from, "transfer_out", amount, ["recipient", to]), ...draft(to, "transfer_in", amount, ["sender", from])];
}

const send: MessageReader = (json) => transfer(text(json.from_address), text(json.to_address), coinsUaxm(json.amount));

/** One input pays every output (the usual case): a transfer per output. Several inputs: each side on its own, without a counterparty. */
const multiSend: MessageReader = (json) => {
  const inputs = Array.isArray(json.inputs) ? (json.inputs as Json[]) : [];
  const outputs = Array.isArray(json.outputs) ? (json.outputs as Json[]) : [];
  if (inputs.length === 1) return outputs.flatMap((o) => transfer(text(inputs[0].address), text(o.address), coinsUaxm(o.coins)));
  return [
    ...inputs.flatMap((i) => draft(text(i.address), "transfer_out", coinsUaxm(i.coins))),
    ...outputs.flatMap((o) => draft(text(o.address), "transfer_in", coinsUaxm(o.coins))),
  ];
};

const delegate: MessageReader = (json) => draft(text(json.delegator_address), "delegate", coinsUaxm(json.amount), ["validator", text(json.validator_address)]);

/** The self-delegation a new validator starts with; newer SDKs leave the delegator out, it is then the operator's account. */
const createValidator: MessageReader = (json) => {
  const validator = text(json.validator_address);
  const delegator = text(json.delegator_address) || (addressKind(validator) === "validator" ? valoperToAccount(validator) : "");
  return draft(delegator, "delegate", coinsUaxm(json.value), ["validator", validator]);
};

const undelegate: MessageReader = (json, events) =>
  draft(
    text(json.delegator_address),
    "undelegate",
    coinsUaxm(json.amount),
    ["validator", text(json.validator_address)],
    ["completion", completion(events, "unbond")],
  );

const redelegate: MessageReader = (json, events) =>
  draft(
    text(json.delegator_address),
    "redelegate",
    coinsUaxm(json.amount),
    ["source_validator", text(json.validator_src_address)],
    ["destination_validator", text(json.validator_dst_address)],
    ["completion", completion(events, "redelegate")],
  );

/** A successful withdrawal's coins come from its withdraw_rewards events; a failed one is shown with nothing withdrawn. */
const withdrawReward: MessageReader = (json) => draft(text(json.delegator_address), "reward", 0n, ["validator", text(json.validator_address)]);

const burn: MessageReader = (json, _events, typeUrl) => {
  const amount = coinsUaxm(json.amount);
  return draft(text(json.from_address), isPremiumPurchase(typeUrl, amount) ? "premium" : "burn", amount);
};

/** The chain carries the SDK's staking and distribution messages under its own packages too (CHAIN.md). */
function underPackages(packages: string[], name: string, reader: MessageReader): [string, MessageReader][] {
  return packages.map((pkg) => [`/${pkg}.${name}`, reader]);
}

const STAKING = ["cosmos.staking.v1beta1", "axiome.staking.v1beta1"];

const READERS = new Map<string, MessageReader>([
  ["/cosmos.bank.v1beta1.MsgSend", send],
  ["/cosmos.bank.v1beta1.MsgMultiSend", multiSend],
  ...underPackages(STAKING, "MsgDelegate", delegate),
  ...underPackages(STAKING, "MsgCreateValidator", createValidator),
  ...underPackages(STAKING, "MsgUndelegate", undelegate),
  ...underPackages(STAKING, "MsgBeginRedelegate", redelegate),
  ["/axiome.referral.v1beta1.MsgBurnPartnerFee", burn],
]);

const FAILED_ONLY_READERS = new Map<string, MessageReader>([["/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward", withdrawReward]]);

/** x/referral/keeper/keeper.go PayUpFees: ref_fee{amount, from, to}, the amount in uaxm, or in uret in uret_mode. */
function partnerReward(a: Attributes): Draft[] {
  const ret = coinAmount(a.get("amount"), RET_DENOM);
  const [amount, denom] = ret > 0n ? [ret, RET_DENOM] : [uaxm(a.get("amount")), null];
  return draft(a.get("to") ?? "", "partner_reward", amount, ["partner", a.get("from") ?? ""]).map((d) => ({ ...d, denom }));
}

/** Coins an event pays to an address: withdrawn rewards (x/distribution/keeper/delegation.go: amount + emission) and partner rewards. */
function eventOperations(event: ChainEvent): Draft[] {
  const a = attributes(event);
  switch (event.type) {
    case "withdraw_rewards": {
      const amount = uaxm(a.get("amount")) + uaxm(a.get("emission"));
      return amount > 0n ? draft(a.get("delegator") ?? "", "reward", amount, ["validator", a.get("validator") ?? ""]) : [];
    }
    case "ref_fee":
      return partnerReward(a);
    default:
      return [];
  }
}

/** A message's events carry its index; events without one (the fee's, or every event before SDK 0.50) come under -1. */
function eventsByMessage(events: ChainEvent[]): Map<number, ChainEvent[]> {
  const groups = new Map<number, ChainEvent[]>();
  for (const event of events) {
    const index = msgIndexOf(event);
    const group = groups.get(index);
    if (group) group.push(event);
    else groups.set(index, [event]);
  }
  return groups;
}

/** The error an operation of a transaction without a result carries: its effects are not known to have happened. */
const RESULT_UNKNOWN = "result unknown: the node gave no result for this transaction";

/**
 * Each message's operations followed by those of its events; a failed transaction's messages only, marked with its log.
 * An authz MsgExec gives the operations of the messages it ran, whose events carry its msg_index.
 */
function txOperations(tx: OperationsTx): DecodedOperation[] {
  const ok = tx.code === 0;
  const groups = ok ? eventsByMessage(tx.events) : new Map<number, ChainEvent[]>();
  const drafts: Draft[] = [];
  tx.messages.forEach((message, index) => {
    const events = groups.get(index) ?? [];
    for (const { typeUrl, json } of executedMessages(message)) {
      const reader = READERS.get(typeUrl) ?? (ok ? undefined : FAILED_ONLY_READERS.get(typeUrl));
      if (reader) drafts.push(...reader(json, events, typeUrl));
    }
    events.forEach((e) => drafts.push(...eventOperations(e)));
  });
  groups.get(-1)?.forEach((e) => drafts.push(...eventOperations(e)));
  const error = ok ? null : tx.code === null ? RESULT_UNKNOWN : tx.log || `${tx.codespace} code ${tx.code}`;
  const memo = fields(["memo", tx.memo]);
  return drafts.map((d) => ({ ...operation(d, tx.hash, error), fields: [...d.fields, ...memo] }));
}

function operation(d: Draft, txHash: string | null, error: string | null): DecodedOperation {
  return { address: d.address, type: d.type, amount: d.amount.toString(), denom: d.denom, txHash, error, fields: d.fields };
}

function blockEventOperations(events: ChainEvent[]): DecodedOperation[] {
  return events.flatMap(eventOperations).map((d) => operation(d, null, null));
}

/** The block's operations in chain order: BeginBlock events, the transactions, EndBlock events. */
export function blockOperations(txs: OperationsTx[], blockEvents: ChainEvent[]): DecodedOperation[] {
  return [
    ...blockEventOperations(blockEvents.filter((e) => modeOf(e) !== "EndBlock")),
    ...txs.flatMap(txOperations),
    ...blockEventOperations(blockEvents.filter((e) => modeOf(e) === "EndBlock")),
  ];
}

/** Accounts whose payouts the ledger names: absent ones are not configured. */
export interface PayingAccounts {
  /** Coins it sends are faucet operations for their recipient. */
  faucetAddress?: string;
  /** Coins it sends are leader_bonus operations for their recipient (the chain has no payout of its own: keeper/hooks.go PerformStatusBonus is empty). */
  leaderBonusWallet?: string;
}

/** An incoming transfer from the faucet or the leader-bonus wallet is a faucet or leader_bonus operation. */
export function payoutType(op: DecodedOperation, paying: PayingAccounts): OperationType {
  if (op.type !== "transfer_in") return op.type;
  const sender = op.fields.find((f) => f.k === "sender")?.v;
  if (sender && sender === paying.faucetAddress) return "faucet";
  if (sender && sender === paying.leaderBonusWallet) return "leader_bonus";
  return op.type;
}
