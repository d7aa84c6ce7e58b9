// The tokens an address holds, with a stubbed API: the token list walked by cursor, each page's balances asked for in one
// request, only held tokens shown with their balance ÷ 10^decimals (at most 9 decimals), and "Show more".
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TokenListRow } from "../api/types.ts";
import { renderWithApp } from "../test-support.tsx";
import { TokenBalances, heldTokens } from "./TokenBalances.tsx";

const NBSP = "\u00a0";
const HOLDER = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
const contract = (n: number) => `axm1${String(n).padStart(59, "t")}`;
const row = (n: number, decimals = 6): TokenListRow => ({
  id: contract(n),
  symbol: `TK${n}`,
  name: `Token number ${n}`,
  logo: n === 1 ? "https://axiome.example/tk1.svg" : null,
  decimals,
});

/** Two pages of tokens; the holder has tokens 1 (6 decimals), 3 (18 decimals) and 5 (0 decimals), and none of 2 and 4. */
const pages: Record<string, { tokens: TokenListRow[]; cursor: string | null }> = {
  "": { tokens: [row(1), row(2), row(3, 18)], cursor: "3" },
  "3": { tokens: [row(4), row(5, 0)], cursor: null },
};
let balances: Record<string, string>;
let requests: string[];

beforeEach(() => {
  balances = { [contract(1)]: "1234567891", [contract(3)]: "123456789123456789012345678", [contract(5)]: "42" };
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url.pathname + url.search);
      const body =
        url.pathname === "/api/cw20/tokens"
          ? pages[url.searchParams.get("cursor") ?? ""]
          : {
              data: {
                balances: url.searchParams
                  .get("contracts")!
                  .split(",")
                  .map((id) => ({ contract: id, balance: balances[id] ?? "0" })),
              },
            };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const items = () => within(screen.getByRole("list", { name: "Tokens held" })).getAllByRole("listitem");

describe("heldTokens", () => {
  it("keeps the tokens with a balance above zero, in the list's order", () => {
    const held = heldTokens([row(1), row(2), row(3)], {
      data: {
        balances: [
          { contract: contract(3), balance: "5" },
          { contract: contract(2), balance: "0" },
          { contract: contract(1), balance: "7" },
        ],
      },
    });
    expect(held.map((token) => [token.symbol, token.balance])).toEqual([
      ["TK1", 7n],
      ["TK3", 5n],
    ]);
  });
});

describe("<TokenBalances>", () => {
  it("shows the held tokens of the first page with logo, symbol, name, contract link and balance", async () => {
    await renderWithApp(<TokenBalances address={HOLDER} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(requests).toEqual(["/api/cw20/tokens", `/api/multichain/assets/balances/${HOLDER}?contracts=${contract(1)},${contract(2)},${contract(3)}`]);
    const [first, second] = items();
    expect(first.querySelector("img")!.getAttribute("src")).toBe("https://axiome.example/tk1.svg");
    expect(within(first).getByRole("link", { name: "TK1" }).getAttribute("href")).toBe(`/token/${contract(1)}`);
    expect(within(first).getByText("Token number 1")).toBeTruthy();
    const contractLink = within(first).getByRole("link", { name: "Contract of TK1" });
    expect(contractLink.getAttribute("href")).toBe(`/contract/${contract(1)}`);
    expect(contractLink.getAttribute("title")).toBe(contract(1));
    expect(first.lastElementChild!.textContent).toBe(`1${NBSP}234,567891`);
    // 123 456 789.123456789012345678 cut to 9 decimals: 27 digits divided exactly.
    expect(second.lastElementChild!.textContent).toBe(`123${NBSP}456${NBSP}789,123456789`);
  });

  it("looks at the next page of tokens on Show more, until the list ends", async () => {
    await renderWithApp(<TokenBalances address={HOLDER} />);
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(requests).toContain("/api/cw20/tokens?cursor=3");
    expect(requests).toContain(`/api/multichain/assets/balances/${HOLDER}?contracts=${contract(4)},${contract(5)}`);
    expect(items()[2].lastElementChild!.textContent).toBe("42");
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("says when the address holds none of the tokens", async () => {
    balances = {};
    await renderWithApp(<TokenBalances address={HOLDER} />);
    expect(await screen.findByText(/None of the tokens looked at so far is held/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Nothing found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
