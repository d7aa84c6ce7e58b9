// Names the global search finds: validator monikers, CW-20 token symbols and names, contract labels and nicknames.
import type { Queryable } from "../connection.ts";
import { MIN_SUBSTRING_SEARCH } from "../../core/search.ts";

export type NameKind = "validator" | "token" | "contract" | "account";

export interface NameHit {
  kind: NameKind;
  /** The address the hit's page is keyed by: operator, token contract, contract or account. */
  id: string;
  /** The name found: moniker, token symbol, contract label or nickname. */
  label: string;
  /** The token's name beside its symbol; null for the other kinds. */
  detail: string | null;
  /** 0 the whole name, 1 its start, 2 the start of a later word, 3 anywhere inside it (letter case aside). */
  rank: number;
}

/** A LIKE pattern's literal text: its own %, _ and backslash taken as they are. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** How well a name column matches $1 ($2 its start pattern, $3 a later word's). */
const rank = (column: string) =>
  `case when lower(${column}) = lower($1) then 0 when lower(${column}) like lower($2) then 1 when lower(${column}) like lower($3) then 2 else 3 end`;
/** $4 is the start pattern for short text, the substring pattern otherwise: the indexes of migration 012 serve both. */
const matches = (column: string) => `lower(${column}) like lower($4)`;

/**
 * Up to `limit` names matching the text, best first: the whole name, then names with a word that starts with the text
 * (the first word or a later one), then names holding it; within each, validators, tokens, contracts, accounts, then
 * the biggest (bonded tokens, holders, executions) or the shortest nickname. "gold" so lists the token Axiome Gold
 * before the nicknames GoldenFox1, GoldenBear2 and so on, which would fill the list otherwise. Validators are a few hundred rows and are
 * scanned; the other tables have indexes for the start pattern (btree, text_pattern_ops) and substrings (pg_trgm).
 * A CW-20 token is listed as a token, not once more as a contract.
 */
export async function nameHits(db: Queryable, text: string, limit: number): Promise<NameHit[]> {
  const literal = likeText(text);
  const filter = [...text].length >= MIN_SUBSTRING_SEARCH ? `%${literal}%` : `${literal}%`;
  const tokenRank = `least(${rank("symbol")}, ${rank("name")})`;
  return db.query<NameHit>(
    `select kind, id, label, detail, rank from (
      (select 'validator' as kind, 0 as kind_order, operator_address as id, moniker as label, null::text as detail, ${rank("moniker")} as rank,
         row_number() over (order by ${rank("moniker")}, tokens desc, operator_address) as pos
       from validators where ${matches("moniker")} order by pos limit $5)
      union all
      (select 'token', 1, contract, symbol, name, ${tokenRank}, row_number() over (order by ${tokenRank}, holders desc, contract) as pos
       from cw20_tokens where ${matches("symbol")} or ${matches("name")} order by pos limit $5)
      union all
      (select 'contract', 2, address, label, null, ${rank("label")}, row_number() over (order by ${rank("label")}, executes desc, address) as pos
       from contracts c where ${matches("label")} and not exists (select 1 from cw20_tokens t where t.contract = c.address) order by pos limit $5)
      union all
      (select 'account', 3, address, nickname, null, ${rank("nickname")}, row_number() over (order by ${rank("nickname")}, length(nickname), nickname, address) as pos
       from profiles where ${matches("nickname")} order by pos limit $5)
    ) hits order by case when rank = 0 then 0 when rank < 3 then 1 else 2 end, kind_order, rank, pos limit $5`,
    [text, `${literal}%`, `% ${literal}%`, filter, limit],
  );
}

/** Whether the index holds the block (without reading it: a suggestion only names it). */
export async function blockIndexed(db: Queryable, height: number): Promise<boolean> {
  return (await db.query("select 1 from blocks where height = $1", [height])).length > 0;
}

/** The stored hash of the transaction with this hash in any letter case, or null. */
export async function transactionHash(db: Queryable, hash: string): Promise<string | null> {
  const rows = await db.query<{ hash: string }>("select hash from transactions where hash = $1", [hash.toUpperCase()]);
  return rows[0]?.hash ?? null;
}
