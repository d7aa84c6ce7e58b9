// The shell in a real browser: global search from the header and the phone menu, toasts, language and network
// dropdowns, the phone menu, titles, and the 404 view — at 1280 and 375 px, in English and Russian.
import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, type Viewport } from "./browser.ts";

type Messages = Record<string, any>;
const locale = (language: string, namespace: string): Messages =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/locales/${language}/${namespace}.json`, import.meta.url), "utf8"));
const text = (language: string) => ({ shell: locale(language, "shell"), common: locale(language, "common"), home: locale(language, "home") });

interface Targets {
  height: number;
  hash: string;
  account: string;
  validator: string;
}

/** Screens wait for the API; on a busy machine that can take a few seconds. */
const WAIT = { timeout: 10_000 };

let browser: Browser;
let targets: Targets;

beforeAll(async () => {
  browser = await launchBrowser();
  const latest = await apiGet<{ _id: number; proposerValidator: { address: string } }>("/blocks/latest");
  const txs = await apiGet<{ data: { _id: string }[] }>("/transactions/paginate/10/1");
  targets = {
    height: latest._id - 3,
    hash: txs.data[0]._id,
    account: await someAccount(txs.data.map((tx) => tx._id)),
    validator: latest.proposerValidator.address,
  };
});

/** An account address that signed one of these transactions (validator operations carry none: the next one is tried). */
async function someAccount(hashes: string[]): Promise<string> {
  for (const hash of hashes) {
    const tx = await apiGet<{ tx: { body: { messages: Record<string, unknown>[] } } }>(`/transactions/${hash}`);
    const message = tx.tx.body.messages[0];
    const account = message.from_address ?? message.delegator_address ?? message.sender;
    if (typeof account === "string") return account;
  }
  throw new Error("none of the latest transactions names an account");
}
afterAll(async () => {
  await browser?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The header's search box on desktop; on a phone, the one in the menu (opened first when needed). */
async function headerSearch(page: Page, viewport: Viewport, language: string): Promise<Locator> {
  if (viewport === DESKTOP) return page.getByRole("banner").getByRole("combobox");
  const menu = page.getByRole("dialog", { name: text(language).shell.menu.title });
  if (!(await menu.isVisible())) await page.getByRole("button", { name: text(language).shell.menu.open }).click();
  return menu.getByRole("combobox");
}

async function search(page: Page, viewport: Viewport, language: string, query: string): Promise<void> {
  const box = await headerSearch(page, viewport, language);
  await box.fill(query);
  await box.press("Enter");
}

const SIZES = [
  { name: "1280 en", viewport: DESKTOP, language: "en" },
  { name: "375 ru", viewport: PHONE, language: "ru" },
  { name: "1280 ru", viewport: DESKTOP, language: "ru" },
  { name: "375 en", viewport: PHONE, language: "en" },
];

describe("global search", () => {
  for (const { name, viewport, language } of SIZES) {
    it(`finds a block, a transaction, an account and a validator, and tells what it cannot (${name})`, async () => {
      const t = text(language);
      const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language });
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expect.poll(() => page.title(), WAIT).toBe(`${t.home.title} | AXM Explorer`);

      const found: [string, string][] = [
        [` ${targets.height} `, `/blocks/${targets.height}`],
        [targets.hash, `/transactions/${targets.hash}`],
        [targets.account, `/address/${targets.account}`],
        [targets.validator, `/validator/${targets.validator}`],
      ];
      for (const [query, path] of found) {
        await search(page, viewport, language, query);
        await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe(path);
        if (viewport === PHONE) await expect.poll(() => page.getByRole("dialog").count(), WAIT).toBe(0);
      }

      await search(page, viewport, language, "foo bar!");
      const invalid = page.getByText(t.shell.search.invalid, { exact: true });
      await invalid.waitFor({ state: "visible", timeout: 2_000 });
      const shownAt = Date.now();
      if (name === "375 ru") await screenshot(page, "shell-phone-ru-invalid-search-toast");
      await invalid.waitFor({ state: "hidden", timeout: 4_000 });
      // The exact 2 s is checked with fake timers in SearchBox.test.tsx; here, on a busy machine, roughly 2 s.
      expect(Date.now() - shownAt).toBeGreaterThan(1_500);
      expect(Date.now() - shownAt).toBeLessThan(3_500);
      expect(pathOf(page)).toBe(`/validator/${targets.validator}`);

      await search(page, viewport, language, "nonexistentname123");
      await page.getByText(t.common.nothingFound, { exact: true }).waitFor({ state: "visible", timeout: 10_000 });
      expect(pathOf(page)).toBe(`/validator/${targets.validator}`);
      await context.close();
    });
  }
});

describe("header", () => {
  it("offers the Blockchain menu, a disabled Community Pool, and dropdowns that close on an outside click and Escape", async () => {
    const t = text("en").shell;
    const { context, page } = await openPage(browser, "/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const banner = page.getByRole("banner");
    const blockchain = banner.getByRole("button", { name: t.nav.blockchain });
    await blockchain.click();
    const links = banner.getByRole("link");
    await expect
      .poll(() => links.allTextContents(), WAIT)
      .toEqual(["AXM Explorer", t.nav.blocks, t.nav.transactions, t.nav.validators, t.nav.contracts, t.nav.governance, t.nav.richList, t.nav.charts]);
    expect(await banner.getByRole("link", { name: t.nav.contracts }).getAttribute("href")).toBe("/contracts");
    await screenshot(page, "shell-desktop-en-blockchain-menu");
    await blockchain.click();
    await expect.poll(() => banner.getByRole("link", { name: t.nav.blocks }).count(), WAIT).toBe(0);

    expect(await banner.getByRole("button", { name: new RegExp(t.communityPool) }).isDisabled()).toBe(true);
    expect(await banner.getByRole("button", { name: new RegExp(t.communityPool) }).textContent()).toContain(t.soon);

    const network = banner.getByRole("button", { name: "Network: Devnet" });
    await network.click();
    const devnet = banner.getByRole("link", { name: /Devnet/ });
    expect(await devnet.getAttribute("aria-current")).toBe("true");
    expect(await devnet.textContent()).toContain(t.network.current);
    for (const unavailable of ["Mainnet", "Testnet"]) {
      const entry = banner.getByText(unavailable, { exact: false });
      expect(await entry.textContent()).toContain(t.network.unavailable);
      expect(await banner.getByRole("link", { name: new RegExp(unavailable) }).count()).toBe(0);
    }
    await screenshot(page, "shell-desktop-en-network-menu");
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => devnet.count(), WAIT).toBe(0);
    expect(await network.getAttribute("aria-expanded")).toBe("false");

    await banner.getByRole("button", { name: "Language: English" }).click();
    await expect.poll(() => banner.getByRole("button", { name: "Deutsch" }).count(), WAIT).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => banner.getByRole("button", { name: "Deutsch" }).count(), WAIT).toBe(0);

    await blockchain.click();
    await banner.getByRole("link", { name: t.nav.transactions }).click();
    await expect.poll(() => pathOf(page), WAIT).toBe("/transactions");
    expect(await banner.getByRole("link", { name: t.nav.blocks }).count()).toBe(0);

    const year = new Date().getFullYear();
    expect(await page.getByRole("contentinfo").textContent()).toContain(`© ${year} AXM Explorer`);
    await context.close();
  });

  it("switches to Russian, keeps it after a reload, and titles the page in it", async () => {
    const ru = text("ru");
    const { context, page } = await openPage(browser, "/");
    await page.getByRole("banner").getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("button", { name: "Русский" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe(ru.home.heading);
    expect(await page.getByRole("banner").getByRole("button", { name: ru.shell.nav.blockchain }).count()).toBe(1);
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await expect.poll(() => page.title(), WAIT).toBe(`${ru.home.title} | AXM Explorer`);
    await screenshot(page, "shell-desktop-ru-home");
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe(ru.home.heading);
    expect(await page.getByRole("banner").getByRole("button", { name: "Язык: Русский" }).count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("opens in German for a de-DE browser with nothing stored", async () => {
    const de = text("de");
    const { context, page } = await openPage(browser, "/", { locale: "de-DE" });
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(de.home.heading);
    expect(await page.getByRole("banner").getByRole("button", { name: de.shell.nav.blockchain }).count()).toBe(1);
    await expect.poll(() => page.title(), WAIT).toBe(`${de.home.title} | AXM Explorer`);
    await context.close();
  });
});

describe("keyboard", () => {
  it("reaches the search, the menus and the blocks with Tab, and uses them with Enter (1440 px)", async () => {
    const t = text("en").shell;
    const { context, page } = await openPage(browser, "/", { viewport: { width: 1440, height: 900 } });
    await page.locator('main table tbody tr a[href^="/blocks/"]').first().waitFor(WAIT);
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");
    const tabTo = async (accepts: (name: string) => boolean | Promise<boolean>) => {
      for (let step = 0; step < 20; step++) {
        await page.keyboard.press("Tab");
        if (await accepts(await focusedName())) return;
      }
      throw new Error("not reached with Tab");
    };

    await tabTo(() => page.evaluate(() => document.activeElement?.getAttribute("type") === "search"));
    await page.keyboard.type(String(targets.height));
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page), WAIT).toBe(`/blocks/${targets.height}`);

    await page.goto("/");
    await tabTo((name) => name === t.nav.blockchain);
    await page.keyboard.press("Enter");
    await tabTo((name) => name === t.nav.transactions);
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page), WAIT).toBe("/transactions");

    await page.goto("/");
    await page.locator('main table tbody tr a[href^="/blocks/"]').first().waitFor(WAIT);
    await tabTo((name) => /^\d+$/.test(name));
    const height = await focusedName();
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page), WAIT).toBe(`/blocks/${height}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("layout", () => {
  it("keeps --vh at a hundredth of the window's height on resize", async () => {
    const { context, page } = await openPage(browser, "/");
    const vh = () => page.evaluate(() => document.documentElement.style.getPropertyValue("--vh"));
    await expect.poll(vh, WAIT).toBe(`${DESKTOP.height / 100}px`);
    await page.setViewportSize({ width: 1280, height: 600 });
    await expect.poll(vh, WAIT).toBe("6px");
    await context.close();
  });

  it("opens a route at the top even when its screen shows at once from the cache", async () => {
    // A live devnet block holds from none to sixteen transactions: the fullest of twenty recent ones, so its list is long.
    const recent = await apiGet<{ _id: number; txCnt: number }[]>(`/blocks/${targets.height - 29}-${targets.height - 10}`);
    const fullest = recent.reduce((best, b) => (b.txCnt > best.txCnt ? b : best));
    const block = await apiGet<{ _id: number; txs: { _id: string }[] }>(`/blocks/${fullest._id}`);
    // The lowest row of the block's first page of transactions (ten a page), so the page has to scroll to it.
    const hash = block.txs[Math.min(9, block.txs.length - 1)]._id;
    const { context, page } = await openPage(browser, `/transactions/${hash}`, { viewport: { width: 1280, height: 500 } });
    await page.getByRole("tablist").waitFor(WAIT);
    await page
      .getByRole("main")
      .getByRole("link", { name: String(block._id), exact: true })
      .first()
      .click();
    const txLink = page.locator(`main a[href="/transactions/${hash}"]`);
    await txLink.waitFor(WAIT);
    await txLink.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBeGreaterThan(200);
    await txLink.click();
    await expect.poll(() => pathOf(page), WAIT).toBe(`/transactions/${hash}`);
    await page.getByRole("tablist").waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => window.scrollY), WAIT).toBe(0);
    await context.close();
  });
});

