// The Token screen with a stubbed API: information and market data (dashes where nothing is known), links kept to
// http(s), the holders with their cursor, metadata, the description, an unknown token and a failed fetch (SPEC.md §8).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Token, TokenHolder } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { ALICE, BOB, CAROL, TOKEN_CONTRACT, failure, json } from "../../contract-fixtures.ts";
import TokenPage from "./TokenPage.tsx";

const NBSP = "\u00a0";
const marketing = {
  project: "https://axiome.example",
  description: "<p>About <b>AXG</b></p>",
  marketing: CAROL,
  logo: { url: "https://axiome.example/axg.svg" },
};

function tokenFixture(change: Partial<Token> = {}): Token {
  return {
    data: { name: "Axiome Gold", symbol: "AXG", logo: "https://axiome.example/axg.svg", decimals: 6, marketing },
    details: { creator: ALICE, mint_authority: BOB, marketing_authority: CAROL, update_authority: null },
    statistics: {
      priceInUsd: 0.5,
      priceInAxm: 0.0523419,
      holders: 120,
      marketCapitalization: 1234.5,
      maxSupply: "2000000000000",
      currentSupply: "1234567891234",
    },
    links: [
      { title: "axiome.example", url: "https://axiome.example", platform: "website" },
      { title: "evil", url: "javascript:alert(1)", platform: "website" },
    ],
    about: '<p>Gold on <b>AXM</b>, see <a href="https://axiome.example/docs">the docs</a>.</p>',
    ...change,
  };
}

function holder(n: number): TokenHolder {
  return {
    address: `axm1${String(n).padStart(38, "h")}`,
    quantity: String(1_000_000_000 - n),
    value: null,
    valueInAxm: String(52_341_900 - n),
    percentage: 12.3456 - n,
  };
}

/** Known payloads: an image's error handler, a script, a javascript: link, a frame, an inline style, an SVG's load handler, a data: link. */
const XSS = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(2)</script>",
  '<a href="javascript:alert(3)">x</a>',
  '<iframe srcdoc="<script>alert(7)</script>"></iframe>',
  '<p style="background:url(javascript:alert(4))">styled</p>',
  "<svg onload=alert(5)></svg>",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">d</a>',
].join("");

let token: Token;
let requests: string[];
let failToken: boolean;

