// Reads of codes, contracts, CW-20 tokens and their holders; every list is paged along an index.
import type { Queryable } from "../connection.ts";

export interface ContractRow {
  address: string;
  label: string;
  creator: string;
  admin: string;
  code_id: number;
  height: number;
  executes: number;
}

export interface CodeRow {
  id: number;
  verified: boolean;
  checksum: string;
  creator: string;
  permission: string;
  permission_addresses: string[];
  contracts_count: number;
}

const CONTRACT_COLUMNS = "c.address, c.label, c.creator, c.admin, c.code_id, c.height, c.executes";
const CODE_COLUMNS = "id, verified, checksum, creator, permission, permission_addresses, contracts_count";

/** How many contracts the index holds: seq numbers them densely. */
export async function contractCount(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>("select coalesce(max(seq), 0)::int8 as n from contracts");
  return Number(rows[0].n);
}

/** Contracts newest first, skipping `offset`: a range of seq (total - offset - limit, total - offset]. */
export async function contractsPage(db: Queryable, total: number, limit: number, offset: number): Promise<ContractRow[]> {
  return db.query<ContractRow>(`select ${CONTRACT_COLUMNS} from contracts c where c.seq > $1::int8 and c.seq <= $2::int8 order by c.seq desc`, [
    total - offset - limit,
    total - offset,
  ]);
}

export async function contractByAddress(db: Queryable, address: string): Promise<(ContractRow & { checksum: string | null }) | null> {
  const rows = await db.query<ContractRow & { checksum: string | null }>(
    `select ${CONTRACT_COLUMNS}, k.checksum from contracts c left join codes k on k.id = c.code_id where c.address = $1`,
    [address],
  );
  return rows[0] ?? null;
}

export async function contractExists(db: Queryable, address: string): Promise<boolean> {
  return (await db.query("select 1 from contracts where address = $1", [address])).length > 0;
}

export async function codeCount(db: Queryable): Promise<number> {
  return Number((await db.query<{ n: number }>("select count(*)::int8 as n from codes"))[0].n);
}

/** Codes newest first (there are few: one per upload). */
export async function codesPage(db: Queryable, limit: number, offset: number): Promise<CodeRow[]> {
  return db.query<CodeRow>(`select ${CODE_COLUMNS} from codes order by id desc limit $1 offset $2`, [limit, offset]);
}

export async function codeById(db: Queryable, id: number): Promise<CodeRow | null> {
  return (await db.query<CodeRow>(`select ${CODE_COLUMNS} from codes where id = $1`, [id]))[0] ?? null;
}

/**
 * A code's contracts newest first: the page's seq numbers are skipped to along the (code_id, seq) index alone, then
 * read (filtering the seq index by code instead would read every newer contract of every code).
 */
export async function codeContractsPage(db: Queryable, codeId: number, limit: number, offset: number): Promise<ContractRow[]> {
  return db.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from contracts c
     where c.seq in (select k.seq from contracts k where k.code_id = $1 order by k.seq desc limit $2 offset $3)
     order by c.seq desc`,
    [codeId, limit, offset],
  );
}

export interface TokenRow {
  contract: string;
  seq: number;
  name: string;
  symbol: string;
  decimals: number;
  minter: string | null;
  cap: string | null;
  total_supply: string;
  holders: number;
  project: string | null;
  description: string | null;
  marketing: string | null;
  logo: { url: string } | "embedded" | null;
}

export interface TokenDetailRow extends TokenRow {
  creator: string;
  admin: string;
}

const TOKEN_COLUMNS =
  "t.contract, t.seq, t.name, t.symbol, t.decimals, t.minter, t.cap::text as cap, t.total_supply::text as total_supply, t.holders, t.project, t.description, t.marketing, t.logo";

/** Tokens in order of instantiation after the cursor (a seq). */
export async function tokensAfter(db: Queryable, cursor: number, limit: number): Promise<TokenRow[]> {
  return db.query<TokenRow>(`select ${TOKEN_COLUMNS} from cw20_tokens t where t.seq > $1::int8 order by t.seq limit $2`, [cursor, limit]);
}

export async function tokenByContract(db: Queryable, contract: string): Promise<TokenDetailRow | null> {
  const rows = await db.query<TokenDetailRow>(
    `select ${TOKEN_COLUMNS}, c.creator, c.admin from cw20_tokens t join contracts c on c.address = t.contract where t.contract = $1`,
    [contract],
  );
  return rows[0] ?? null;
}

export interface HolderRow {
  holder: string;
  balance: string;
}

/** Holders biggest first (ties by address, descending) after (balance, holder): the (contract, balance, holder) index read backwards. */
export async function holdersAfter(db: Queryable, contract: string, after: { balance: string; holder: string } | null, limit: number): Promise<HolderRow[]> {
  if (!after) {
    return db.query<HolderRow>(
      // Ordered by the numeric column (qualified), not by the text it is shown as.
      "select b.holder, b.balance::text as balance from cw20_balances b where b.contract = $1 order by b.balance desc, b.holder desc limit $2",
      [contract, limit],
    );
  }
  return db.query<HolderRow>(
    `select b.holder, b.balance::text as balance from cw20_balances b where b.contract = $1 and (b.balance, b.holder) < ($2::numeric, $3::text)
     order by b.balance desc, b.holder desc limit $4`,
    [contract, after.balance, after.holder, limit],
  );
}

/** The address's balances of the given tokens (those it holds); all its tokens when `contracts` is null. */
export async function balancesOf(db: Queryable, holder: string, contracts: string[] | null): Promise<{ contract: string; balance: string }[]> {
  if (contracts === null) {
    return db.query("select contract, balance::text as balance from cw20_balances where holder = $1 order by contract", [holder]);
  }
  return db.query("select contract, balance::text as balance from cw20_balances where holder = $1 and contract = any($2::text[])", [holder, contracts]);
}
