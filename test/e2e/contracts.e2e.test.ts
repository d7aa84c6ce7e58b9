// The Contracts, Contract, Code and Token screens in a real browser, checked against the API and the devnet's contract
// state: list tabs and paging, the contract's tabs with state show-more, a code's contracts, the token's tabs with
// holders show-more, and the token whose description carries XSS payloads (nothing runs); at 1280 and 375 px. The
// description sanitiser itself is fed known payloads in Chromium.
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Code,
  CodePage,
  ContractHistoryPage,
  ContractInfoAnswer,
  ContractPage,
  ContractStatePage,
  Token,
  TokenHoldersPage,
  TokenListPage,
  Tx,
} from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, type Viewport } from "./browser.ts";
import { field, noSidewaysScroll, selectedTab } from "./steps.ts";

const WAIT = { timeout: 15_000 };
const EXECUTE = "/cosmwasm.wasm.v1.MsgExecuteContract";

let browser: Browser;
/** The token with the most holders, and the one whose description carries the XSS payloads. */
let richest: { address: string; token: Token };
let hostile: { address: string; token: Token };

async function tokens(): Promise<{ address: string; token: Token }[]> {
  const found: { address: string; token: Token }[] = [];
  let cursor: string | null = null;
  do {
    const page: TokenListPage = await apiGet<TokenListPage>(`/cw20/tokens${cursor ? `?cursor=${cursor}` : ""}`);
    for (const row of page.tokens) found.push({ address: row.id, token: await apiGet<Token>(`/cw20/token/${row.id}`) });
    cursor = page.cursor;
  } while (cursor);
  return found;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const all = await tokens();
  richest = all.reduce((best, next) => (next.token.statistics.holders > best.token.statistics.holders ? next : best));
  const withPayloads = all.find((entry) => entry.token.about?.includes("onerror"));
  if (!withPayloads) throw new Error("the devnet has no token whose description carries XSS payloads");
  hostile = withPayloads;
});
afterAll(async () => {
  await browser?.close();
});

/**
 * SPEC.md §5 with cw-storage-plus's layout, decoded here without the web app's code: hex that spells printable text (an
 * Item); else a Map's namespace and leading key parts, each after its two-byte length, then the key, joined by " / ";
 * else the key as it came.
 */
function expectedKey(hex: string): string {
  const printable = (bytes: Buffer) => (/[\p{C}\uFFFD]/u.test(bytes.toString("utf8")) ? null : bytes.toString("utf8"));
  if (hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) return hex;
  const bytes = Buffer.from(hex, "hex");
  const whole = printable(bytes);
  if (whole !== null) return whole;
  const parts: string[] = [];
  let at = 0;
  while (bytes.length - at > 2 && bytes.readUInt16BE(at) > 0 && at + 2 + bytes.readUInt16BE(at) < bytes.length) {
    const part = bytes.subarray(at + 2, at + 2 + bytes.readUInt16BE(at));
    parts.push(printable(part) ?? part.toString("hex"));
    at += 2 + part.length;
  }
  if (parts.length === 0 || printable(bytes.subarray(2, 2 + bytes.readUInt16BE(0))) === null) return hex;
  return [...parts, printable(bytes.subarray(at)) ?? bytes.subarray(at).toString("hex")].join(" / ");
}

/** A token amount as the screen writes it ("886 940,228576 AXMG"), back in the token's smallest unit. */
function shownToRaw(text: string, decimals: number): bigint {
  const [whole, fraction = ""] = text.replace(/[^\d,]/g, "").split(",");
  return BigInt(whole + fraction.padEnd(decimals, "0"));
}

const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
const panel = (page: Page) => page.getByRole("tabpanel");

/** The transactions a contract tab lists, once the page agrees with the API read at the same moment (blocks keep coming). */
async function agreesWithApi(page: Page, query: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const shown = await hrefs(page, '[role="tabpanel"] tbody a[href^="/transactions/"]');
        const api = await apiGet<{ data: Tx[] }>(`/transactions/paginate/10/1?${query}`);
        if (shown.join() === api.data.map((tx) => `/transactions/${tx._id}`).join()) return true;
        await page.reload();
        return false;
      },
      { timeout: 40_000, interval: 1_000 },
    )
    .toBe(true);
}

