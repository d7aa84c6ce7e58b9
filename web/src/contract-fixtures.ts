// Contracts, codes and tokens as the API answers them (API.md), with real-shaped bech32 addresses, for the screens' tests.
import type { Code, ContractRow } from "./api/types.ts";

/** 32-byte contract addresses and 20-byte account addresses (CHAIN.md). */
export const TOKEN_CONTRACT = "axm15u9l2rjnrns6s96kruh46kmxgh2wsp47eavve30gea4cq3dqjz5qk0j0gh";
export const COUNTER_CONTRACT = "axm1al5fn369treqkz9mcxdlqg5vpsjmmkmcw8vqh562ezencqctx6vql7l64f";
export const ALICE = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
export const BOB = "axm1sxmr0k8u6trd5c6eu6trzyapzux7090y95q5r5";
export const CAROL = "axm1fsndjp6vylvfahjeyuxq4s2tw8s8rv2jkwwk0k";
export const CHECKSUM = "2B8C4A1E0F5D3C6B9A7E8D1F0C2B4A6E8D0F1C3B5A7E9D2F4C6B8A0E1D3F5C7A";

/** Contract number `n`: its address ends in n so every one differs. */
export function contractRow(n: number, change: Partial<ContractRow> = {}): ContractRow {
  return {
    label: `contract number ${n}`,
    address: `axm1${String(n).padStart(59, "q")}`,
    creator: ALICE,
    code: (n % 3) + 1,
    initialBlock: 100 + n,
    executes: n * 1000,
    ...change,
  };
}

export function codeFixture(id: number, change: Partial<Code> = {}): Code {
  return { id, verified: id === 1, checksum: CHECKSUM, creator: BOB, permission: "Everybody", permissionAddresses: [], contractsCount: id * 2, ...change };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function failure(status = 500): Response {
  return json({ error: { code: status === 404 ? "not_found" : "internal", message: "no" } }, status);
}

/** A limit/offset answer as the API gives it: the asked slice and the whole list's total. */
export function slice<T>(rows: T[], url: URL): { rows: T[]; total: number } {
  const limit = Number(url.searchParams.get("limit"));
  const offset = Number(url.searchParams.get("offset") ?? 0);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}
