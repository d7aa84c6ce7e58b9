// The CosmWasm part of a batch: codes, contracts, their history, executions and admins, CW-20 tokens and balances.
// The batch's ops are folded in chain order over the rows they touch (loaded once), then each table takes one statement.
import type { Queryable } from "../db/connection.ts";
import type { TokenRow } from "../db/queries/contracts.ts";
import type { IndexedBlock } from "./decode-block.ts";
import type { Marketing, TokenInit, WasmOp } from "./decode-wasm.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";

interface KnownContract {
  codeId: number;
  /** Entries of its code history so far. */
  history: number;
}

interface Token extends Marketing {
  seq: number;
  name: string;
  symbol: string;
  decimals: number;
  minter: string | null;
  cap: string | null;
  supply: bigint;
  holders: number;
  changed: boolean;
}

interface Balance {
  before: bigint;
  after: bigint;
}

const pairKey = (contract: string, holder: string) => `${contract} ${holder}`;

class WasmBatch {
  private readonly codes = new Columns(6);
  private readonly contracts = new Columns(8);
  private readonly history = new Columns(7);
  private readonly codeCounts = new Map<number, number>();
  private readonly executes = new Map<string, number>();
  private readonly admins = new Map<string, string>();
  private readonly codeChanges = new Map<string, number>();

  private constructor(
    private nextSeq: number,
    private readonly known: Map<string, KnownContract>,
    private readonly tokens: Map<string, Token>,
    private readonly balances: Map<string, Balance>,
  ) {}

  static async load(tx: Queryable, ops: WasmOp[]): Promise<WasmBatch> {
    const migrated = [...new Set(ops.flatMap((op) => (op.kind === "migrate" ? [op.contract] : [])))];
    const tokenContracts = [...new Set(ops.flatMap((op) => (op.kind === "cw20" || op.kind === "marketing" || op.kind === "minter" ? [op.contract] : [])))];
    const pairs = new Columns(2);
    const seen = new Set<string>();
    for (const op of ops) {
      if (op.kind !== "cw20") continue;
      for (const holder of [op.from, op.to]) {
        if (holder === null || seen.has(pairKey(op.contract, holder))) continue;
        seen.add(pairKey(op.contract, holder));
        pairs.push(op.contract, holder);
      }
    }
    const [seq] = await tx.query<{ seq: number }>("select coalesce(max(seq), 0)::int8 as seq from contracts");
    const known = await tx.query<{ address: string; code_id: number; history: number }>(
      `select c.address, c.code_id, (select count(*) from contract_history h where h.contract = c.address)::int as history
       from contracts c where c.address = any($1::text[])`,
      [migrated],
    );
    const tokens =
      tokenContracts.length === 0
        ? []
        : await tx.query<TokenRow>(
            `select contract, seq, name, symbol, decimals, minter, cap::text as cap, total_supply::text as total_supply, holders,
         project, description, marketing, logo
       from cw20_tokens where contract = any($1::text[])`,
            [tokenContracts],
          );
    const balances =
      pairs.size === 0
        ? []
        : await tx.query<{ contract: string; holder: string; balance: string }>(
            `select b.contract, b.holder, b.balance::text as balance from cw20_balances b
       join unnest($1::text[], $2::text[]) as p(contract, holder) on b.contract = p.contract and b.holder = p.holder`,
            pairs.data as never,
          );
    return new WasmBatch(
      Number(seq.seq) + 1,
      new Map(known.map((k) => [k.address, { codeId: Number(k.code_id), history: k.history }])),
      new Map(tokens.map((t) => [t.contract, tokenFromRow(t)])),
      new Map(balances.map((b) => [pairKey(b.contract, b.holder), { before: BigInt(b.balance), after: BigInt(b.balance) }])),
    );
  }

