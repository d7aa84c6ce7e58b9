// The contract team's transactions: uploads, tokens and contracts in the first 60 blocks, then CW-20 and contract activity every block.
import { AccessType } from "cosmjs-types/cosmwasm/wasm/v1/types";
import { MICRO } from "../core/amount.ts";
import type { ChainState } from "./state.ts";
import type { TxMessage } from "./handlers.ts";
import type { Program } from "./wasm-program.ts";
import type { Code, Contract } from "./wasm-state.ts";
import { Prng } from "./prng.ts";
import { contractTeamOf } from "./genesis.ts";
import { codeBytes } from "./wasm-code.ts";
import { CW20_BASE, allowanceOf, balanceOf, tokenInfo } from "./cw20.ts";
import { COUNTER_RC, COUNTER_V1, COUNTER_V2 } from "./contracts-counter.ts";
import { NAME_SERVICE } from "./contracts-names.ts";
import { LOTTERY } from "./contracts-lottery.ts";
import { TOKENS, type TokenPlan, tokenLogoPath } from "./contracts-tokens.ts";

const WASM = "/cosmwasm.wasm.v1.";
const STORE = `${WASM}MsgStoreCode`;
const INSTANTIATE = `${WASM}MsgInstantiateContract`;
const INSTANTIATE2 = `${WASM}MsgInstantiateContract2`;
const EXECUTE = `${WASM}MsgExecuteContract`;
const MIGRATE = `${WASM}MsgMigrateContract`;
const UPDATE_ADMIN = `${WASM}MsgUpdateAdmin`;
const CLEAR_ADMIN = `${WASM}MsgClearAdmin`;

/** Contract activity starts once the first token exists. */
const ACTIVITY_FROM = 9;
const MAX_ACTIVITY_PER_BLOCK = 3;
const AIRDROP_USERS = 110;
const NAME_PRICE = MICRO;
const TICKET_PRICE = 5n * MICRO;
const NAME_WORDS = ["orbit", "harbor", "nova", "atlas", "pixel", "lumen", "ember", "quartz", "cedar", "drift", "fjord", "comet"];

const LABELS = {
  blockCounter: "Block Counter",
  communityTally: "Community Tally",
  saltedCounter: "Salted Counter",
  names: "AXM Name Service",
  lottery: "Weekly Lottery",
} as const;

export interface ContractTx {
  signer: string;
  messages: TxMessage[];
  /** A step of the deployment script, kept until a block has room for it; random activity is not. */
  scripted: boolean;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const axm = (amount: bigint) => [{ denom: "uaxm", amount: amount.toString() }];

/** One scripted step: who signs, and the messages built against the state of its block (null when it cannot run). */
type Step = [height: number, signer: number, build: () => TxMessage[] | null];

export class ContractWorkload {
  private readonly state: ChainState;
  private readonly prng: Prng;
  private readonly team: string[];
  private readonly users: readonly string[];
  private readonly steps: Step[];
  private names = 0;

  constructor(state: ChainState, seed: string, users: readonly string[]) {
    this.state = state;
    this.prng = new Prng(seed, "contracts");
    this.team = contractTeamOf(state);
    this.users = users;
    this.steps = this.script();
  }

  /** This block's contract transactions: the script's steps for the height, then random activity, each signer at most once. */
  due(height: number): ContractTx[] {
    const txs: ContractTx[] = [];
    for (const [at, member, build] of this.steps) {
      const messages = at === height ? build() : null;
      if (messages) txs.push({ signer: this.team[member], messages, scripted: true });
    }
    if (height < ACTIVITY_FROM) return txs;
    const busy = new Set(txs.map((tx) => tx.signer));
    const count = this.prng.range(0, MAX_ACTIVITY_PER_BLOCK);
    for (let i = 0; i < count; i++) {
      const signer = this.prng.pick(this.team);
      if (busy.has(signer)) continue;
      const messages = this.activity(signer);
      if (!messages) continue;
      busy.add(signer);
      txs.push({ signer, messages, scripted: false });
    }
    return txs;
  }

