// A CW-20 token's state read from the node by cw20-base's smart queries: token info, minter, marketing and every holder's balance.
import { QuerySmartContractStateRequest, QuerySmartContractStateResponse } from "cosmjs-types/cosmwasm/wasm/v1/query";
import { RpcFormatError, type RpcClient } from "../chain/rpc.ts";
import type { Marketing } from "./decode-wasm.ts";

const PATH = "/cosmwasm.wasm.v1.Query/SmartContractState";
/** cw20-base's MAX_LIMIT for all_accounts. */
const HOLDERS_PAGE = 30;
const INTEGER = /^\d{1,40}$/;

export interface TokenState extends Marketing {
  name: string;
  symbol: string;
  decimals: number;
  /** Integer text. */
  supply: string;
  minter: string | null;
  cap: string | null;
  /** Balances above zero. */
  balances: Map<string, bigint>;
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
}

const optionalText = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * A contract's JSON answer, or null when it refuses the query (a query it does not support) or answers no JSON.
 * The answer is the contract's code, not the node's: one that does not fit cw20's shapes reads as unsupported.
 */
async function smart(rpc: RpcClient, height: number, contract: string, query: Json): Promise<unknown> {
  const request = QuerySmartContractStateRequest.encode({ address: contract, queryData: Buffer.from(JSON.stringify(query)) }).finish();
  const answer = await rpc.abciQuery(PATH, request, height);
  if (answer.code !== 0) return null;
  let data: Uint8Array;
  try {
    data = QuerySmartContractStateResponse.decode(answer.value).data;
  } catch (error) {
    throw new RpcFormatError(`${PATH} ${contract}: the answer is not its protobuf response (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    return JSON.parse(Buffer.from(data).toString("utf8"));
  } catch {
    return null;
  }
}

/** TokenInfoResponse { name, symbol, decimals, total_supply }, or null for a contract that is not a CW-20. */
function tokenInfo(answer: unknown): Pick<TokenState, "name" | "symbol" | "decimals" | "supply"> | null {
  const a = record(answer);
  if (!a || typeof a.name !== "string" || typeof a.symbol !== "string") return null;
  if (!Number.isInteger(a.decimals) || (a.decimals as number) < 0 || (a.decimals as number) > 255) return null;
  if (typeof a.total_supply !== "string" || !INTEGER.test(a.total_supply)) return null;
  return { name: a.name, symbol: a.symbol, decimals: a.decimals as number, supply: a.total_supply };
}

/** Option<MinterResponse { minter, cap }>: null when the token has no minter. */
function minterOf(answer: unknown): Pick<TokenState, "minter" | "cap"> {
  const a = record(answer);
  if (!a || typeof a.minter !== "string") return { minter: null, cap: null };
  return { minter: a.minter, cap: typeof a.cap === "string" && INTEGER.test(a.cap) ? a.cap : null };
}

/** MarketingInfoResponse { project, description, marketing, logo: LogoInfo ({ url } or "embedded") }. */
function marketingOf(answer: unknown): Marketing {
  const a = record(answer);
  const logo = a?.logo === "embedded" ? "embedded" : typeof record(a?.logo)?.url === "string" ? { url: record(a?.logo)!.url as string } : null;
  return { project: optionalText(a?.project), description: optionalText(a?.description), marketing: optionalText(a?.marketing), logo };
}

function accountsOf(answer: unknown): string[] {
  const accounts = record(answer)?.accounts;
  return Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === "string") : [];
}

function balanceOf(answer: unknown): bigint {
  const balance = record(answer)?.balance;
  return typeof balance === "string" && INTEGER.test(balance) ? BigInt(balance) : 0n;
}

/**
 * Balances above zero: all_accounts paged by start_after (cw20-base lists emptied balances too), then a balance query
 * for each account of a page. A contract that does not page forward ends the list rather than loop.
 */
async function holdings(rpc: RpcClient, height: number, contract: string): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  let after: string | undefined;
  for (;;) {
    const query = { all_accounts: after === undefined ? { limit: HOLDERS_PAGE } : { start_after: after, limit: HOLDERS_PAGE } };
    const accounts = accountsOf(await smart(rpc, height, contract, query));
    const last = accounts[accounts.length - 1];
    if (last === undefined || (after !== undefined && last <= after)) return held;
    const amounts = await Promise.all(accounts.map(async (address) => balanceOf(await smart(rpc, height, contract, { balance: { address } }))));
    for (const [i, address] of accounts.entries()) if (amounts[i] > 0n) held.set(address, amounts[i]);
    after = last;
  }
}

/**
 * The token's state, or null when the contract does not answer cw20's token_info. The indexer knows a CW-20 by its
 * instantiate message and follows it by its events; before the index's first height only the contract's answers tell
 * what it holds now, so they decide. A refused minter or marketing_info query means the token has none.
 */
export async function readToken(rpc: RpcClient, height: number, contract: string): Promise<TokenState | null> {
  const info = tokenInfo(await smart(rpc, height, contract, { token_info: {} }));
  if (!info) return null;
  return {
    ...info,
    ...minterOf(await smart(rpc, height, contract, { minter: {} })),
    ...marketingOf(await smart(rpc, height, contract, { marketing_info: {} })),
    balances: await holdings(rpc, height, contract),
  };
}