  apply(height: number, op: WasmOp): void {
    switch (op.kind) {
      case "store":
        this.codes.push(op.codeId, op.checksum, op.creator, op.permission, op.addresses.join(","), height);
        break;
      case "instantiate":
        this.instantiate(height, op);
        break;
      case "execute":
        this.executes.set(op.contract, (this.executes.get(op.contract) ?? 0) + 1);
        break;
      case "migrate":
        this.migrate(height, op);
        break;
      case "admin":
        this.admins.set(op.contract, op.admin);
        break;
      case "cw20":
        this.move(op.contract, op.from, op.to, BigInt(op.amount));
        break;
      case "marketing":
        this.changeToken(op.contract, (token) => Object.assign(token, op.changes));
        break;
      case "minter":
        this.changeToken(op.contract, (token) => (token.minter = op.minter));
        break;
    }
  }

  private instantiate(height: number, op: Extract<WasmOp, { kind: "instantiate" }>): void {
    if (this.known.has(op.contract)) return;
    const seq = this.nextSeq++;
    this.contracts.push(op.contract, seq, op.codeId, op.creator, op.admin, op.label, height, op.txIndex);
    this.known.set(op.contract, { codeId: op.codeId, history: 0 });
    this.addHistory(op.contract, "init", op.codeId, height, op.txIndex, op.msg);
    this.countCode(op.codeId, 1);
    if (op.token) this.createToken(op.contract, seq, op.token);
  }

  private migrate(height: number, op: Extract<WasmOp, { kind: "migrate" }>): void {
    const contract = this.known.get(op.contract);
    if (!contract) return;
    this.countCode(contract.codeId, -1);
    this.countCode(op.codeId, 1);
    contract.codeId = op.codeId;
    this.codeChanges.set(op.contract, op.codeId);
    this.addHistory(op.contract, "migrate", op.codeId, height, op.txIndex, op.msg);
  }

  private addHistory(contract: string, operation: "init" | "migrate", codeId: number, height: number, txIndex: number, msg: string | null): void {
    const known = this.known.get(contract)!;
    known.history += 1;
    this.history.push(contract, known.history, operation, codeId, height, txIndex, msg);
  }

  private countCode(codeId: number, delta: number): void {
    this.codeCounts.set(codeId, (this.codeCounts.get(codeId) ?? 0) + delta);
  }

  private createToken(contract: string, seq: number, init: TokenInit): void {
    const { balances, ...fields } = init;
    this.tokens.set(contract, { ...fields, seq, supply: 0n, holders: 0, changed: true });
    for (const [holder, amount] of balances) this.move(contract, null, holder, BigInt(amount));
  }

  private changeToken(contract: string, change: (token: Token) => void): void {
    const token = this.tokens.get(contract);
    if (!token) return;
    change(token);
    token.changed = true;
  }

  /** A balance move of a known token: from null mints, to null burns. */
  private move(contract: string, from: string | null, to: string | null, amount: bigint): void {
    const token = this.tokens.get(contract);
    if (!token) return;
    if (from === null) token.supply += amount;
    else this.shift(token, contract, from, -amount);
    if (to === null) token.supply -= amount;
    else this.shift(token, contract, to, amount);
    token.changed = true;
  }

  private shift(token: Token, contract: string, holder: string, amount: bigint): void {
    const key = pairKey(contract, holder);
    let balance = this.balances.get(key);
    if (!balance) this.balances.set(key, (balance = { before: 0n, after: 0n }));
    const held = balance.after > 0n;
    balance.after += amount;
    token.holders += Number(balance.after > 0n) - Number(held);
  }

