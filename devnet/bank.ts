// Bank moves (send, module transfers, mint, burn; uaxm and the uret of uret mode) with the SDK 0.50 coin events.
import type { ChainState } from "./state.ts";
import { type EventSink, coins } from "./events.ts";
import { insufficientFunds } from "./errors.ts";

function debit(state: ChainState, address: string, amount: bigint): void {
  const spendable = state.balance(address);
  if (spendable < amount) throw insufficientFunds(spendable, amount);
  state.setBalance(address, spendable - amount);
}

function credit(state: ChainState, address: string, amount: bigint): void {
  state.ensureAccount(address);
  state.setBalance(address, state.balance(address) + amount);
}

/** SendCoins: coin_spent, coin_received, transfer and message{sender}, as x/bank emits them (also for no coins, with amount ""). */
export function send(state: ChainState, sink: EventSink, from: string, to: string, amount: bigint): void {
  debit(state, from, amount);
  credit(state, to, amount);
  sendEvents(sink, from, to, coins(amount));
}

function sendEvents(sink: EventSink, from: string, to: string, amount: string): void {
  sink.emit("coin_spent", { spender: from, amount });
  sink.emit("coin_received", { receiver: to, amount });
  sink.emit("transfer", { recipient: to, sender: from, amount });
  sink.emit("message", { sender: from });
}

/** DelegateCoins / UndelegateCoins move funds without transfer events. */
export function moveWithoutTransfer(state: ChainState, sink: EventSink, from: string, to: string, amount: bigint): void {
  debit(state, from, amount);
  credit(state, to, amount);
  sink.emit("coin_spent", { spender: from, amount: coins(amount) });
  sink.emit("coin_received", { receiver: to, amount: coins(amount) });
}

/** InputOutputCoins (MsgMultiSend, the referral module's fee payment): one debit, then a credit and transfer per output. */
export function multiSend(state: ChainState, sink: EventSink, from: string, outputs: { address: string; amount: bigint }[]): void {
  const total = outputs.reduce((sum, o) => sum + o.amount, 0n);
  debit(state, from, total);
  sink.emit("coin_spent", { spender: from, amount: coins(total) });
  sink.emit("message", { sender: from });
  for (const output of outputs) {
    credit(state, output.address, output.amount);
    sink.emit("coin_received", { receiver: output.address, amount: coins(output.amount) });
    sink.emit("transfer", { recipient: output.address, sender: from, amount: coins(output.amount) });
  }
}

/** MintCoins: coin_received and coinbase for the minting module. */
export function mint(state: ChainState, sink: EventSink, module: string, amount: bigint): void {
  credit(state, module, amount);
  state.changeSupply(amount, 0n);
  sink.emit("coin_received", { receiver: module, amount: coins(amount) });
  sink.emit("coinbase", { minter: module, amount: coins(amount) });
}

/** BurnCoins: coin_spent and burn, emitted even for no coins (amount ""); callers skip it where the chain does. */
export function burn(state: ChainState, sink: EventSink, burner: string, amount: bigint): void {
  debit(state, burner, amount);
  state.changeSupply(0n, amount);
  sink.emit("coin_spent", { spender: burner, amount: coins(amount) });
  sink.emit("burn", { burner, amount: coins(amount) });
}

/** uret (uret mode's referral reward denom): MintCoins to a module. */
export function mintUret(state: ChainState, sink: EventSink, module: string, amount: bigint): void {
  state.ensureAccount(module);
  state.setUretBalance(module, state.uretBalance(module) + amount);
  state.changeUretSupply(amount);
  sink.emit("coin_received", { receiver: module, amount: coins(amount, "uret") });
  sink.emit("coinbase", { minter: module, amount: coins(amount, "uret") });
}

/** uret: SendCoinsFromModuleToAccount. */
export function sendUret(state: ChainState, sink: EventSink, from: string, to: string, amount: bigint): void {
  const spendable = state.uretBalance(from);
  if (spendable < amount) throw insufficientFunds(spendable, amount, "uret");
  state.setUretBalance(from, spendable - amount);
  state.ensureAccount(to);
  state.setUretBalance(to, state.uretBalance(to) + amount);
  sendEvents(sink, from, to, coins(amount, "uret"));
}
