// The global search (POST /blockchain/search) and its suggestions while typing (GET /blockchain/search/suggest): a
// height, a hash, an address, or a name (validator moniker, CW-20 token symbol or name, contract label, nickname).
import { consensusBech32ToHex } from "../core/address.ts";
import { classifySearch, MAX_SUGGESTIONS, mayBeName, nameQuery, type SearchKind } from "../core/search.ts";
import { nicknames } from "../db/queries/accounts.ts";
import * as blocks from "../db/queries/blocks.ts";
import { contractExists } from "../db/queries/contracts.ts";
import { blockIndexed, nameHits, transactionHash, type NameHit } from "../db/queries/search.ts";
import { transactionByHash } from "../db/queries/transactions.ts";
import type { Suggestion } from "../shapes/chain.ts";
import type { ApiContext } from "./context.ts";
import { formatBlock, formatTxDetail, logoUrl } from "./format.ts";

const UNKNOWN = { type: "unknown", data: null };

/** A name hit at least this good is what Enter finds: the whole name or its start, never a match inside it. */
const ENTER_RANK = 1;

function findValidator(ctx: ApiContext, kind: "validator" | "consensus", query: string) {
  const address = query.toLowerCase();
  return kind === "validator" ? blocks.validatorByOperator(ctx.db, address) : blocks.validatorByConsensus(ctx.db, consensusBech32ToHex(address));
}

async function validatorAnswer(ctx: ApiContext, validator: blocks.ValidatorRow) {
  return {
    type: "validator",
    data: { address: validator.operator_address, name: validator.moniker, logoUrl: logoUrl(await ctx.format(), validator.identity) },
  };
}

/** What Enter finds for an accepted input (already trimmed): `{ type, data }` of API.md, `unknown` when nothing. */
export async function search(ctx: ApiContext, query: string) {
  const kind = classifySearch(query);
  if (kind === "height") {
    const row = await blocks.blockByHeight(ctx.db, Number(query));
    if (row) return { type: "block", data: formatBlock(await ctx.format(), row) };
  }
  if (kind === "hash") {
    const tx = await transactionByHash(ctx.db, query);
    if (tx) return { type: "tx", data: formatTxDetail(await ctx.format(), tx) };
    const height = await blocks.blockHeightByHash(ctx.db, query);
    const row = height === null ? null : await blocks.blockByHeight(ctx.db, height);
    return row ? { type: "block", data: formatBlock(await ctx.format(), row) } : UNKNOWN;
  }
  // A known contract opens as a contract (SPEC.md §3); any other valid address has an address page, even before its first transaction.
  if (kind === "contract" && (await contractExists(ctx.db, query.toLowerCase()))) return { type: "contract", data: { address: query.toLowerCase() } };
  if (kind === "account" || kind === "contract") return { type: "account", data: { account: { address: query.toLowerCase() } } };
  if (kind === "validator" || kind === "consensus") {
    const validator = await findValidator(ctx, kind, query);
    return validator ? validatorAnswer(ctx, validator) : UNKNOWN;
  }
  if (!mayBeName(kind)) return UNKNOWN;
  const [best] = await nameHits(ctx.db, nameQuery(query), 1);
  if (!best || best.rank > ENTER_RANK) return UNKNOWN;
  if (best.kind === "validator") {
    const validator = await blocks.validatorByOperator(ctx.db, best.id);
    return validator ? validatorAnswer(ctx, validator) : UNKNOWN;
  }
  if (best.kind === "account") return { type: "account", data: { account: { address: best.id } } };
  return { type: best.kind, data: { address: best.id } };
}

/** What the text typed so far may lead to: the exact block, transaction or address first, then names, at most 8. */
export async function suggest(ctx: ApiContext, query: string): Promise<Suggestion[]> {
  const kind = classifySearch(query);
  const exact = kind === null ? null : await exactSuggestion(ctx, kind, query);
  const names = mayBeName(kind) ? (await nameHits(ctx.db, nameQuery(query), MAX_SUGGESTIONS)).map(nameSuggestion) : [];
  return [...(exact ? [exact] : []), ...names].slice(0, MAX_SUGGESTIONS);
}

async function exactSuggestion(ctx: ApiContext, kind: SearchKind, query: string): Promise<Suggestion | null> {
  const address = query.toLowerCase();
  switch (kind) {
    case "height":
      return (await blockIndexed(ctx.db, Number(query))) ? { kind: "block", id: query, label: query, detail: null } : null;
    case "hash": {
      const hash = await transactionHash(ctx.db, query);
      if (hash) return { kind: "transaction", id: hash, label: hash, detail: null };
      const height = await blocks.blockHeightByHash(ctx.db, query);
      return height === null ? null : { kind: "block", id: String(height), label: String(height), detail: query.toUpperCase() };
    }
    case "contract":
      if (await contractExists(ctx.db, address)) return { kind: "contract", id: address, label: address, detail: null };
      return { kind: "account", id: address, label: address, detail: null };
    case "account": {
      const nickname = (await nicknames(ctx.db, [address])).get(address);
      return nickname ? { kind: "account", id: address, label: nickname, detail: address } : { kind: "account", id: address, label: address, detail: null };
    }
    case "validator":
    case "consensus": {
      const validator = await findValidator(ctx, kind, query);
      return validator ? { kind: "validator", id: validator.operator_address, label: validator.moniker, detail: validator.operator_address } : null;
    }
    case "name":
      return null;
  }
}

function nameSuggestion(hit: NameHit): Suggestion {
  return { kind: hit.kind, id: hit.id, label: hit.label, detail: hit.kind === "token" ? hit.detail : hit.id };
}