  private script(): Step[] {
    return [
      [2, 0, () => [this.store(0, CW20_BASE, "Everybody")]],
      [3, 1, () => [this.store(1, COUNTER_V1, "Everybody")]],
      [3, 2, () => [this.store(2, NAME_SERVICE, "Everybody")]],
      [4, 0, () => [this.store(0, COUNTER_V2, "AnyOfAddresses", [this.team[0], this.team[4]])]],
      [4, 3, () => [this.store(3, LOTTERY, "Everybody")]],
      [5, 4, () => [this.store(4, COUNTER_RC, "Nobody")]],
      ...TOKENS.map((token, i): Step => [8 + i, token.issuer, () => this.instantiateToken(token)]),
      [13, 0, () => this.instantiate(0, COUNTER_V1, LABELS.blockCounter, { count: 0 }, this.team[0])],
      [14, 5, () => this.instantiate(5, COUNTER_V1, LABELS.communityTally, { count: 100 }, this.team[5])],
      [
        15,
        2,
        () => this.instantiate(2, NAME_SERVICE, LABELS.names, { purchase_price: axm(NAME_PRICE)[0], transfer_price: axm(NAME_PRICE / 2n)[0] }, this.team[2]),
      ],
      [16, 3, () => this.instantiate(3, LOTTERY, LABELS.lottery, { ticket_price: TICKET_PRICE.toString() }, this.team[3])],
      // Permission checks: code with permission Nobody, then one whose AnyOfAddresses list leaves the sender out.
      [18, 4, () => this.instantiate(4, COUNTER_RC, "Release Candidate", { count: 0 }, "")],
      [19, 6, () => this.instantiate(6, COUNTER_V2, "Unlisted Counter", { count: 0 }, "")],
      [20, 4, () => this.instantiate2(4, COUNTER_V2, LABELS.saltedCounter, { count: 7 })],
      [24, 0, () => this.migrate(0, LABELS.blockCounter, COUNTER_V2)],
      // Admin checks: a migration by someone who is not the admin fails.
      [27, 7, () => this.migrate(7, LABELS.communityTally, COUNTER_V2)],
      [30, 2, () => this.admin(UPDATE_ADMIN, 2, LABELS.names, this.team[8])],
      [33, 5, () => this.admin(CLEAR_ADMIN, 5, LABELS.communityTally)],
      [36, 0, () => this.tokenExecute(0, "AXMG", { update_marketing: { project: "https://gold.axiome.example.org/about" } })],
      [40, 3, () => this.tokenExecute(3, "NMD", { mint: { recipient: this.team[3], amount: (5_000n * 10n ** 9n).toString() } })],
      // The cap holds: a mint beyond it fails.
      [45, 0, () => this.tokenExecute(0, "AXMG", { mint: { recipient: this.team[0], amount: (20_000_000n * MICRO).toString() } })],
      [50, 8, () => this.contractExecute(8, LABELS.names, { register: { name: "devnet" } }, NAME_PRICE)],
    ];
  }

  private codeOf(program: Program): Code | undefined {
    return this.state.wasm.codeList().find((code) => code.program === program && this.team.includes(code.creator));
  }

  private byLabel(label: string): Contract | undefined {
    return this.state.wasm.contractList().find((c) => c.label === label && this.team.includes(c.creator));
  }

  private token(symbol: string): Contract | undefined {
    return this.byLabel(`${TOKENS.find((t) => t.symbol === symbol)!.name} (${symbol})`);
  }

  private store(member: number, program: Program, permission: "Everybody" | "Nobody" | "AnyOfAddresses", addresses: string[] = []): TxMessage {
    const permissions = {
      Everybody: AccessType.ACCESS_TYPE_EVERYBODY,
      Nobody: AccessType.ACCESS_TYPE_NOBODY,
      AnyOfAddresses: AccessType.ACCESS_TYPE_ANY_OF_ADDRESSES,
    };
    return {
      typeUrl: STORE,
      value: { sender: this.team[member], wasmByteCode: codeBytes(program), instantiatePermission: { permission: permissions[permission], addresses } },
    };
  }

  private instantiate(member: number, program: Program, label: string, msg: unknown, admin: string): TxMessage[] | null {
    const code = this.codeOf(program);
    if (!code) return null;
    return [{ typeUrl: INSTANTIATE, value: { sender: this.team[member], admin, codeId: BigInt(code.id), label, msg: json(msg), funds: [] } }];
  }