  async save(tx: Queryable): Promise<void> {
    await insertUnnest(
      tx,
      "codes (id, checksum, creator, permission, permission_addresses, height)",
      ["int8", "text", "text", "text", "text[]", "int8"],
      this.codes,
      "on conflict (id) do nothing",
    );
    await insertUnnest(
      tx,
      "contracts (address, seq, code_id, creator, admin, label, height, tx_index)",
      ["text", "int8", "int8", "text", "text", "text", "int8", "int4"],
      this.contracts,
      "on conflict (address) do nothing",
    );
    await updateFrom(tx, "contracts", "address", "executes = t.executes + u.v", "int8", this.executes);
    await updateFrom(tx, "contracts", "address", "admin = u.v", "text", this.admins);
    await updateFrom(tx, "contracts", "address", "code_id = u.v", "int8", this.codeChanges);
    await updateFrom(tx, "codes", "id", "contracts_count = t.contracts_count + u.v", "int4", this.codeCounts, "int8");
    await insertUnnest(
      tx,
      "contract_history (contract, seq, operation, code_id, height, tx_index, msg)",
      ["text", "int4", "text", "int8", "int8", "int4", "json"],
      this.history,
    );
    await this.saveTokens(tx);
    await this.saveBalances(tx);
  }

  private async saveTokens(tx: Queryable): Promise<void> {
    const rows = new Columns(13);
    for (const [contract, t] of this.tokens) {
      if (!t.changed) continue;
      rows.push(
        contract,
        t.seq,
        t.name,
        t.symbol,
        t.decimals,
        t.minter,
        t.cap,
        t.supply.toString(),
        t.holders,
        t.project,
        t.description,
        t.marketing,
        t.logo === null ? null : JSON.stringify(t.logo),
      );
    }
    await insertUnnest(
      tx,
      "cw20_tokens (contract, seq, name, symbol, decimals, minter, cap, total_supply, holders, project, description, marketing, logo)",
      ["text", "int8", "text", "text", "int4", "text", "numeric", "numeric", "int4", "text", "text", "text", "jsonb"],
      rows,
      `on conflict (contract) do update set minter = excluded.minter, total_supply = excluded.total_supply, holders = excluded.holders,
         project = excluded.project, description = excluded.description, marketing = excluded.marketing, logo = excluded.logo`,
    );
  }

  /** Balances above zero are written; those the batch emptied are removed. */
  private async saveBalances(tx: Queryable): Promise<void> {
    const kept = new Columns(3);
    const emptied = new Columns(2);
    for (const [key, b] of this.balances) {
      if (b.after === b.before) continue;
      const [contract, holder] = key.split(" ");
      if (b.after > 0n) kept.push(contract, holder, b.after.toString());
      else emptied.push(contract, holder);
    }
    await insertUnnest(
      tx,
      "cw20_balances (contract, holder, balance)",
      ["text", "text", "numeric"],
      kept,
      "on conflict (contract, holder) do update set balance = excluded.balance",
    );
    if (emptied.size > 0) {
      await tx.query(
        "delete from cw20_balances b using unnest($1::text[], $2::text[]) as e(contract, holder) where b.contract = e.contract and b.holder = e.holder",
        emptied.data as never,
      );
    }
  }
}

function tokenFromRow(row: TokenRow): Token {
  return {
    seq: Number(row.seq),
    name: row.name,
    symbol: row.symbol,
    decimals: row.decimals,
    minter: row.minter,
    cap: row.cap,
    supply: BigInt(row.total_supply),
    holders: row.holders,
    project: row.project,
    description: row.description,
    marketing: row.marketing,
    logo: row.logo,
    changed: false,
  };
}

/** `update table t set <assignment> from unnest(keys, values) u(k, v) where t.<key> = u.k`, one statement for all rows. */
async function updateFrom<K, V>(
  tx: Queryable,
  table: string,
  key: string,
  assignment: string,
  valueType: string,
  values: Map<K, V>,
  keyType = "text",
): Promise<void> {
  if (values.size === 0) return;
  await tx.query(`update ${table} t set ${assignment} from unnest($1::${keyType}[], $2::${valueType}[]) as u(k, v) where t.${key} = u.k`, [
    [...values.keys()] as never,
    [...values.values()] as never,
  ]);
}

export async function writeWasm(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const ops = blocks.flatMap((block) => block.wasm.map((op) => ({ height: block.height, op })));
  if (ops.length === 0) return;
  const batch = await WasmBatch.load(
    tx,
    ops.map((o) => o.op),
  );
  for (const { height, op } of ops) batch.apply(height, op);
  await batch.save(tx);
}