for (const viewport of [DESKTOP, PHONE] as Viewport[]) {
  const size = `${viewport.width} px`;
  const suffix = viewport === DESKTOP ? "desktop" : "phone";

  describe(`contract screens at ${size}`, () => {
    it("lists contracts and codes with their totals, paging by offset (none on page 1)", async () => {
      const asked: string[] = [];
      const { page } = await openPage(browser, "/contracts", {
        viewport,
        setup: async (context) => {
          context.on("request", (request) => {
            if (new URL(request.url()).pathname === "/api/contracts") asked.push(new URL(request.url()).search);
          });
        },
      });
      await page.locator('tbody a[href^="/contract/"]').first().waitFor(WAIT);
      expect(await page.title()).toBe("Contracts and Source Code | AXM Explorer");
      expect(asked[0]).toBe("?total=true&limit=10");
      const first = await apiGet<ContractPage>("/contracts?total=true&limit=10");
      await page.getByText(`Total: ${first.pagination.total}`).waitFor(WAIT);
      expect(await hrefs(page, 'tbody a[href^="/contract/"]')).toEqual(first.contracts.map((c) => `/contract/${c.address}`));
      expect(await hrefs(page, 'tbody a[href^="/code/"]')).toEqual(first.contracts.map((c) => `/code/${c.code}`));
      const pages = Math.ceil(first.pagination.total / 10);
      if (pages > 1) {
        await page.getByRole("button", { name: "Page 2", exact: true }).click();
        const second = await apiGet<ContractPage>("/contracts?total=true&limit=10&offset=10");
        await expect.poll(() => hrefs(page, 'tbody a[href^="/contract/"]')).toEqual(second.contracts.map((c) => `/contract/${c.address}`));
        expect(asked.at(-1)).toBe("?total=true&limit=10&offset=10");
        expect(new URL(page.url()).search).toBe("?page=2");
      } else {
        expect(
          await page
            .getByRole("navigation", { name: "Pages" })
            .getByRole("button", { name: /^Page \d+$/ })
            .count(),
        ).toBe(1);
        // A page past the end (an old link) shows the last one.
        await page.goto("/contracts?page=4");
        await expect.poll(() => new URL(page.url()).search).toBe("");
      }
      await noSidewaysScroll(page);
      await screenshot(page, `contracts-${suffix}`);

      await page.getByRole("tab", { name: "Code" }).click();
      const codes = await apiGet<CodePage>("/codes?total=true&limit=10");
      await page.getByText(`Total: ${codes.pagination.total}`).waitFor(WAIT);
      expect(new URL(page.url()).search).toBe("?tab=code");
      expect(await hrefs(page, 'tbody a[href^="/code/"]')).toEqual(codes.codes.map((c) => `/code/${c.id}`));
      const cells = await page.locator("tbody tr").first().locator("td").allInnerTexts();
      expect(cells[4]).toBe(codes.codes[0].permission);
      expect(codes.codes.map((c) => c.permission)).toEqual(expect.arrayContaining(["Everybody", "Nobody", "AnyOfAddresses"]));
      await noSidewaysScroll(page);
      await screenshot(page, `contracts-codes-${suffix}`);
      expect(pageErrors(page)).toEqual([]);
    });

    it("shows a contract's fields, transactions, balance, history and state with show-more", async () => {
      const { address } = richest;
      const info = await apiGet<ContractInfoAnswer>(`/cosmwasm/wasm/v1/contract/${address}`);
      const { page } = await openPage(browser, `/contract/${address}`, { viewport });
      await page.getByRole("heading", { level: 1, name: info.contract_info.label }).waitFor(WAIT);
      expect(await field(page, "Address").innerText()).toBe(address);
      expect(await field(page, "Creator").getByRole("link").getAttribute("href")).toBe(`/address/${info.contract_info.creator}`);
      expect((await field(page, "Initial block").innerText()).replace(/\D/g, "")).toBe(info.contract_info.created!.block_height);
      expect(await field(page, "Code ID").getByRole("link").getAttribute("href")).toBe(`/code/${info.contract_info.code_id}`);
      expect(await field(page, "Code checksum").innerText()).toBe(info.codeChecksum);
      const tokenLink = field(page, "CW-20 token").getByRole("link");
      await tokenLink.waitFor(WAIT);
      expect(await tokenLink.innerText()).toBe(`${richest.token.data.symbol} (${richest.token.data.name})`);
      expect(await tokenLink.getAttribute("href")).toBe(`/token/${address}`);
      await noSidewaysScroll(page);
      await screenshot(page, `contract-${suffix}`);

      await agreesWithApi(page, `type=${encodeURIComponent(EXECUTE)}&address=${address}`);
      await page.getByRole("tab", { name: "Related transactions" }).click();
      await agreesWithApi(page, `address=${address}`);

      await page.getByRole("tab", { name: "History" }).click();
      const history = await apiGet<ContractHistoryPage>(`/cosmwasm/wasm/v1/contract/${address}/history?pagination.limit=10`);
      await panel(page).getByRole("article").first().waitFor(WAIT);
      expect(await panel(page).getByRole("article").count()).toBe(history.entries.length);
      const firstEntry = panel(page).getByRole("article").first();
      expect(await field(firstEntry, "Operation").innerText()).toBe("Instantiation");
      expect(JSON.parse(await firstEntry.locator("pre").innerText())).toEqual(history.entries[0].msg);

      await page.getByRole("tab", { name: "State" }).click();
      const state = await apiGet<ContractStatePage>(`/cosmwasm/wasm/v1/contract/${address}/state?pagination.limit=10`);
      expect(state.pagination.next_key).toBeTruthy();
      // Each key's heading starts with a "Key" only screen readers hear.
      const keys = async () => (await panel(page).getByRole("heading", { level: 3 }).allInnerTexts()).map((text) => text.replace(/^Key\s+/, ""));
      await expect.poll(keys, WAIT).toHaveLength(10);
      expect(await keys()).toEqual(state.models.map((model) => expectedKey(model.key)));
      // A Map's key reads as its namespace and key; its hex is there on demand.
      const mapKeyAt = state.models.findIndex((model) => expectedKey(model.key).includes(" / "));
      expect(mapKeyAt, "a cw-storage-plus Map key among the first 10").toBeGreaterThanOrEqual(0);
      const mapEntry = panel(page).getByRole("article").nth(mapKeyAt);
      expect(await mapEntry.locator("code").isVisible()).toBe(false);
      await mapEntry.getByText("Raw key (hex)").click();
      expect(await mapEntry.locator("code").innerText()).toBe(state.models[mapKeyAt].key);
      const firstValue = JSON.parse(Buffer.from(state.models[0].value, "base64").toString("utf8"));
      expect(JSON.parse(await panel(page).locator("pre").first().innerText())).toEqual(firstValue);
      await panel(page).getByRole("button", { name: "Show more" }).click();
      const next = await apiGet<ContractStatePage>(
        `/cosmwasm/wasm/v1/contract/${address}/state?pagination.limit=10&pagination.key=${encodeURIComponent(state.pagination.next_key!)}`,
      );
      await expect.poll(keys, WAIT).toHaveLength(10 + next.models.length);
      expect((await keys()).slice(10)).toEqual(next.models.map((model) => expectedKey(model.key)));
      await noSidewaysScroll(page);
      await screenshot(page, `contract-state-${suffix}`);

      // SPEC.md §2: the contract's AXM balance, with one decimal.
      await page.getByRole("tab", { name: "Assets" }).click();
      await expect.poll(() => panel(page).innerText(), WAIT).toMatch(/^Balance\s+[\d\s\u00a0]+(,\d)? AXM$/);
      expect(pageErrors(page)).toEqual([]);
    });

    it("shows a code's fields and its contracts", async () => {
      const code = await apiGet<Code>(`/codes/${(await apiGet<ContractInfoAnswer>(`/cosmwasm/wasm/v1/contract/${richest.address}`)).contract_info.code_id}`);
      const { page } = await openPage(browser, `/code/${code.id}`, { viewport });
      await page.getByText(code.checksum, { exact: true }).waitFor(WAIT);
      expect(await field(page, "Contracts").innerText()).toBe(String(code.contractsCount));
      expect(await field(page, "Creator").innerText()).toBe(code.creator);
      expect(await field(page, "Instantiate permission").innerText()).toContain(code.permission);
      const contracts = await apiGet<ContractPage>(`/codes/${code.id}/contracts?total=true&limit=10`);
      await page.getByText(`Total: ${contracts.pagination.total}`).waitFor(WAIT);
      expect(await hrefs(page, 'tbody a[href^="/contract/"]')).toEqual(contracts.contracts.map((c) => `/contract/${c.address}`));
      await noSidewaysScroll(page);
      await screenshot(page, `code-${suffix}`);
      expect(pageErrors(page)).toEqual([]);
    });

    it("shows a token's information, market data, holders with show-more, metadata and description", async () => {
      const { address, token } = richest;
      const { page } = await openPage(browser, `/token/${address}`, { viewport });
      await field(page, "Symbol").waitFor(WAIT);
      expect(await page.title()).toBe(`${token.data.name} (${token.data.symbol}) | AXM Explorer`);
      expect(await field(page, "Name").innerText()).toBe(token.data.name);
      expect(await field(page, "Address").innerText()).toBe(address);
      expect(await field(page, "Decimals").innerText()).toBe(String(token.data.decimals));
      expect(await field(page, "Price").innerText()).toEqual(token.statistics.priceInAxm === null ? "—" : expect.stringMatching(/ AXM$/));
      const maxSupply = await field(page, "Max supply").innerText();
      if (token.statistics.maxSupply === null) expect(maxSupply).toBe("—");
      else expect(shownToRaw(maxSupply, token.data.decimals)).toBe(BigInt(token.statistics.maxSupply));
      // The supply moves with mints and burns: the screen shows what the API said around the same moment.
      const supply = shownToRaw(await field(page, "Current supply").innerText(), token.data.decimals);
      const now = BigInt((await apiGet<Token>(`/cw20/token/${address}`)).statistics.currentSupply);
      expect([BigInt(token.statistics.currentSupply), now]).toContainEqual(supply);
      await noSidewaysScroll(page);
      await screenshot(page, `token-${suffix}`);

      await page.getByRole("tab", { name: "Holders" }).click();
      const rows = () => panel(page).locator("tbody tr");
      await expect.poll(() => rows().count(), WAIT).toBe(10);
      const firstPage = await apiGet<TokenHoldersPage>(`/cw20/${address}/holders?limit=10`);
      expect(firstPage.nextCursor).toBeTruthy();
      await panel(page).getByRole("button", { name: "Show more" }).click();
      await expect.poll(() => rows().count(), WAIT).toBe(20);
      const accounts = await panel(page)
        .locator("tbody tr td:nth-child(2) a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(new Set(accounts).size).toBe(20);
      const quantities = (await panel(page).locator("tbody tr td:nth-child(3)").allInnerTexts()).map((text) => shownToRaw(text, token.data.decimals));
      expect(quantities.every((quantity, i) => i === 0 || quantity <= quantities[i - 1])).toBe(true);
      expect(await panel(page).locator("tbody tr td:first-child").allInnerTexts()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
      await noSidewaysScroll(page);
      await screenshot(page, `token-holders-${suffix}`);

      await page.getByRole("tab", { name: "Metadata" }).click();
      const info = panel(page).getByLabel("Token information (token_info)");
      await info.waitFor(WAIT);
      expect(JSON.parse(await info.innerText())).toMatchObject({ name: token.data.name, symbol: token.data.symbol, decimals: token.data.decimals });
      expect(JSON.parse(await panel(page).getByLabel("Marketing information (marketing_info)").innerText())).toMatchObject({
        project: token.data.marketing.project,
      });

      await page.getByRole("tab", { name: "Description" }).click();
      if (token.about?.trim()) {
        const link = panel(page).locator("a[href]").first();
        await link.waitFor(WAIT);
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
      } else {
        await panel(page).getByText("The project has not written a description.").waitFor(WAIT);
      }
      expect(await selectedTab(page).innerText()).toBe("Description");
      expect(pageErrors(page)).toEqual([]);
    });

    it("renders the hostile token's description as harmless formatting, and nothing in it runs", async () => {
      const dialogs: string[] = [];
      const { page } = await openPage(browser, `/token/${hostile.address}?tab=description`, {
        viewport,
        setup: async (context) => {
          context.on("page", (opened) =>
            opened.on("dialog", (dialog) => {
              dialogs.push(dialog.message());
              void dialog.dismiss();
            }),
          );
        },
      });
      const description = panel(page);
      await description.locator("b").first().waitFor(WAIT);
      expect(await description.locator("p").count()).toBeGreaterThan(0);
      for (const link of await description.locator("a[href]").all()) {
        expect(await link.getAttribute("href")).toMatch(/^https?:/);
        expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
        expect(await link.getAttribute("target")).toBe("_blank");
      }
      expect(await description.locator("script, img, iframe, svg, style, object, embed, form").count()).toBe(0);
      const liveAttributes = await description
        .locator("*")
        .evaluateAll((elements) =>
          elements.flatMap((element) =>
            [...element.attributes].filter((a) => a.name.startsWith("on") || a.name === "style").map((a) => `${element.localName} ${a.name}`),
          ),
        );
      expect(liveAttributes).toEqual([]);
      // Nothing that could fire later (an image's error handler, a frame) is left, so no dialog can still come.
      expect(dialogs).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await noSidewaysScroll(page);
      await screenshot(page, `token-xss-description-${suffix}`);
    });
  });
}

describe("contract search", () => {
  it("opens a contract address found by the search on the Contract screen", async () => {
    const { page } = await openPage(browser, "/", { viewport: DESKTOP });
    const box = page.getByRole("banner").getByRole("combobox");
    await box.fill(richest.address);
    await box.press("Enter");
    await page.waitForURL(`**/contract/${richest.address}`, WAIT);
    await page.getByRole("heading", { level: 1 }).waitFor(WAIT);
  });
});

describe("description sanitiser in Chromium", () => {
  /** Known payloads: handlers, scripts, foreign schemes, frames, styles, SVG and MathML tricks, mutation XSS. */
  const PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(2)</script>",
    '<a href="javascript:alert(3)">x</a>',
    '<a href=" JaVaScRiPt:alert(4)">x</a>',
    '<a href="jav&#x09;ascript:alert(5)">x</a>',
    '<iframe src="javascript:alert(6)"></iframe>',
    '<iframe srcdoc="<script>alert(7)</script>"></iframe>',
    '<p style="background:url(javascript:alert(8))">styled</p>',
    "<svg onload=alert(9)><circle r=1 /></svg>",
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxMCk8L3NjcmlwdD4=">data</a>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMTEpPjwvc3ZnPg==">',
    "<details open ontoggle=alert(12)><summary>s</summary></details>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(13)></style></mglyph></table></mtext></math>",
    '<noscript><p title="</noscript><img src=x onerror=alert(14)>"></noscript>',
    '<form><button formaction="javascript:alert(15)">go</button></form>',
    '<object data="javascript:alert(16)"></object><embed src="javascript:alert(17)">',
    '<a href="https://ok.example" onclick="alert(18)" style="color:red">ok</a>',
    '<style>body{background:url("javascript:alert(19)")}</style>',
    '<base href="javascript:alert(20)//"><link rel="stylesheet" href="https://evil.example/x.css">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(21)">',
  ];

  it("lets none of the known payloads through, and keeps plain formatting and web links", async () => {
    const bundle = await build({
      configFile: false,
      logLevel: "silent",
      build: { write: false, minify: false, lib: { entry: "web/src/pages/token/safe-html.ts", formats: ["iife"], name: "SafeHtml", fileName: "safe-html" } },
    });
    const code = (Array.isArray(bundle) ? bundle[0] : bundle) as { output: { code: string }[] };
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setContent("<!doctype html><html><body><div id=out></div></body></html>");
    await page.addScriptTag({ content: code.output[0].code });
    const results = await page.evaluate(
      (payloads) =>
        payloads.map((payload) => {
          const html = (window as unknown as { SafeHtml: { sanitizeDescription: (html: string) => string } }).SafeHtml.sanitizeDescription(payload);
          const out = document.getElementById("out")!;
          out.innerHTML += html;
          return html;
        }),
      PAYLOADS,
    );
    for (const [i, html] of results.entries()) {
      expect(html, PAYLOADS[i]).not.toMatch(/<(script|img|iframe|svg|math|style|object|embed|form|button|base|link|meta|noscript|details)\b/i);
      expect(html, PAYLOADS[i]).not.toMatch(/\son\w+=|\sstyle=|javascript:|data:/i);
    }
    // Nothing that could fire later (an image's error handler, a frame) is left, so no dialog can still come.
    expect(dialogs).toEqual([]);
    const links = await page
      .locator("#out a[href]")
      .evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.getAttribute("rel"), a.getAttribute("target")]));
    expect(links).toEqual([["https://ok.example", "noopener noreferrer nofollow", "_blank"]]);

    const formatting = await page.evaluate(() =>
      (window as unknown as { SafeHtml: { sanitizeDescription: (html: string) => string } }).SafeHtml.sanitizeDescription(
        '<p>Hello <b>bold</b> <i>italic</i> <strong>s</strong> <em>e</em><br><a href="mailto:team@axiome.example">mail</a></p><ul><li>one</li></ul>',
      ),
    );
    expect(formatting).toBe(
      '<p>Hello <b>bold</b> <i>italic</i> <strong>s</strong> <em>e</em><br><a href="mailto:team@axiome.example" target="_blank" rel="noopener noreferrer nofollow">mail</a></p><ul><li>one</li></ul>',
    );
    await context.close();
  });
});
