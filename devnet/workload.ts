// The random but deterministic stream of signed transactions the devnet puts in its blocks.
import { createHash } from "node:crypto";
import { toBech32 } from "@cosmjs/encoding";
import { ACCOUNT_PREFIX, VALOPER_PREFIX } from "../core/address.ts";
import { MICRO } from "../core/amount.ts";
import type { ChainState } from "./state.ts";
import type { AccountKey } from "./keys.ts";
import type { TxMessage } from "./handlers.ts";
import { Prng } from "./prng.ts";
import { signTx, type UnsignedTx } from "./txbuild.ts";
import { type ParsedTx, gasOf, txHashHex, MIN_GAS_PRICE_MILLI } from "./txexec.ts";
import { isRegistered } from "./referral.ts";
import { PREMIUM } from "../core/partnership-premium.ts";
import { ContractWorkload, type ContractTx } from "./contracts-workload.ts";

const SEND = "/cosmos.bank.v1beta1.MsgSend";
const MULTI_SEND = "/cosmos.bank.v1beta1.MsgMultiSend";
const DELEGATE = "/axiome.staking.v1beta1.MsgDelegate";
const UNDELEGATE = "/axiome.staking.v1beta1.MsgUndelegate";
const REDELEGATE = "/axiome.staking.v1beta1.MsgBeginRedelegate";
const WITHDRAW = "/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward";
const REGISTER = "/axiome.referral.v1beta1.MsgRegisterReferral";
const BURN = PREMIUM.typeUrl;

/** How often an unregistered user delegates anyway instead of registering first (the chain refuses it). */
const UNREGISTERED_DELEGATION = 0.15;

const MEMOS = ["", "", "", "", "thanks!", "rent", "devnet test", "monthly", "🚀 to the moon", "invoice 2291"];

const coin = (amount: bigint) => ({ denom: "uaxm", amount: amount.toString() });

interface Delegation {
  validator: string;
  amount: bigint;
}

type Builder = (signer: string) => TxMessage[] | null;

/** A fixed count of transactions per block, or the bounds (inclusive) of a count drawn per block from the seed. */
export type TxsPerBlock = number | { min: number; max: number };

export interface WorkloadOptions {
  seed: string;
  chainId: string;
  referralRoot: string;
  /** Accounts the workload signs for; others (faucet, quiet test accounts) are left alone. */
  signers: string[];
  /** Exchange deposit addresses users send to now and then. */
  exchanges: string[];
  /** Transactions per block: a fixed count, or a range each block's count is drawn from; random 0..16 when absent. */
  txsPerBlock?: TxsPerBlock;
  /** Accounts the random mix leaves alone at a height (the scripted showcase's). */
  reserved: (height: number) => ReadonlySet<string>;
}

export class Workload {
  private prng: Prng;
  /** Draws the block sizes of a `txsPerBlock` range, apart from the workload's stream. */
  private readonly sizes: Prng;
  private opts: WorkloadOptions;
  private state: ChainState;
  private builders: [number, Builder][];
  private freshCounter = 0;
  private readonly contracts: ContractWorkload;
  /** Contract transactions waiting for this block's next() calls. */
  private contractTxs: ContractTx[] = [];

  constructor(state: ChainState, opts: WorkloadOptions) {
    this.state = state;
    this.opts = opts;
    this.prng = new Prng(opts.seed, "workload");
    this.sizes = new Prng(opts.seed, "block-sizes");
    this.contracts = new ContractWorkload(state, opts.seed, opts.signers);
    this.builders = [
      [24, (s) => this.send(s)],
      [5, (s) => this.multiSend(s)],
      [17, (s) => this.delegate(s)],
      [2, (s) => this.tinyDelegate(s)],
      [8, (s) => this.undelegate(s)],
      [6, (s) => this.redelegate(s)],
      [14, (s) => this.withdraw(s)],
      [6, (s) => this.withdrawTwo(s)],
      [4, (s) => this.sendAndDelegate(s)],
      [4, (s) => this.registerReferral(s)],
      [1, (s) => this.premiumBurn(s)],
      [5, (s) => this.failing(s)],
    ];
  }

  /**
   * The block's transaction count. A fixed count or a drawn one is the whole block, contract team's transactions
   * included; the random mix gets them on top, so it stays as it was.
   */
  txCount(): number {
    this.contractTxs = [...this.contractTxs.filter((tx) => tx.scripted), ...this.contracts.due(this.state.height)];
    const size = this.opts.txsPerBlock;
    if (size === undefined) return this.prng.range(0, 16) + this.contractTxs.length;
    return typeof size === "number" ? size : this.sizes.range(size.min, size.max);
  }