beforeEach(() => {
  token = tokenFixture();
  requests = [];
  failToken = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url.pathname + url.search);
      if (url.pathname === `/api/cw20/token/${TOKEN_CONTRACT}`) return failToken ? failure() : json(token);
      if (url.pathname === `/api/cw20/${TOKEN_CONTRACT}/holders`) {
        const cursor = url.searchParams.get("cursor");
        return cursor === "page-2"
          ? json({ holders: [holder(10), holder(11), holder(12)], nextCursor: null })
          : json({ holders: Array.from({ length: 10 }, (_, i) => holder(i)), nextCursor: "page-2" });
      }
      if (url.pathname === `/api/cw20/${TOKEN_CONTRACT}/info`) return json({ name: "Axiome Gold", symbol: "AXG", decimals: 6, total_supply: "1234567891234" });
      if (url.pathname === `/api/cw20/${TOKEN_CONTRACT}/marketing`) return json(marketing);
      if (url.pathname.startsWith("/api/transactions/paginate/"))
        return json(url.pathname.endsWith("records_count") ? { totalRecords: 0 } : { data: [], page: 1 });
      return failure(404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderPage(query = "", address = TOKEN_CONTRACT) {
  await renderWithApp(
    <Routes>
      <Route path="/token/:address" element={<TokenPage />} />
    </Routes>,
    { path: `/token/${address}${query}` },
  );
}

const field = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
const panel = () => screen.getByRole("tabpanel");

describe("<TokenPage>", () => {
  it("shows the logo, name and symbol, the information and the market data", async () => {
    await renderPage();
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Axiome Gold AXG");
    expect(document.title).toBe("Axiome Gold (AXG) | AXM Explorer");
    expect(heading.parentElement!.querySelector("img")!.getAttribute("src")).toBe("https://axiome.example/axg.svg");
    expect(field("Symbol").textContent).toBe("AXG");
    expect(field("Name").textContent).toBe("Axiome Gold");
    expect(field("Address").textContent).toBe(TOKEN_CONTRACT);
    expect(screen.getByRole("button", { name: "Copy token address" })).toBeTruthy();
    expect(within(field("Creator")).getByRole("link").getAttribute("href")).toBe(`/address/${ALICE}`);
    expect(within(field("Mint authority")).getByRole("link").textContent).toBe(BOB);
    expect(within(field("Marketing authority")).getByRole("link").textContent).toBe(CAROL);
    expect(field("Update authority").textContent).toBe("—");
    expect(field("Price").textContent).toBe("0,052342 AXM");
    expect(field("Current supply").textContent).toBe(`1${NBSP}234${NBSP}567,891234 AXG`);
    expect(field("Max supply").textContent).toBe(`2${NBSP}000${NBSP}000 AXG`);
    expect(field("Market cap").textContent).toBe(`$1${NBSP}234,5`);
    expect(field("Decimals").textContent).toBe("6");
    expect(field("Holders").textContent).toBe("120");
    const links = within(field("Links")).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://axiome.example/"]);
    expect(links[0].getAttribute("target")).toBe("_blank");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Transactions", "Holders", "Metadata", "Description"]);
  });

  it("shows a dash for an unknown price, max supply and market cap, and drops a logo that is not http(s)", async () => {
    token = tokenFixture({ statistics: { ...tokenFixture().statistics, priceInAxm: null, maxSupply: null, marketCapitalization: null }, links: [] });
    token.data.logo = "javascript:alert(1)";
    await renderPage();
    await screen.findByRole("heading", { level: 1 });
    expect(field("Price").textContent).toBe("—");
    expect(field("Max supply").textContent).toBe("—");
    expect(field("Market cap").textContent).toBe("—");
    expect(screen.queryByText("Links", { selector: "dt" })).toBeNull();
    expect(document.querySelector("img")).toBeNull();
  });

  it("lists the token contract's transactions", async () => {
    await renderPage();
    await screen.findByRole("tabpanel");
    await waitFor(() => expect(requests).toContain(`/api/transactions/paginate/10/1?address=${TOKEN_CONTRACT}`));
  });

  it("lists holders 10 a request with index, account, quantity, share and value in AXM, and more by cursor", async () => {
    await renderPage("?tab=holders");
    await screen.findByRole("tabpanel");
    const rows = async () => within(panel()).getAllByRole("row").slice(1);
    await waitFor(async () => expect(await rows()).toHaveLength(10));
    expect(requests).toContain(`/api/cw20/${TOKEN_CONTRACT}/holders?limit=10`);
    expect(
      within(panel())
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["#", "Account", "Quantity", "Share", "Value (AXM)"]);
    const first = (await rows())[0];
    expect(
      within(first)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", holder(0).address, "1" + NBSP + "000", "12,35 %", "52,3419"]);
    expect(within(first).getByRole("link").getAttribute("href")).toBe(`/address/${holder(0).address}`);
    fireEvent.click(within(panel()).getByRole("button", { name: "Show more" }));
    await waitFor(async () => expect(await rows()).toHaveLength(13));
    expect(requests).toContain(`/api/cw20/${TOKEN_CONTRACT}/holders?limit=10&cursor=page-2`);
    expect(within((await rows())[12]).getAllByRole("cell")[0].textContent).toBe("13");
    expect(within(panel()).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows the contract's token_info and marketing_info as JSON", async () => {
    await renderPage("?tab=metadata");
    await screen.findByRole("tabpanel");
    const info = await within(panel()).findByLabelText("Token information (token_info)", { selector: "pre" });
    expect(JSON.parse(info.textContent!)).toEqual({ name: "Axiome Gold", symbol: "AXG", decimals: 6, total_supply: "1234567891234" });
    const market = await within(panel()).findByLabelText("Marketing information (marketing_info)", { selector: "pre" });
    expect(JSON.parse(market.textContent!)).toEqual(marketing);
  });

  it("shows the description without any of its markup coming alive", async () => {
    // happy-dom's tree walk defeats DOMPurify, so here the description shows as text; Chromium's sanitising is checked
    // in test/e2e/contracts.e2e.test.ts.
    token = tokenFixture({ about: `<p>Gold on <b>AXM</b></p>${XSS}` });
    await renderPage("?tab=description");
    const body = await screen.findByRole("tabpanel");
    await within(body).findByText(/Gold on/);
    expect(body.querySelectorAll("script, img, iframe, svg, style, form, object, embed")).toHaveLength(0);
    for (const element of body.querySelectorAll("*")) {
      const names = [...element.attributes].map((attribute) => attribute.name);
      expect(
        names.filter((name) => name.startsWith("on") || name === "style"),
        element.outerHTML,
      ).toEqual([]);
    }
    expect(body.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull();
  });

  it("says when the project wrote no description", async () => {
    token = tokenFixture({ about: "  " });
    await renderPage("?tab=description");
    expect(await within(await screen.findByRole("tabpanel")).findByText("The project has not written a description.")).toBeTruthy();
  });

  it("says when there is no such token", async () => {
    await renderPage("", "axm1nothing");
    expect(await screen.findByRole("heading", { level: 1, name: "Token not found" })).toBeTruthy();
    expect(document.title).toBe("Token not found | AXM Explorer");
  });

  it("only logs a token that cannot be fetched, its spinner staying", async () => {
    failToken = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderPage();
    await waitFor(() => expect(logged).toHaveBeenCalledWith(`token ${TOKEN_CONTRACT} could not be loaded`, expect.anything()));
    expect(screen.getByRole("status")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