  private instantiate2(member: number, program: Program, label: string, msg: unknown): TxMessage[] | null {
    const code = this.codeOf(program);
    if (!code) return null;
    const sender = this.team[member];
    const value = { sender, admin: sender, codeId: BigInt(code.id), label, msg: json(msg), funds: [], salt: Buffer.from(label), fixMsg: false };
    return [{ typeUrl: INSTANTIATE2, value }];
  }

  /** cw20-base's InstantiateMsg: the issuer's team and many users start with balances; marketing and logo when the plan has them. */
  private instantiateToken(token: TokenPlan): TxMessage[] | null {
    const unit = 10n ** BigInt(token.decimals);
    const issuer = this.team[token.issuer];
    const holders = token.symbol === "AXMG" ? [...this.team, ...this.shuffled(this.users).slice(0, AIRDROP_USERS)] : this.team.slice(0, 6);
    const initialBalances = holders.map((address, i) => ({
      address,
      amount: ((i < this.team.length ? 50_000n : BigInt(this.prng.range(100, 5_000))) * unit).toString(),
    }));
    const mint = token.mint === "none" ? null : { minter: issuer, cap: token.mint === "capped" ? token.cap!.toString() : null };
    const marketing = token.marketing && {
      project: token.marketing.project,
      description: token.marketing.description,
      marketing: issuer,
      logo: { url: tokenLogoPath(token.symbol) },
    };
    const msg = { name: token.name, symbol: token.symbol, decimals: token.decimals, initial_balances: initialBalances, mint, marketing: marketing ?? null };
    return this.instantiate(token.issuer, CW20_BASE, `${token.name} (${token.symbol})`, msg, issuer);
  }

  private migrate(member: number, label: string, program: Program): TxMessage[] | null {
    const contract = this.byLabel(label);
    const code = this.codeOf(program);
    if (!contract || !code) return null;
    return [{ typeUrl: MIGRATE, value: { sender: this.team[member], contract: contract.address, codeId: BigInt(code.id), msg: json({}) } }];
  }

  private admin(typeUrl: string, member: number, label: string, newAdmin?: string): TxMessage[] | null {
    const contract = this.byLabel(label);
    if (!contract) return null;
    const value = { sender: this.team[member], contract: contract.address, ...(newAdmin === undefined ? {} : { newAdmin }) };
    return [{ typeUrl, value }];
  }

  private execute(member: number, contract: string, msg: unknown, funds = 0n): TxMessage {
    return { typeUrl: EXECUTE, value: { sender: this.team[member], contract, msg: json(msg), funds: funds > 0n ? axm(funds) : [] } };
  }

  private tokenExecute(member: number, symbol: string, msg: unknown): TxMessage[] | null {
    const token = this.token(symbol);
    return token ? [this.execute(member, token.address, msg)] : null;
  }

  private contractExecute(member: number, label: string, msg: unknown, funds = 0n): TxMessage[] | null {
    const contract = this.byLabel(label);
    return contract ? [this.execute(member, contract.address, msg, funds)] : null;
  }