describe("phone menu", () => {
  it("opens, navigates, switches language, and closes on its button and on Escape (375 px)", async () => {
    const en = text("en").shell;
    const { context, page } = await openPage(browser, "/", { viewport: PHONE });
    expect(await page.getByRole("banner").getByRole("combobox").isVisible()).toBe(false);
    const open = page.getByRole("button", { name: en.menu.open });
    await open.click();
    const menu = page.getByRole("dialog", { name: en.menu.title });
    await menu.waitFor();
    expect(await menu.getByRole("button", { name: new RegExp(en.communityPool) }).isDisabled()).toBe(true);
    expect(await menu.getByText("Testnet").textContent()).toContain(en.network.unavailable);
    await screenshot(page, "shell-phone-en-menu");
    await menu.getByRole("link", { name: en.nav.transactions }).click();
    await expect.poll(() => pathOf(page), WAIT).toBe("/transactions");
    await expect.poll(() => menu.count(), WAIT).toBe(0);

    await open.click();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count(), WAIT).toBe(0);
    await open.click();
    await menu.getByRole("button", { name: en.menu.close }).click();
    await expect.poll(() => menu.count(), WAIT).toBe(0);

    await open.click();
    await menu.getByRole("link", { name: en.nav.blocks }).click();
    await expect.poll(() => pathOf(page), WAIT).toBe("/");
    await open.click();
    const ru = text("ru").shell;
    await menu.getByRole("button", { name: "Русский" }).click();
    const ruMenu = page.getByRole("dialog", { name: ru.menu.title });
    await expect.poll(() => ruMenu.getByRole("link", { name: ru.nav.transactions }).count(), WAIT).toBe(1);
    await screenshot(page, "shell-phone-ru-menu");
    await ruMenu.getByRole("button", { name: ru.menu.close }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language")), WAIT).toBe("ru");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("fits a 320 px screen without sideways scrolling", async () => {
    const { context, page } = await openPage(browser, "/", { viewport: { width: 320, height: 640 } });
    await page.locator("tbody tr a").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, "shell-320-home");
    await page.getByRole("button", { name: text("en").shell.menu.open }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });
});

describe("unknown paths", () => {
  it("shows the 404 view for a path with no screen", async () => {
    const { context, page } = await openPage(browser, "/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.title()).toBe("Page not found | AXM Explorer");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
