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

/**
 * Validators (a few hundred) and CW-20 tokens (a few thousand at most) are ranked whole: every name matching $4 (the
 * start pattern for short text, the substring pattern otherwise) is ordered by rank, then the biggest first.
 */
function smallTables(): string {
  const matches = (column: string) => `lower(${column}) like lower($4)`;
  const tokenRank = `least(${rank("symbol")}, ${rank("name")})`;
  return `(select 'validator' as kind, 0 as kind_order, operator_address as id, moniker as label, null::text as detail, ${rank("moniker")} as rank,
      row_number() over (order by ${rank("moniker")}, tokens desc, operator_address) as pos
    from validators where ${matches("moniker")} order by pos limit $5)
    union all
    (select 'token', 1, contract, symbol, name, ${tokenRank}, row_number() over (order by ${tokenRank}, holders desc, contract) as pos
    from cw20_tokens where ${matches("symbol")} or ${matches("name")} order by pos limit $5)`;
}

/**
 * Contract labels and nicknames can be a million rows, and a letter or two starts a large share of them: only as many
 * rows as the list takes are read. Names starting with the text come from the btree in its order (the name itself
 * first, then the others by their bytes); with three characters or more, up to `limit` names holding the text
 * elsewhere come from the trigram index, in no order the database promises.
 */
function bigTable(kind: string, order: number, from: string, id: string, column: string, long: boolean, only = ""): string {
  const ranked = (part: string, keep = "true") =>
    `(select '${kind}', ${order}, id, label, null, ${rank("label")}, row_number() over (order by lower(label) using ~<~)
    from (${part}) s where ${keep})`;
  const matching = (pattern: string) =>
    `select ${id} as id, ${column} as label from ${from} where ${only ? `${only} and ` : ""}lower(${column}) like lower(${pattern})`;
  const starts = ranked(`${matching("$2")} order by lower(${column}) using ~<~ limit $5`);
  if (!long) return starts;
  // The names starting with the text are left out after the limit, not before: a condition the planner cannot
  // estimate would make it read the whole table when no other name holds the text.
  return `${starts} union all ${ranked(`${matching("$4")} limit $5`, "lower(label) not like lower($2)")}`;
}

/**
 * Up to `limit` names matching the text, best first: the whole name, then names with a word that starts with the text
 * (the first word or a later one), then names holding it; within each, validators, tokens, contracts, accounts. "gold"
 * so lists the token Axiome Gold before the nicknames GoldenFox1, GoldenBear2 and so on, which would fill the list
 * otherwise. Text shorter than three characters matches the start of names only. A CW-20 token is listed as a token,
 * not once more as a contract. Indexes: migration 012's btrees (text_pattern_ops, so `like 'x%'` and `~<~` order
 * read them in any collation) and trigrams, and 004's nickname trigrams.
 */
export async function nameHits(db: Queryable, text: string, limit: number): Promise<NameHit[]> {
  const literal = likeText(text);
  const long = [...text].length >= MIN_SUBSTRING_SEARCH;
  const notToken = "not exists (select 1 from cw20_tokens t where t.contract = c.address)";
  return db.query<NameHit>(
    `select kind, id, label, detail, rank from (
      ${smallTables()}
      union all ${bigTable("contract", 2, "contracts c", "c.address", "c.label", long, notToken)}
      union all ${bigTable("account", 3, "profiles p", "p.address", "p.nickname", long)}
    ) hits order by case when rank = 0 then 0 when rank < 3 then 1 else 2 end, kind_order, rank, pos limit $5`,
    [text, `${literal}%`, `% ${literal}%`, long ? `%${literal}%` : `${literal}%`, limit],
  );
}

/** Whether the index holds the block (without reading it: a suggestion only names it). */
export async function blockIndexed(db: Queryable, height: number): Promise<boolean> {
  return (await db.query("select 1 from blocks where height = $1", [height])).length > 0;
}

/** The stored hash of the transaction with this hash in any letter case, or null. */
export async function transactionHash(db: Queryable, hash: string): Promise<string | null> {
  const rows = await db.query<{ hash: string }>("select hash from transactions where hash = $1 limit 1", [hash.toUpperCase()]);
  return rows[0]?.hash ?? null;
}
