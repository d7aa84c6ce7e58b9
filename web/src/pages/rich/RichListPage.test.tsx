// The rich list with a stubbed API: placeholder rows while it loads, ranks, shortened addresses with copy buttons,
// exchange and module labels, amounts and shares, and "Show more" asking for the next cursor until the last page.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { RichAccount, RichList } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import RichListPage from "./RichListPage.tsx";

const NBSP = "\u00a0";

function account(n: number, change: Partial<RichAccount> = {}): RichAccount {
  return {
    address: `axm1${String(n).padStart(38, "q")}`,
    name: null,
    total: String(9_000_000_000_000 - n * 1_000_000_000),
    available: String(1_000_000_000_000 - n * 1_000_000_000),
    delegated: "7000000000000",
    unbonding: "1000000000000",
    share: 12.345678 - n / 10,
    exchange: false,
    module: null,
    service: null,
    img: null,
    ...change,
  };
}

const FIRST: RichList = {
  accounts: [
    account(0, { module: "bonded_tokens_pool" }),
    account(1, { name: "Orbitex", exchange: true, img: "https://img.example/exchanges/orbitex.svg" }),
    account(2, { name: "alice" }),
    account(3, { service: "faucet" }),
    ...Array.from({ length: 21 }, (_, i) => account(i + 4)),
  ],
  nextCursor: "next-page",
};
const SECOND: RichList = { accounts: [account(30, { share: null })], nextCursor: null };

function serve(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const body = url.includes("cursor=next-page") ? SECOND : FIRST;
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("<RichListPage>", () => {
  it("shows 25 placeholder rows, then the accounts ranked with their labels, amounts and shares", async () => {
    serve();
    await renderWithApp(<RichListPage />, { path: "/accounts" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Rich list");
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
    expect(document.querySelectorAll("tbody tr[aria-hidden=true]")).toHaveLength(25);
    const rows = await screen.findAllByRole("row", { name: /Bonded pool|Orbitex|alice|faucet|axm1/ });
    expect(rows).toHaveLength(25);
    const pool = within(rows[0])
      .getAllByRole("cell")
      .map((cell) => cell.textContent?.replaceAll(NBSP, " "));
    expect(pool).toEqual(["1", "axm1qqqqqqqqqqq...qqqqq0", "Bonded poolModule", "9 000 000", "1 000 000", "7 000 000", "1 000 000", "12,3457 %"]);
    expect(within(rows[1]).getByText("Orbitex")).toBeTruthy();
    expect(within(rows[1]).getByText("Exchange")).toBeTruthy();
    expect(rows[1].querySelector("img")?.getAttribute("src")).toBe("https://img.example/exchanges/orbitex.svg");
    expect(within(rows[2]).getByText("alice")).toBeTruthy();
    expect(within(rows[2]).getByRole("link").getAttribute("href")).toBe(`/address/${account(2).address}`);
    expect(within(rows[2]).getByRole("button", { name: "Copy address" })).toBeTruthy();
    expect(within(rows[3]).getByText("Test AXM faucet")).toBeTruthy();
    expect(within(rows[3]).getByText("Service")).toBeTruthy();
  });

  it("asks for the next page with the cursor the API gave, and shows no button after the last", async () => {
    const asked = serve();
    await renderWithApp(<RichListPage />, { path: "/accounts" });
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(27));
    expect(asked).toEqual(["/api/accounts/rich?limit=25", "/api/accounts/rich?limit=25&cursor=next-page"]);
    const last = screen.getAllByRole("row")[26];
    expect(within(last).getAllByRole("cell")[0].textContent).toBe("26");
    expect(within(last).getAllByRole("cell")[7].textContent).toBe("—");
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