  private shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.prng.int(i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** A random contract transaction for a team member, or null when the pick does not fit its balances. */
  private activity(signer: string): TxMessage[] | null {
    const member = this.team.indexOf(signer);
    const roll = this.prng.int(100);
    const tokens = TOKENS.map((t) => this.token(t.symbol)).filter((t): t is Contract => t !== undefined);
    if (tokens.length === 0) return null;
    const token = this.prng.pick(tokens);
    const storage = this.state.wasm.storage(token.address);
    const balance = balanceOf(storage, signer);
    const part = balance > 10n ? this.prng.amount(1n, balance / 10n) : 0n;
    const other = () => (this.prng.chance(0.75) ? this.prng.pick(this.users) : this.prng.pick(this.team.filter((a) => a !== signer)));
    if (roll < 34) return part > 0n ? [this.execute(member, token.address, { transfer: { recipient: other(), amount: part.toString() } })] : null;
    if (roll < 40) {
      if (part === 0n) return null;
      return [0, 1].map(() => this.execute(member, token.address, { transfer: { recipient: other(), amount: (part / 2n + 1n).toString() } }));
    }
    if (roll < 47) return this.sendForName(member, token, part);
    if (roll < 55) return this.mint(member, other());
    if (roll < 61) return part > 0n ? [this.execute(member, token.address, { burn: { amount: part.toString() } })] : null;
    if (roll < 68) return this.changeAllowance(member, token, part);
    if (roll < 75) return this.transferFrom(member, tokens, other());
    if (roll < 87) return this.countUp(member);
    if (roll < 94) return this.registerName(member);
    return this.buyTicket(member);
  }

  private sendForName(member: number, token: Contract, amount: bigint): TxMessage[] | null {
    const names = this.byLabel(LABELS.names);
    if (!names || amount === 0n) return null;
    const msg = Buffer.from(JSON.stringify({ register: { name: this.nextName() } })).toString("base64");
    return [this.execute(member, token.address, { send: { contract: names.address, amount: amount.toString(), msg } })];
  }

  /** The issuer mints now and then; AXMG's issuer keeps under its cap. */
  private mint(member: number, recipient: string): TxMessage[] | null {
    const plan = TOKENS.find((t) => t.issuer === member && t.mint !== "none");
    const token = plan && this.token(plan.symbol);
    if (!plan || !token) return null;
    const info = tokenInfo(this.state.wasm.storage(token.address))!;
    const unit = 10n ** BigInt(plan.decimals);
    const room = plan.cap === undefined ? 10_000n * unit : plan.cap - BigInt(info.total_supply);
    if (room <= unit) return null;
    const amount = this.prng.amount(unit, room < 10_000n * unit ? room : 10_000n * unit);
    return [this.execute(member, token.address, { mint: { recipient, amount: amount.toString() } })];
  }

  /** Mostly a new or larger allowance to another team member; now and then a cut to one already given. */
  private changeAllowance(member: number, token: Contract, amount: bigint): TxMessage[] | null {
    const owner = this.team[member];
    const storage = this.state.wasm.storage(token.address);
    const given = this.team.filter((spender) => allowanceOf(storage, owner, spender) > 0n);
    if (given.length > 0 && this.prng.chance(0.2)) {
      const spender = this.prng.pick(given);
      const cut = this.prng.amount(1n, allowanceOf(storage, owner, spender));
      return [this.execute(member, token.address, { decrease_allowance: { spender, amount: cut.toString() } })];
    }
    const spender = this.prng.pick(this.team.filter((a) => a !== owner));
    return amount > 0n ? [this.execute(member, token.address, { increase_allowance: { spender, amount: amount.toString() } })] : null;
  }

  /** Spends an allowance some other team member gave this one, on whichever token it has one. */
  private transferFrom(member: number, tokens: Contract[], recipient: string): TxMessage[] | null {
    const spender = this.team[member];
    for (const token of tokens) {
      const storage = this.state.wasm.storage(token.address);
      const owner = this.team.find((o) => o !== spender && allowanceOf(storage, o, spender) > 0n && balanceOf(storage, o) > 0n);
      if (!owner) continue;
      const limit = [allowanceOf(storage, owner, spender), balanceOf(storage, owner)].reduce((a, b) => (a < b ? a : b));
      return [this.execute(member, token.address, { transfer_from: { owner, recipient, amount: this.prng.amount(1n, limit).toString() } })];
    }
    return null;
  }

  private countUp(member: number): TxMessage[] | null {
    const counters = [LABELS.blockCounter, LABELS.communityTally, LABELS.saltedCounter]
      .map((label) => this.byLabel(label))
      .filter((c): c is Contract => c !== undefined);
    if (counters.length === 0) return null;
    const counter = this.prng.pick(counters);
    const migrated = this.state.wasm.code(counter.codeId)!.program !== COUNTER_V1;
    const msg = migrated && this.prng.chance(0.5) ? { increment_by: { amount: this.prng.range(2, 9) } } : { increment: {} };
    return [this.execute(member, counter.address, msg)];
  }

  private registerName(member: number): TxMessage[] | null {
    return this.contractExecute(member, LABELS.names, { register: { name: this.nextName() } }, NAME_PRICE);
  }

  /** The lottery's executions always fail: real failed transactions with the contract's error in their log. */
  private buyTicket(member: number): TxMessage[] | null {
    const numbers = Array.from({ length: 5 }, () => this.prng.range(1, 49)).join(",");
    return this.contractExecute(member, LABELS.lottery, { buy_ticket: { numbers } }, TICKET_PRICE);
  }

  private nextName(): string {
    return `${this.prng.pick(NAME_WORDS)}${++this.names}`;
  }
}