  /** The next transaction, signed against the current state (so its sequence is right): contract transactions first. */
  next(): ParsedTx {
    const contractTx = this.contractTxs.shift();
    if (contractTx) return this.sign(contractTx.signer, contractTx.messages, "");
    const reserved = this.opts.reserved(this.state.height);
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const signer = this.prng.pick(this.opts.signers);
      const builder = this.pickBuilder();
      if (reserved.has(signer)) continue;
      const messages = builder(signer);
      if (messages) return this.sign(signer, messages);
    }
    throw new Error("workload: no account can afford any transaction");
  }

  private pickBuilder(): Builder {
    const total = this.builders.reduce((sum, [w]) => sum + w, 0);
    let roll = this.prng.next() * total;
    for (const [weight, builder] of this.builders) {
      roll -= weight;
      if (roll < 0) return builder;
    }
    return this.builders[0][1];
  }

  /** Signs messages for a devnet account at its current sequence, with a fee covering the gas. */
  sign(signer: string, messages: TxMessage[], memo = this.prng.pick(MEMOS)): ParsedTx {
    const key = this.state.keys.get(signer) as AccountKey;
    const account = this.state.accounts.get(signer)!;
    let gasLimit = Math.ceil(((60_000 + 150_000 * messages.length) * 1.2) / 10_000) * 10_000;
    for (;;) {
      const fee = (BigInt(gasLimit) * MIN_GAS_PRICE_MILLI) / 1000n;
      const unsigned: UnsignedTx = { messages, memo, fee, gasLimit };
      const signed = signTx(key, account.number, account.sequence, this.opts.chainId, unsigned);
      const tx: ParsedTx = {
        bytes: signed.bytes,
        hash: txHashHex(signed.bytes),
        signer,
        pubkey: key.pubkey,
        sequence: account.sequence,
        fee,
        gasLimit,
        memo,
        messages,
        signature: signed.signature,
        bodyBytes: signed.bodyBytes,
        authInfoBytes: signed.authInfoBytes,
      };
      if (gasOf(tx) <= gasLimit) return tx;
      gasLimit += 50_000;
    }
  }

  private spendable(address: string): bigint {
    // Keep a margin for fees so most transactions succeed; failures are made on purpose below.
    const balance = this.state.balance(address) - MICRO;
    return balance > 0n ? balance : 0n;
  }

  private delegationsOf(address: string): Delegation[] {
    const list: Delegation[] = [];
    for (const validator of this.state.validators) {
      const amount = this.state.delegation(validator.operatorAddress, address);
      if (amount > 0n) list.push({ validator: validator.operatorAddress, amount });
    }
    return list;
  }

  /** Delegations a delegator may take back: an operator keeps its self-delegation, so its validator stays unjailable. */
  private movableDelegationsOf(address: string): Delegation[] {
    return this.delegationsOf(address).filter((d) => this.state.validatorByOperator.get(d.validator)?.accountAddress !== address);
  }

  private randomValidator(): string {
    return this.prng.pick(this.state.validators).operatorAddress;
  }

  /** Mostly known accounts, sometimes an exchange or a brand-new address (which the chain then creates). */
  private recipient(not: string): string {
    if (this.prng.chance(0.05)) return this.prng.pick(this.opts.exchanges);
    if (this.prng.chance(0.08)) {
      const bytes = createHash("sha256").update(`${this.opts.seed}/fresh/${this.freshCounter++}`).digest().subarray(0, 20);
      return toBech32(ACCOUNT_PREFIX, bytes);
    }
    let to = this.prng.pick(this.opts.signers);
    while (to === not) to = this.prng.pick(this.opts.signers);
    return to;
  }

  private portion(max: bigint, min = MICRO / 100n): bigint | null {
    if (max < min) return null;
    return this.prng.amount(min, max > min * 2n ? (max * 3n) / 10n + min : max);
  }

  private send(signer: string): TxMessage[] | null {
    const amount = this.portion(this.spendable(signer));
    if (!amount) return null;
    return [{ typeUrl: SEND, value: { fromAddress: signer, toAddress: this.recipient(signer), amount: [coin(amount)] } }];
  }

  private multiSend(signer: string): TxMessage[] | null {
    const outputs = Array.from({ length: this.prng.range(2, 4) }, () => ({
      address: this.recipient(signer),
      coins: [coin(this.prng.amount(MICRO / 10n, 50n * MICRO))],
    }));
    const total = outputs.reduce((sum, o) => sum + BigInt(o.coins[0].amount), 0n);
    if (this.spendable(signer) < total) return null;
    return [{ typeUrl: MULTI_SEND, value: { inputs: [{ address: signer, coins: [coin(total)] }], outputs } }];
  }

  private delegateMessage(signer: string, validator: string, amount: bigint): TxMessage {
    return { typeUrl: DELEGATE, value: { delegatorAddress: signer, validatorAddress: validator, amount: coin(amount) } };
  }

  /** An unregistered user mostly registers first; now and then it tries anyway, and the chain refuses (referral 3). */
  private delegate(signer: string): TxMessage[] | null {
    if (!isRegistered(this.state, signer) && !this.prng.chance(UNREGISTERED_DELEGATION)) return this.registerReferral(signer);
    const amount = this.portion(this.spendable(signer), MICRO);
    if (!amount) return null;
    return [this.delegateMessage(signer, this.randomValidator(), amount)];
  }

  /** Dust delegations under 0.01 AXM, which the explorer shows as "< 0.01". */
  private tinyDelegate(signer: string): TxMessage[] | null {
    if (!isRegistered(this.state, signer) || this.spendable(signer) < MICRO) return null;
    return [this.delegateMessage(signer, this.randomValidator(), this.prng.amount(1_000n, 9_999n))];
  }

  private undelegate(signer: string): TxMessage[] | null {
    const delegations = this.movableDelegationsOf(signer);
    if (delegations.length === 0) return null;
    const { validator, amount } = this.prng.pick(delegations);
    const part = this.prng.chance(0.2) ? amount : this.portion(amount, 1n);
    if (!part) return null;
    return [{ typeUrl: UNDELEGATE, value: { delegatorAddress: signer, validatorAddress: validator, amount: coin(part) } }];
  }

  private redelegate(signer: string): TxMessage[] | null {
    const delegations = this.movableDelegationsOf(signer);
    if (delegations.length === 0) return null;
    const { validator, amount } = this.prng.pick(delegations);
    const destination = this.randomValidator();
    const part = this.portion(amount, 1n);
    if (destination === validator || !part) return null;
    return [
      {
        typeUrl: REDELEGATE,
        value: { delegatorAddress: signer, validatorSrcAddress: validator, validatorDstAddress: destination, amount: coin(part) },
      },
    ];
  }

  private withdrawMessage(signer: string, validator: string): TxMessage {
    return { typeUrl: WITHDRAW, value: { delegatorAddress: signer, validatorAddress: validator } };
  }

  private withdraw(signer: string): TxMessage[] | null {
    const delegations = this.delegationsOf(signer);
    if (delegations.length === 0) return null;
    return [this.withdrawMessage(signer, this.prng.pick(delegations).validator)];
  }

  private withdrawTwo(signer: string): TxMessage[] | null {
    const delegations = this.delegationsOf(signer);
    if (delegations.length < 2) return null;
    return delegations.slice(0, 2).map((d) => this.withdrawMessage(signer, d.validator));
  }

  private sendAndDelegate(signer: string): TxMessage[] | null {
    if (!isRegistered(this.state, signer)) return null;
    const amount = this.portion(this.spendable(signer) / 2n, MICRO);
    if (!amount) return null;
    return [
      { typeUrl: SEND, value: { fromAddress: signer, toAddress: this.recipient(signer), amount: [coin(amount)] } },
      this.delegateMessage(signer, this.randomValidator(), amount),
    ];
  }

  /** MsgRegisterReferral needs no delegation: a registered referrer (the root now and then) is enough. */
  private registerReferral(signer: string): TxMessage[] | null {
    if (isRegistered(this.state, signer)) return null;
    const referrer = this.prng.chance(0.1) ? this.opts.referralRoot : this.prng.pick(this.opts.signers);
    if (!isRegistered(this.state, referrer)) return null;
    return [{ typeUrl: REGISTER, value: { referralAddress: signer, referrerAddress: referrer } }];
  }

  private premiumBurn(signer: string): TxMessage[] | null {
    if (this.spendable(signer) < PREMIUM.price) return null;
    return [{ typeUrl: BURN, value: { fromAddress: signer, amount: [coin(PREMIUM.price)] } }];
  }

  /** Transactions that pass the ante handler but fail in a message, as real users' mistakes do. */
  private failing(signer: string): TxMessage[] | null {
    if (this.state.balance(signer) < MICRO) return null;
    switch (this.prng.int(4)) {
      case 0: {
        const tooMuch = this.state.balance(signer) + this.prng.amount(MICRO, 1000n * MICRO);
        return [{ typeUrl: SEND, value: { fromAddress: signer, toAddress: this.recipient(signer), amount: [coin(tooMuch)] } }];
      }
      case 1: {
        const unknown = toBech32(VALOPER_PREFIX, createHash("sha256").update(`${signer}/${this.freshCounter++}`).digest().subarray(0, 20));
        return [this.delegateMessage(signer, unknown, MICRO)];
      }
      case 2: {
        if (!isRegistered(this.state, signer)) return null;
        return [{ typeUrl: REGISTER, value: { referralAddress: signer, referrerAddress: this.opts.referralRoot } }];
      }
      default: {
        const delegations = this.delegationsOf(signer);
        if (delegations.length === 0) return null;
        const { validator, amount } = delegations[0];
        return [{ typeUrl: UNDELEGATE, value: { delegatorAddress: signer, validatorAddress: validator, amount: coin(amount + MICRO) } }];
      }
    }
  }
}
